import type { Context } from 'hono';
import { ADMIN_ACTIONS } from '../../shared/admin';
import * as contracts from '../../shared/contracts/admin';
import type { Contract } from '../../shared/contracts/define';
import type { AuthVariables } from '../http/session';
import type { AppDeps } from '../deps';
import type { JobRunner } from '../jobs';
import { AppError } from '../http/errors';
import { contractRouter, guarded } from '../http/contracts';
import { listActivity, recordActivity, type Actor } from '../activity';
import { allAdminProfiles, listAdminProfiles } from './profiles';
import { profilesCsv, profilesCsvFileName } from './csv';
import { deleteMail, getMail, listMail, listMailForms, mailIdOf, retryMail } from './mail';
import { getBackgroundWork } from './background-work';
import { getOverview } from './overview';
import { changeAdminRole } from './roles';
import { liftSuspension, suspendMember } from './suspension';

type C = Context<{ Variables: AuthVariables }>;

/** Better Auth's ids are URL-safe; anything else names no account. */
function accountIdOf(uid: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(uid)) throw new AppError('NOT_FOUND', 'This account no longer exists.');
  return uid;
}

/**
 * The admin area's API (product.md §3.17, §7.5): overview, all sent mail, all profiles with the CSV download and
 * roles, and the activity log. Every contract's access is 'admin', so guarded() runs requireAdmin before
 * anything else (401 for visitors, 403 for members); admin.test.ts walks every /api/admin route to prove
 * it. State figures and page views have their admin routes in their own features (states/routes.ts,
 * analytics/routes.ts).
 */
export function adminRoutes(deps: AppDeps, jobs: JobRunner) {
  const { db } = deps.database;
  const { config } = deps;
  const g = <const K extends Contract>(k: K) => guarded(deps, k);

  /** The admin who asks (guarded() has checked it), as the activity log names them; nothing here is cached anywhere. */
  function admin(c: C): Actor & { uid: string; email: string } {
    const who = c.get('user')!;
    c.header('Cache-Control', 'no-store');
    return { uid: who.id, email: who.email.toLowerCase() };
  }

  return (
    contractRouter()
      .openapi(g(contracts.getAccess), async (c) => {
        const who = admin(c);
        return c.json({ uid: who.uid, email: who.email, isListedAdmin: config.adminEmails.includes(who.email) }, 200);
      })
      .openapi(g(contracts.getOverview), async (c) => {
        admin(c);
        return c.json(await getOverview(deps, c.req.valid('query')), 200);
      })
      .openapi(g(contracts.getBackgroundWork), async (c) => {
        admin(c);
        return c.json(await getBackgroundWork(deps, jobs), 200);
      })

      // ---- All sent mail ----
      .openapi(g(contracts.listMail), async (c) => {
        admin(c);
        return c.json(await listMail(db, c.req.valid('query')), 200);
      })
      .openapi(g(contracts.listMailForms), async (c) => {
        admin(c);
        return c.json(await listMailForms(db), 200);
      })
      .openapi(g(contracts.getMail), async (c) => {
        admin(c);
        return c.json(await getMail(db, { id: mailIdOf(c.req.valid('param').id) }), 200);
      })
      .openapi(g(contracts.deleteMail), async (c) => {
        const who = admin(c);
        await deleteMail(deps, { actor: who, id: mailIdOf(c.req.valid('param').id) });
        return c.json({ ok: true as const }, 200);
      })
      .openapi(g(contracts.retryMail), async (c) => {
        const who = admin(c);
        return c.json(await retryMail(deps, { actor: who, id: mailIdOf(c.req.valid('param').id) }), 200);
      })

      // ---- All profiles ----
      .openapi(g(contracts.listProfiles), async (c) => {
        admin(c);
        return c.json(await listAdminProfiles(deps, c.req.valid('query')), 200);
      })
      .openapi(g(contracts.exportProfiles), async (c) => {
        const who = admin(c);
        const now = deps.clock.now();
        const profiles = await allAdminProfiles(deps);
        await recordActivity(
          { db, live: deps.live },
          {
            actor: who,
            action: ADMIN_ACTIONS.profilesExported,
            details: { profiles: profiles.length },
            at: now,
          },
        );
        deps.logger.info('profiles exported', { by: who.uid, profiles: profiles.length });
        c.header('Content-Type', 'text/csv; charset=utf-8; header=present');
        c.header('Content-Disposition', `attachment; filename="${profilesCsvFileName(now)}"`);
        return c.body(profilesCsv(profiles));
      })
      .openapi(g(contracts.changeRole), async (c) => {
        const who = admin(c);
        const { isAdmin } = c.req.valid('json');
        return c.json(await changeAdminRole(deps, { actor: who, uid: accountIdOf(c.req.valid('param').uid), isAdmin }), 200);
      })
      .openapi(g(contracts.suspendMember), async (c) => {
        const who = admin(c);
        const { reason } = c.req.valid('json');
        return c.json(await suspendMember(deps, { actor: who, uid: accountIdOf(c.req.valid('param').uid), reason }), 200);
      })
      .openapi(g(contracts.liftSuspension), async (c) => {
        const who = admin(c);
        return c.json(await liftSuspension(deps, { actor: who, uid: accountIdOf(c.req.valid('param').uid) }), 200);
      })

      // ---- Activity log ----
      .openapi(g(contracts.listActivity), async (c) => {
        admin(c);
        return c.json(await listActivity(db, c.req.valid('query')), 200);
      })
  );
}
