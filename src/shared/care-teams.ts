import { z } from 'zod';
import {
  CARE_HELPER_ROLES,
  CARE_MEMBER_STATUSES,
  CARE_ROLE_CODES,
  CARE_TEAM_NAME_MAX,
  CARE_TEAM_STATUSES,
  CARE_TIME_ZONE_CODES,
  careDetailsSchema,
  careTeamHeadSchema,
} from './care';
import { optionalLineOf } from './text';

// Care teams themselves (issue 27, part "teams"): starting one (a foster family for itself, or a church's point
// person for a family of the church, who accepts), the team's page (members, the family's details), and how
// people join (an invitation from the directory, or a single-use link; every joining waits for approval).

// ---- Messages ----

// teamFull names CARE_TEAM_MEMBERS_MAX (12) in words: a catalog message is a literal.
export const CARE_TEAMS_MESSAGES = {
  notFosterParent: /*i18n*/ 'Care teams are started by foster families. If you foster, say so in your profile first.',
  notPointPerson: /*i18n*/ 'Only a point person of this church can start a care team for one of its families.',
  notFamilyOfChurch: /*i18n*/ 'Choose a confirmed member of your church whose profile says foster parent.',
  familyHasTeam: /*i18n*/ 'This family already has a care team.',
  notActive: /*i18n*/ 'This care team is not active.',
  notProposed: /*i18n*/ 'This care team is not waiting for your answer.',
  familyOnly: /*i18n*/ 'Only the family can do this.',
  familyStays: /*i18n*/ 'The family cannot leave its own team. You can end the team instead.',
  alreadyOnTeam: /*i18n*/ 'This member is already on the team, invited or waiting for approval.',
  youAreOnTeam: /*i18n*/ 'You are already on this team, or waiting for approval.',
  teamFull: /*i18n*/ 'This team is full: a team has at most 12 helpers.',
  cannotInvite: /*i18n*/ 'This member cannot be invited: their account is not confirmed or not active.',
  notMember: /*i18n*/ 'This member is not on the team.',
  nothingToApprove: /*i18n*/ 'This member has not asked to join: nothing to approve.',
  nothingToAccept: /*i18n*/ 'You have no invitation to this team waiting for your answer.',
  notOverLeader: /*i18n*/ 'A team leader cannot change or remove the family or another leader.',
  notYourself: /*i18n*/ 'Use "Leave the team" to leave it yourself.',
  detailsNotCleared: /*i18n*/ "You can change the family's details once you are cleared to see them.",
  confirmEmail: /*i18n*/ 'You can join care teams once you confirm your email address.',
} as const;

// ---- Inputs ----

const roleSchema = z.enum(CARE_HELPER_ROLES, { error: /*i18n*/ 'Choose a role' });
const timeZoneSchema = z.enum(CARE_TIME_ZONE_CODES, { error: /*i18n*/ 'Choose a time zone' });
/** The name of a team; blank: "<the family's first name>'s care team", in the family's language. */
const teamNameSchema = optionalLineOf('Team name', CARE_TEAM_NAME_MAX);

/**
 * POST /api/care/teams. Without `familyUid`: a foster family starts its own team. With it (and `churchId`): a
 * point person of that church starts one for a family of the church, who then accepts or declines it.
 */
export const careTeamStartSchema = z.object({
  name: teamNameSchema,
  timeZone: timeZoneSchema.optional(),
  churchId: z.number({ error: /*i18n*/ 'Choose your church' }).int(/*i18n*/ 'Choose your church').min(1).max(2_147_483_647).nullish(),
  familyUid: z
    .string({ error: /*i18n*/ 'Choose the family' })
    .regex(/^[A-Za-z0-9_-]{1,64}$/, /*i18n*/ 'Choose the family')
    .nullish(),
});
export type CareTeamStartInput = z.input<typeof careTeamStartSchema>;

/** PATCH /api/care/teams/{id}: any of the name, the time zone and the family's details. */
export const careTeamEditSchema = z
  .object({
    name: optionalLineOf('Team name', CARE_TEAM_NAME_MAX).optional(),
    timeZone: timeZoneSchema.optional(),
    details: careDetailsSchema.optional(),
  })
  // An empty change is a mistake of the caller's, not nothing to do (the fuzz suite found it answered 500).
  .refine((v) => v.name !== undefined || v.timeZone !== undefined || v.details !== undefined, /*i18n*/ 'Say what to change');
export type CareTeamEditInput = z.input<typeof careTeamEditSchema>;

