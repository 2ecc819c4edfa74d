import { Hono, type Context } from 'hono';
import {
  activityListQuerySchema,
  ADMIN_ACTIONS,
  mailListQuerySchema,
  overviewQuerySchema,
  profileListQuerySchema,
  roleChangeSchema,
  suspensionSchema,
  type AdminAccess,
} from '../../shared/admin';
import { requireAdmin, type AuthVariables } from '../auth/session';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { readJson, readQuery } from '../http/validate';
import { listActivity, recordActivity, type Actor } from './activity';
import { allAdminProfiles, listAdminProfiles } from './profiles';
import { profilesCsv, profilesCsvFileName } from './csv';
import { deleteMail, getMail, listMail, listMailForms, mailIdOf, retryMail } from './mail';
import { getOverview } from './overview';
import { changeAdminRole } from './roles';
import { liftSuspension, suspendMember } from './suspension';

type C = Context<{ Variables: AuthVariables }>;

/** Better Auth's ids are URL-safe; anything else names no account. */
function accountIdOf(c: C): string {
  const uid = c.req.param('uid') ?? '';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(uid)) throw new AppError('NOT_FOUND', 'This account no longer exists.');
  return uid;
}

/**
 * The admin area's API (SPEC §2 Admin, §6): overview, all sent mail, all profiles with the CSV download and
 * roles, and the activity log. Every route starts with requireAdmin (401 for visitors, 403 for members);
 * admin.test.ts walks every /api/admin route to prove it. State figures and page views have their admin
 * routes in their own features (states/routes.ts, analytics/routes.ts).
 */
export function adminRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const { config } = deps;
  const app = new Hono<{ Variables: AuthVariables }>();

  /** The admin who asks, as the activity log names them; nothing here is cached anywhere. */
  async function admin(c: C): Promise<Actor & { uid: string; email: string }> {
    const who = await requireAdmin(c, db, config);
    c.header('Cache-Control', 'no-store');
    return { uid: who.id, email: who.email.toLowerCase() };
  }

  app.get('/admin/access', async (c) => {
    const who = await admin(c);
    const access: AdminAccess = { uid: who.uid, email: who.email, isListedAdmin: config.adminEmails.includes(who.email) };
    return c.json(access);
  });

  app.get('/admin/overview', async (c) => {
    await admin(c);
    const { days } = readQuery(c, overviewQuerySchema);
    return c.json(await getOverview(db, config, deps.clock, days));
  });

  // ---- All sent mail ----
  app.get('/admin/mail', async (c) => {
    await admin(c);
    return c.json(await listMail(db, readQuery(c, mailListQuerySchema)));
  });

  app.get('/admin/mail/forms', async (c) => {
    await admin(c);
    return c.json(await listMailForms(db));
  });

  app.get('/admin/mail/:id', async (c) => {
    await admin(c);
    return c.json(await getMail(db, mailIdOf(c.req.param('id'))));
  });

  app.delete('/admin/mail/:id', async (c) => {
    const who = await admin(c);
    await deleteMail(deps, who, mailIdOf(c.req.param('id')));
    return c.json({ ok: true });
  });

  app.post('/admin/mail/:id/retry', async (c) => {
    const who = await admin(c);
    return c.json(await retryMail(deps, who, mailIdOf(c.req.param('id'))));
  });

  // ---- All profiles ----
  app.get('/admin/profiles', async (c) => {
    await admin(c);
    return c.json(await listAdminProfiles(db, config, readQuery(c, profileListQuerySchema)));
  });

  app.get('/admin/profiles.csv', async (c) => {
    const who = await admin(c);
    const now = deps.clock.now();
    const profiles = await allAdminProfiles(db, config);
    await recordActivity(db, deps.live, {
      actor: who,
      action: ADMIN_ACTIONS.profilesExported,
      details: { profiles: profiles.length },
      at: now,
    });
    deps.logger.info('profiles exported', { by: who.uid, profiles: profiles.length });
    c.header('Content-Type', 'text/csv; charset=utf-8; header=present');
    c.header('Content-Disposition', `attachment; filename="${profilesCsvFileName(now)}"`);
    return c.body(profilesCsv(profiles));
  });

  app.put('/admin/profiles/:uid/role', async (c) => {
    const who = await admin(c);
    const { isAdmin } = await readJson(c, roleChangeSchema);
    return c.json(await changeAdminRole(deps, who, accountIdOf(c), isAdmin));
  });

  app.put('/admin/profiles/:uid/suspension', async (c) => {
    const who = await admin(c);
    const { reason } = await readJson(c, suspensionSchema);
    return c.json(await suspendMember(deps, who, accountIdOf(c), reason));
  });

  app.delete('/admin/profiles/:uid/suspension', async (c) => {
    const who = await admin(c);
    return c.json(await liftSuspension(deps, who, accountIdOf(c)));
  });

  // ---- Activity log ----
  app.get('/admin/activity', async (c) => {
    await admin(c);
    const { before } = readQuery(c, activityListQuerySchema);
    return c.json(await listActivity(db, before));
  });

  return app;
}
