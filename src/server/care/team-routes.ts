import type { Context } from 'hono';
import * as contracts from '../../shared/contracts/care-teams';
import type { AppDeps } from '../deps';
import { clientIp } from '../http/client-ip';
import { contractRouter, guarded } from '../http/contracts';
import { actsAsAdmin, type SessionInfo, type SessionUser } from '../http/session';
import { localeOf } from '../i18n';
import type { RateLimiter } from '../rate-limit/rate-limit';
import { CARE_INVITE_RATE_MESSAGE, CARE_INVITE_RULES } from '../rate-limit/rules';
import type { CareViewer } from './access';
import {
  acceptInvitation,
  approveMember,
  changeRole,
  createInviteLink,
  inviteToTeam,
  joinByLink,
  joinOffer,
  leaveTeam,
  removeMember,
} from './members';
import { answerProposal, careTeamPage, editCareTeam, endCareTeam, myCareTeams, startCareTeam } from './teams';

/**
 * Care teams themselves and who is on them (issue 27, part "teams"). Nothing is kept in memory: every answer is
 * private to its reader. An admin reads a team only past the second factor (without it, an admin is a member).
 */
export function careTeamRoutes(deps: AppDeps, limiter: RateLimiter) {
  const viewer = async (c: Context, who: SessionUser): Promise<CareViewer> => ({
    uid: who.id,
    admin: await actsAsAdmin(deps.database.db, deps.config, who, c.get('session') as SessionInfo | null),
  });
  // Invitations by the directory and by link share one budget per member, and one per client.
  const inviting = (c: Context, uid: string) =>
    limiter.hit(
      [
        { key: `care-invite:${uid}`, rule: CARE_INVITE_RULES.member },
        { key: `care-invite:ip:${clientIp(c, deps.config.trustProxy)}`, rule: CARE_INVITE_RULES.client },
      ],
      CARE_INVITE_RATE_MESSAGE,
    );
  const ok = { ok: true as const };
  return contractRouter()
    .openapi(guarded(deps, contracts.startCareTeam), async (c) => {
      return c.json(await startCareTeam(deps, c.get('member'), c.req.valid('json')), 201);
    })
    .openapi(guarded(deps, contracts.acceptCareTeam), async (c) => {
      await answerProposal(deps, c.get('member'), c.req.valid('param').id, true);
      return c.json(ok, 200);
    })
    .openapi(guarded(deps, contracts.declineCareTeam), async (c) => {
      await answerProposal(deps, c.get('member'), c.req.valid('param').id, false);
      return c.json(ok, 200);
    })
    .openapi(guarded(deps, contracts.myCareTeams), async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.json(await myCareTeams(deps, c.get('member')), 200);
    })
    .openapi(guarded(deps, contracts.getCareTeam), async (c) => {
      const who = c.get('member');
      c.header('Cache-Control', 'private, no-store');
      return c.json(await careTeamPage(deps, await viewer(c, who), c.req.valid('param').id, localeOf(c)), 200);
    })
    .openapi(guarded(deps, contracts.editCareTeam), async (c) => {
      const who = c.get('member');
      await editCareTeam(deps, await viewer(c, who), who, c.req.valid('param').id, c.req.valid('json'));
      return c.json(ok, 200);
    })
    .openapi(guarded(deps, contracts.endCareTeam), async (c) => {
      const who = c.get('member');
      await endCareTeam(deps, await viewer(c, who), who, c.req.valid('param').id);
      return c.json(ok, 200);
    })
    .openapi(guarded(deps, contracts.inviteToCareTeam), async (c) => {
      const who = c.get('member');
      await inviting(c, who.id);
      await inviteToTeam(deps, await viewer(c, who), who, c.req.valid('param').id, c.req.valid('json'));
      return c.json(ok, 201);
    })
    .openapi(guarded(deps, contracts.createCareInviteLink), async (c) => {
      const who = c.get('member');
      await inviting(c, who.id);
      c.header('Cache-Control', 'no-store');
      return c.json(await createInviteLink(deps, await viewer(c, who), who, c.req.valid('param').id, c.req.valid('json').role), 201);
    })
    .openapi(guarded(deps, contracts.careJoinOffer), async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.json(await joinOffer(deps, c.get('member'), c.req.valid('param').token), 200);
    })
    .openapi(guarded(deps, contracts.joinCareTeam), async (c) => {
      return c.json(await joinByLink(deps, c.get('member'), c.req.valid('param').token), 200);
    })
    .openapi(guarded(deps, contracts.acceptCareInvitation), async (c) => {
      const who = c.get('member');
      await acceptInvitation(deps, await viewer(c, who), who, c.req.valid('param').id);
      return c.json(ok, 200);
    })
    .openapi(guarded(deps, contracts.leaveCareTeam), async (c) => {
      const who = c.get('member');
      await leaveTeam(deps, await viewer(c, who), who, c.req.valid('param').id);
      return c.json(ok, 200);
    })
    .openapi(guarded(deps, contracts.approveCareMember), async (c) => {
      const who = c.get('member');
      const { id, uid } = c.req.valid('param');
      await approveMember(deps, await viewer(c, who), who, id, uid);
      return c.json(ok, 200);
    })
    .openapi(guarded(deps, contracts.changeCareRole), async (c) => {
      const who = c.get('member');
      const { id, uid } = c.req.valid('param');
      await changeRole(deps, await viewer(c, who), who, id, uid, c.req.valid('json').role);
      return c.json(ok, 200);
    })
    .openapi(guarded(deps, contracts.removeCareMember), async (c) => {
      const who = c.get('member');
      const { id, uid } = c.req.valid('param');
      await removeMember(deps, await viewer(c, who), who, id, uid);
      return c.json(ok, 200);
    });
}
