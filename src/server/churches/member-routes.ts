import type { Context } from 'hono';
import * as contracts from '../../shared/contracts/church-members';
import { CHURCH_NOT_FOUND } from '../../shared/churches';
import type { AppDeps } from '../deps';
import { contractRouter, guarded, type MemberEnv } from '../http/contracts';
import { AppError } from '../http/errors';
import { actsAsAdmin } from '../http/session';
import type { RateLimiter } from '../rate-limit/rate-limit';
import {
  CHURCH_MESSAGE_RATE_MESSAGES,
  CHURCH_MESSAGE_RULES,
  CHURCH_PROPOSAL_RATE_MESSAGE,
  CHURCH_PROPOSAL_RULE,
} from '../rate-limit/rules';
import { photoLimit, photoRate, readPhotoUpload } from '../profiles';
import { claimChurch, leaveChurch, myChurch, newMembersOfMyChurch, pickChurches, proposeChurch } from './belonging';
import {
  confirmMember,
  getChurchToManage,
  messageMembers,
  readChurchPhoto,
  requireKeeper,
  removeChurchPhoto,
  removeMember,
  saveChurchPhoto,
  updateChurch,
  type Keeper,
} from './manage';

/** A church's photo upload: like the member's, its body is larger than the JSON limit (app.ts) and has its own. */
export function isChurchPhotoUpload(method: string, path: string): boolean {
  return method === 'POST' && /^\/api\/churches\/[^/]+\/photo$/.test(path);
}

/** Who asks on a point person's route, and whether this session may act as an admin (past the second factor). */
async function keeperOf(deps: AppDeps, c: Context<MemberEnv>): Promise<Keeper> {
  const who = c.get('member');
  return { who, asAdmin: await actsAsAdmin(deps.database.db, deps.config, who, c.get('session')) };
}

/**
 * Members and point persons (issue 25): the profile form's picker, my church, proposals, and the point person's
 * page of a church. Nothing here is kept in memory: each answer is one member's own, and changes with a click.
 * Registered before the finder's routes (app.ts), so that /churches/pick is not read as a church's id.
 */
export function churchMemberRoutes(deps: AppDeps, limiter: RateLimiter) {
  const upload = guarded(deps, contracts.uploadChurchPhoto);
  const rate = photoRate(limiter);
  const uploadChecks: [...typeof upload.middleware, typeof rate, typeof photoLimit] = [...upload.middleware, rate, photoLimit];

  return (
    contractRouter()
      .openapi(guarded(deps, contracts.pickChurch), async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json({ churches: await pickChurches(deps, c.req.valid('query')) }, 200);
      })
      .openapi(guarded(deps, contracts.getMyChurch), async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await myChurch(deps, { who: c.get('member') }), 200);
      })
      .openapi(guarded(deps, contracts.getMyChurchNewMembers), async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await newMembersOfMyChurch(deps, { who: c.get('member') }), 200);
      })
      .openapi(guarded(deps, contracts.claimChurch), async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await claimChurch(deps, { who: c.get('member'), churchId: c.req.valid('json').churchId }), 200);
      })
      .openapi(guarded(deps, contracts.leaveChurch), async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await leaveChurch(deps, { who: c.get('member') }), 200);
      })
      .openapi(guarded(deps, contracts.proposeChurch), async (c) => {
        const who = c.get('member');
        const proposal = c.req.valid('json');
        await limiter.hit([{ key: `church-proposal:${who.id}`, rule: CHURCH_PROPOSAL_RULE }], CHURCH_PROPOSAL_RATE_MESSAGE);
        c.header('Cache-Control', 'no-store');
        return c.json(await proposeChurch(deps, { who, proposal }), 201);
      })
      .openapi(guarded(deps, contracts.getChurchManage), async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await getChurchToManage(deps, await keeperOf(deps, c), c.req.valid('param').id), 200);
      })
      .openapi(guarded(deps, contracts.updateChurch), async (c) => {
        c.header('Cache-Control', 'no-store');
        const { id } = c.req.valid('param');
        return c.json(await updateChurch(deps, await keeperOf(deps, c), id, c.req.valid('json')), 200);
      })
      .openapi({ ...upload, middleware: uploadChecks }, async (c) => {
        const { id } = c.req.valid('param');
        const keeper = await keeperOf(deps, c);
        const { photo, crop } = await readPhotoUpload(c);
        return c.json(await saveChurchPhoto(deps, keeper, { id, data: photo, crop }), 200);
      })
      .openapi(guarded(deps, contracts.removeChurchPhoto), async (c) => {
        await removeChurchPhoto(deps, await keeperOf(deps, c), c.req.valid('param').id);
        return c.json({ photoUrl: null }, 200);
      })
      // As a member's photo (profiles/routes.ts): who may see it is checked before the ETag; the current version
      // is kept for good. An active church's photo is public, so any cache may keep it; another one's only its
      // viewer's browser.
      .openapi(guarded(deps, contracts.getChurchPhoto), async (c) => {
        const { id } = c.req.valid('param');
        const viewer = c.get('user');
        c.header('Cache-Control', 'no-store');
        const photo = await readChurchPhoto(deps, {
          id,
          viewer,
          actsAsAdmin: () => actsAsAdmin(deps.database.db, deps.config, viewer, c.get('session')),
        });
        if (!photo) throw new AppError('NOT_FOUND', CHURCH_NOT_FOUND);
        const isCurrent = c.req.query('v') === String(photo.version);
        const etag = `"${photo.version}"`;
        const scope = photo.isPublic ? 'public' : 'private';
        c.header('Cache-Control', isCurrent ? `${scope}, max-age=31536000, immutable` : `${scope}, no-cache`);
        if (!photo.isPublic) c.header('Vary', 'Cookie');
        c.header('ETag', etag);
        if (c.req.header('if-none-match') === etag) return c.body(null, 304);
        c.header('Content-Type', 'image/jpeg');
        return c.body(new Uint8Array(photo.data), 200);
      })
      .openapi(guarded(deps, contracts.confirmChurchMember), async (c) => {
        await confirmMember(deps, await keeperOf(deps, c), c.req.valid('param'));
        return c.json({ ok: true as const }, 200);
      })
      .openapi(guarded(deps, contracts.removeChurchMember), async (c) => {
        await removeMember(deps, await keeperOf(deps, c), c.req.valid('param'));
        return c.json({ ok: true as const }, 200);
      })
      .openapi(guarded(deps, contracts.messageChurchMembers), async (c) => {
        const keeper = await keeperOf(deps, c);
        const { id } = c.req.valid('param');
        const input = c.req.valid('json');
        // Who may write is checked first: only a point person's (or an admin's) messages count against their budget.
        await requireKeeper(deps, keeper, id);
        const key = `church-message:${keeper.who.id}`;
        await limiter.hit([{ key: `${key}:hour`, rule: CHURCH_MESSAGE_RULES.hour }], CHURCH_MESSAGE_RATE_MESSAGES.hour);
        await limiter.hit([{ key: `${key}:day`, rule: CHURCH_MESSAGE_RULES.day }], CHURCH_MESSAGE_RATE_MESSAGES.day);
        return c.json(await messageMembers(deps, keeper, { id, input }), 202);
      })
  );
}