/** POST /api/care/teams/{id}/invitations: a member picked from the directory, and the role offered. */
export const careInvitationInputSchema = z.object({
  uid: z.string({ error: /*i18n*/ 'Choose a member' }).regex(/^[A-Za-z0-9_-]{1,64}$/, /*i18n*/ 'Choose a member'),
  role: roleSchema,
});
export type CareInvitationInput = z.input<typeof careInvitationInputSchema>;

/** POST /api/care/teams/{id}/invite-links: the role a link offers. */
export const careInviteLinkInputSchema = z.object({ role: roleSchema });

/** PATCH /api/care/teams/{id}/members/{uid}. */
export const careRoleChangeSchema = z.object({ role: roleSchema });

// ---- Answers ----

const churchRef = z.object({ id: z.number().int(), name: z.string() });

export const careTeamStartedSchema = z.object({ id: z.number().int(), status: z.enum(CARE_TEAM_STATUSES) });

/** GET /api/me/care-teams: my teams, what waits for my answer, and what I may start. */
export const myCareTeamsSchema = z
  .object({
    /** Teams I am on (active), or waiting for approval on, and teams I proposed. */
    teams: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        status: z.enum(CARE_TEAM_STATUSES),
        familyFirstName: z.string(),
        church: churchRef.nullable(),
        role: z.enum(CARE_ROLE_CODES),
        memberStatus: z.enum(CARE_MEMBER_STATUSES),
        /** For the family and leaders: members asking to join. */
        waitingApproval: z.number().int(),
      }),
    ),
    /** Invitations from a family or leader, waiting for my answer. */
    invitations: z.array(
      z.object({
        teamId: z.number().int(),
        teamName: z.string(),
        familyFirstName: z.string(),
        church: churchRef.nullable(),
        role: z.enum(CARE_ROLE_CODES),
      }),
    ),
    /** Teams a point person started for me (the family), waiting for my answer. */
    proposals: z.array(z.object({ teamId: z.number().int(), teamName: z.string(), church: churchRef.nullable(), startedBy: z.string() })),
    /** Members asking to join teams I manage. */
    waitingApproval: z.number().int(),
    /** My profile says foster parent and I have no team yet. */
    mayStart: z.boolean(),
    /** The churches I keep, with their foster families who have no team yet. */
    churchesToStartFor: z.array(churchRef.extend({ families: z.array(z.object({ uid: z.string(), name: z.string() })) })),
  })
  .meta({ id: 'MyCareTeams' });
export type MyCareTeams = z.infer<typeof myCareTeamsSchema>;

export const careTeamMemberSchema = z.object({
  uid: z.string(),
  name: z.string(),
  role: z.enum(CARE_ROLE_CODES),
  status: z.enum(CARE_MEMBER_STATUSES),
  /** Holds the clearances the role requires (a yes or no; never the records). */
  cleared: z.boolean(),
  isMe: z.boolean(),
  /** The reader may approve, change the role of, or remove this member. */
  mayManage: z.boolean(),
});
export type CareTeamMember = z.infer<typeof careTeamMemberSchema>;

/** GET /api/care/teams/{id}. */
export const careTeamPageSchema = z
  .object({
    team: careTeamHeadSchema,
    /** Active members for everyone on the team; invited and requested ones for those who manage it. */
    members: z.array(careTeamMemberSchema),
    /** The family's practical details, when the reader may see them. */
    details: z
      .object({
        address: z.string().nullable(),
        food: z.string().nullable(),
        bestTimes: z.string().nullable(),
        childrenAges: z.array(z.number().int()),
      })
      .nullable(),
    /** The clearances the reader still needs for their role and to see the family's details (by name). */
    stillNeeds: z.array(z.string()),
    may: z.object({ manage: z.boolean(), end: z.boolean(), leave: z.boolean(), editDetails: z.boolean() }),
  })
  .meta({ id: 'CareTeamPage' });
export type CareTeamPage = z.infer<typeof careTeamPageSchema>;

export const careInviteLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });

/** GET /api/care/join/{token}: what an invitation link offers. */
export const careJoinOfferSchema = z
  .object({
    teamId: z.number().int(),
    teamName: z.string(),
    familyFirstName: z.string(),
    church: churchRef.nullable(),
    role: z.enum(CARE_ROLE_CODES),
    roleDescription: z.string(),
    /** My status on the team already, if any. */
    myStatus: z.enum(CARE_MEMBER_STATUSES).nullable(),
  })
  .meta({ id: 'CareJoinOffer' });
export type CareJoinOffer = z.infer<typeof careJoinOfferSchema>;
