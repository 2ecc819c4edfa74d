import { z } from 'zod';
import { CARE_INVITE_USED, CARE_TEAM_NOT_FOUND } from '../care';
import {
  careInvitationInputSchema,
  careInviteLinkInputSchema,
  careInviteLinkSchema,
  careJoinOfferSchema,
  careRoleChangeSchema,
  careTeamEditSchema,
  careTeamPageSchema,
  careTeamStartedSchema,
  careTeamStartSchema,
  CARE_TEAMS_MESSAGES,
  myCareTeamsSchema,
} from '../care-teams';
import { contract, errors, json, jsonBody, okSchema } from './define';
import { accountId, serialId } from './params';

// Care teams (issue 27, part "teams"): starting a team, its page, and who is on it. Every route answers an
// outsider with the same 404 whether the team exists or not (src/server/care/access.ts decides).

const tags: ['Care teams'] = ['Care teams'];
const idParams = z.object({ id: serialId(CARE_TEAM_NOT_FOUND, "A care team's id") });
const memberParams = idParams.extend({ uid: accountId(CARE_TEAMS_MESSAGES.notMember, "A member's id") });
/** An invitation link's secret: 43 URL-safe characters (32 random bytes); anything else names no invitation. */
const tokenParams = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, CARE_INVITE_USED)
    .meta({ description: "The secret of a care team's invitation link" }),
});
const teamChanged = json(okSchema, 'Done');

export const startCareTeam = contract({
  method: 'post',
  path: '/care/teams',
  access: 'member',
  tags,
  summary:
    "Start a care team: a foster family for itself (active at once), or a church's point person for a foster family of the church (proposed: the family is told and accepts or declines)",
  request: { body: jsonBody(careTeamStartSchema) },
  responses: { 201: json(careTeamStartedSchema, 'Started'), ...errors(404, 409) },
});

export const acceptCareTeam = contract({
  method: 'post',
  path: '/care/teams/{id}/accept',
  access: 'member',
  tags,
  summary: 'The family accepts a team a point person started for it: the team becomes active',
  request: { params: idParams },
  responses: { 200: teamChanged, ...errors(409) },
});

export const declineCareTeam = contract({
  method: 'post',
  path: '/care/teams/{id}/decline',
  access: 'member',
  tags,
  summary: 'The family declines a team a point person started for it: the team ends and the family leaves it',
  request: { params: idParams },
  responses: { 200: teamChanged, ...errors(409) },
});

export const myCareTeams = contract({
  method: 'get',
  path: '/me/care-teams',
  access: 'member',
  tags,
  summary: 'My care teams, the invitations and proposals waiting for my answer, and what I may start',
  responses: { 200: json(myCareTeamsSchema, 'My care teams') },
});

export const getCareTeam = contract({
  method: 'get',
  path: '/care/teams/{id}',
  access: 'member',
  tags,
  summary:
    "A team's page: its members (whether each is cleared for their role, never the records), the family's details when the reader may see them, and what the reader may do",
  request: { params: idParams },
  responses: { 200: json(careTeamPageSchema, 'The team') },
});

export const editCareTeam = contract({
  method: 'patch',
  path: '/care/teams/{id}',
  access: 'member',
  tags,
  summary: "Change a team's name, time zone or the family's details (the family or a leader)",
  request: { params: idParams, body: jsonBody(careTeamEditSchema) },
  responses: { 200: teamChanged, ...errors(409) },
});

export const endCareTeam = contract({
  method: 'post',
  path: '/care/teams/{id}/end',
  access: 'member',
  tags,
  summary: 'The family ends its team: everyone on it is told, and its calendar stops',
  request: { params: idParams },
  responses: { 200: teamChanged, ...errors(409) },
});

export const inviteToCareTeam = contract({
  method: 'post',
  path: '/care/teams/{id}/invitations',
  access: 'member',
  tags,
  summary: 'Invite a member from the directory in a role (the family or a leader); they are mailed and their bell rings',
  request: { params: idParams, body: jsonBody(careInvitationInputSchema) },
  responses: { 201: teamChanged, ...errors(409, 429) },
});

export const createCareInviteLink = contract({
  method: 'post',
  path: '/care/teams/{id}/invite-links',
  access: 'member',
  tags,
  summary: 'A single-use invitation link for a role (the family or a leader); its secret is shown this once',
  request: { params: idParams, body: jsonBody(careInviteLinkInputSchema) },
  responses: { 201: json(careInviteLinkSchema, 'The link'), ...errors(409, 429) },
});

export const careJoinOffer = contract({
  method: 'get',
  path: '/care/join/{token}',
  access: 'member',
  tags,
  summary: "What an invitation link offers: the team's name, the family's first name, the church and the role",
  request: { params: tokenParams },
  responses: { 200: json(careJoinOfferSchema, 'The invitation') },
});

export const joinCareTeam = contract({
  method: 'post',
  path: '/care/join/{token}',
  access: 'member',
  tags,
  summary: 'Ask to join through an invitation link (used up): the family or a leader approves',
  request: { params: tokenParams },
  responses: { 200: json(z.object({ teamId: z.number().int() }), 'Asked'), ...errors(409) },
});

export const acceptCareInvitation = contract({
  method: 'post',
  path: '/care/teams/{id}/membership/accept',
  access: 'member',
  tags,
  summary: 'Say yes to an invitation: I wait for the family or a leader to approve',
  request: { params: idParams },
  responses: { 200: teamChanged, ...errors(409) },
});

export const leaveCareTeam = contract({
  method: 'delete',
  path: '/care/teams/{id}/membership',
  access: 'member',
  tags,
  summary: 'Decline an invitation, withdraw my request, or leave the team (my claims are withdrawn)',
  request: { params: idParams },
  responses: { 200: teamChanged },
});

export const approveCareMember = contract({
  method: 'post',
  path: '/care/teams/{id}/members/{uid}/approve',
  access: 'member',
  tags,
  summary: 'Approve a member who asked to join (the family or a leader); they are told',
  request: { params: memberParams },
  responses: { 200: teamChanged, ...errors(409) },
});

export const changeCareRole = contract({
  method: 'patch',
  path: '/care/teams/{id}/members/{uid}',
  access: 'member',
  tags,
  summary: "Change a member's role (the family; a leader for members other than leaders)",
  request: { params: memberParams, body: jsonBody(careRoleChangeSchema) },
  responses: { 200: teamChanged, ...errors(409) },
});

export const removeCareMember = contract({
  method: 'delete',
  path: '/care/teams/{id}/members/{uid}',
  access: 'member',
  tags,
  summary: 'Remove a member (the family anyone; a leader anyone but the family and other leaders); their claims are withdrawn',
  request: { params: memberParams },
  responses: { 200: teamChanged },
});
