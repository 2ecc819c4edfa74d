import { z } from 'zod';
import { adminNeedFiguresSchema } from './need-figures';
import { storedProfileFieldsSchema } from './profile';
import { stateStatSchema } from './state-stat';
import { queryTextOf, textOf } from './text';

// The admin area (product.md §3.17, §5.7 admin check and §5.8 mail delivery, §7.5): query schemas, limits and the
// shapes the admin API answers. Every route under /api/admin checks on the server that an admin asks.

/** product.md §4.4 Mail item, "delivery information added by the system". */
export const DELIVERY_STATES = ['PENDING', 'PROCESSING', 'SUCCESS', 'ERROR', 'RETRY'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export const ADMIN_MAIL_PAGE_SIZE = 25;
export const ADMIN_PROFILES_PAGE_SIZE = 50;
export const ADMIN_ACTIVITY_PAGE_SIZE = 50;
export const ADMIN_SEARCH_MAX = 100;
export const MAIL_FORM_MAX = 100;
/** The periods the overview's charts cover, in days. */
export const OVERVIEW_DAY_RANGES = [7, 30, 90, 365] as const;
export const OVERVIEW_DEFAULT_DAYS = 30;

/** Live topics (src/shared/live.ts) the admin pages follow; all three are for admins only. */
export const ADMIN_TOPICS = { mail: 'mail', users: 'users', activity: 'activity' } as const;

/** What the activity log records (`admin_activity.action`). */
export const ADMIN_ACTIONS = {
  mailDeleted: 'mail.delete',
  mailRetried: 'mail.retry',
  roleGranted: 'role.grant',
  roleRevoked: 'role.revoke',
  profilesExported: 'profiles.export',
  stateEdited: 'state.update',
  twoFactorReset: 'two-factor.reset',
  memberSuspended: 'member.suspend',
  suspensionLifted: 'member.unsuspend',
  // Churches (issue 25): the admin area's churches section.
  churchCreated: 'church.create',
  churchEdited: 'church.update',
  churchApproved: 'church.approve',
  churchDeclined: 'church.decline',
  churchMerged: 'church.merge',
  churchArchived: 'church.archive',
  churchRestored: 'church.restore',
  churchPointPersonsSet: 'church.point-persons',
  churchMemberLinked: 'church.link',
  churchesExported: 'churches.export',
  // The needs board (issue 26): caseworker accounts, and the queue of requests waiting for approval.
  caseworkerApproved: 'caseworker.approve',
  caseworkerDeclined: 'caseworker.decline',
  needApproved: 'need.approve',
  needDeclined: 'need.decline',
  // The needs board (issue 26): an admin closes a need someone else asked.
  needClosed: 'need.close',
  // Clearances (issue 27): requirements, and members' records an admin keeps.
  clearanceRequirementCreated: 'clearance-requirement.create',
  clearanceRequirementEdited: 'clearance-requirement.update',
  clearanceRecorded: 'clearance.record',
  clearanceRemoved: 'clearance.remove',
} as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[keyof typeof ADMIN_ACTIONS];

/** How the log says it, after the actor's email: "… deleted a mail item". */
export const ADMIN_ACTION_LABELS: Record<AdminAction, string> = {
  'mail.delete': /*i18n*/ 'deleted a mail item',
  'mail.retry': /*i18n*/ 'retried a mail item',
  'role.grant': /*i18n*/ 'made an admin',
  'role.revoke': /*i18n*/ 'removed an admin',
  'profiles.export': /*i18n*/ 'downloaded all profiles (CSV)',
  'state.update': /*i18n*/ 'edited state figures',
  'two-factor.reset': /*i18n*/ 'cleared two-step sign-in',
  'member.suspend': /*i18n*/ 'suspended a member',
  'member.unsuspend': /*i18n*/ 'lifted a suspension',
  'church.create': /*i18n*/ 'added a church',
  'church.update': /*i18n*/ 'edited a church',
  'church.approve': /*i18n*/ 'approved a proposed church',
  'church.decline': /*i18n*/ 'declined a proposed church',
  'church.merge': /*i18n*/ 'merged a church into another',
  'church.archive': /*i18n*/ 'archived a church',
  'need.close': /*i18n*/ 'closed a need',
  'church.restore': /*i18n*/ 'restored a church',
  'church.point-persons': /*i18n*/ "set a church's point persons",
  'church.link': /*i18n*/ 'linked a member to their church',
  'churches.export': /*i18n*/ 'downloaded all churches (CSV)',
  'caseworker.approve': /*i18n*/ 'approved a caseworker',
  'caseworker.decline': /*i18n*/ 'declined a caseworker',
  'need.approve': /*i18n*/ 'approved a need',
  'need.decline': /*i18n*/ 'declined a need',
  'clearance-requirement.create': /*i18n*/ 'added a clearance requirement',
  'clearance-requirement.update': /*i18n*/ 'changed a clearance requirement',
  'clearance.record': /*i18n*/ "recorded a member's clearance",
  'clearance.remove': /*i18n*/ "removed a member's clearance record",
};

/** A list position: the time in microseconds since 1970 and the uuid of the last row shown. */
const cursorSchema = z
  .string()
  .regex(/^\d{1,17}\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, /*i18n*/ 'Not a list position')
  .optional();

/** GET /api/admin/mail: newest first, optionally one form and one delivery state; `before` continues. */
export const mailListQuerySchema = z.object({
  form: queryTextOf('Form', MAIL_FORM_MAX, /*i18n*/ 'Unknown form'),
  state: z
    .union([z.enum(DELIVERY_STATES, { error: /*i18n*/ 'Unknown delivery state' }), z.literal('')])
    .optional()
    .transform((s) => (s ? s : undefined)),
  before: cursorSchema,
});
export type MailListQuery = z.input<typeof mailListQuerySchema>;

export const PROFILE_SORTS = ['signedUp', 'savedAt', 'name', 'email', 'state', 'church', 'fosterKids'] as const;
export type ProfileSort = (typeof PROFILE_SORTS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** GET /api/admin/profiles: a page of every account's profile, searched and sorted on the server. */
export const profileListQuerySchema = z.object({
  q: queryTextOf('Search words', ADMIN_SEARCH_MAX),
  sort: z.enum(PROFILE_SORTS, { error: /*i18n*/ 'Unknown sort' }).default('signedUp'),
  dir: z.enum(SORT_DIRECTIONS, { error: /*i18n*/ 'Sort asc or desc' }).default('desc'),
  page: z.coerce.number({ error: /*i18n*/ 'Not a page number' }).int(/*i18n*/ 'Not a page number').min(1).max(100_000).default(1),
});
export type ProfileListQuery = z.input<typeof profileListQuerySchema>;

/** A mail item that is gone, or an id that cannot be one. */
export const MAIL_NOT_FOUND = /*i18n*/ 'This mail item does not exist (it may have been deleted).';
/** An account that is gone (deleted meanwhile), or an id that cannot be one. */
export const ACCOUNT_NOT_FOUND = /*i18n*/ 'This account no longer exists.';

/** PUT /api/admin/profiles/:uid/role. */
export const roleChangeSchema = z.object({ isAdmin: z.boolean({ error: /*i18n*/ 'isAdmin must be true or false' }) });

export const SUSPENSION_REASON_MAX = 500;

/** PUT /api/admin/profiles/:uid/suspension: why, in words the member is sent. */
export const suspensionSchema = z.object({ reason: textOf('Reason', SUSPENSION_REASON_MAX) });

/** GET /api/admin/activity. */
export const activityListQuerySchema = z.object({ before: cursorSchema });

/** GET /api/admin/overview. */
export const overviewQuerySchema = z.object({
  days: z.coerce
    .number()
    .refine((n) => (OVERVIEW_DAY_RANGES as readonly number[]).includes(n), /*i18n*/ 'Choose one of the periods the overview offers.')
    .default(OVERVIEW_DEFAULT_DAYS),
});

// ---- What the admin API answers -------------------------------------------------------------------

/** GET /api/admin/access: the admin check of the admin page (product.md §5.7). */
export const adminAccessSchema = z.object({
  uid: z.string(),
  email: z.string(),
  /** Listed in ADMIN_EMAILS: an admin whatever the profile says, and nobody can revoke it here. */
  isListedAdmin: z.boolean(),
});
export type AdminAccess = z.infer<typeof adminAccessSchema>;

const isoTime = z.iso.datetime();

export const adminMailSummarySchema = z
  .object({
    id: z.string(),
    form: z.string(),
    date: isoTime,
    to: z.string(),
    replyTo: z.string().nullable(),
    subject: z.string(),
    state: z.enum(DELIVERY_STATES),
    attempts: z.number().int(),
    startTime: isoTime.nullable(),
    endTime: isoTime.nullable(),
    /** The last failure's message (kept while a retry is pending; cleared by a success). */
    error: z.string().nullable(),
  })
  .meta({ id: 'AdminMailSummary' });
export type AdminMailSummary = z.infer<typeof adminMailSummarySchema>;

export const adminMailEventSchema = z.object({
  at: isoTime,
  state: z.enum(DELIVERY_STATES),
  attempt: z.number().int(),
  detail: z.string().nullable(),
});
export type AdminMailEvent = z.infer<typeof adminMailEventSchema>;

export const adminMailDetailSchema = adminMailSummarySchema
  .extend({
    text: z.string(),
    /** The HTML part as stored: show it only in a sandboxed frame (see mailPreviewDocument). */
    html: z.string(),
    events: z.array(adminMailEventSchema),
  })
  .meta({ id: 'AdminMailDetail' });
export type AdminMailDetail = z.infer<typeof adminMailDetailSchema>;

export const adminMailListResponseSchema = z.object({ items: z.array(adminMailSummarySchema), nextCursor: z.string().nullable() });
export type AdminMailListResponse = z.infer<typeof adminMailListResponseSchema>;
export const mailFormsResponseSchema = z.object({ forms: z.array(z.object({ form: z.string(), count: z.number().int() })) });
export type MailFormsResponse = z.infer<typeof mailFormsResponseSchema>;

export const adminProfileSchema = storedProfileFieldsSchema
  .extend({
    uid: z.string(),
    email: z.string(),
    /** product.md §4.2 "date last saved"; null until the member saves the form. */
    savedAt: isoTime.nullable(),
    signedUpAt: isoTime,
    /** Effective: the profile's flag, or listed in ADMIN_EMAILS. */
    isAdmin: z.boolean(),
    isListedAdmin: z.boolean(),
    photoUrl: z.string().nullable(),
    /** The account's address is confirmed (by its link, or by Google). */
    emailVerified: z.boolean(),
    /** Set while the account is suspended. */
    suspendedAt: isoTime.nullable(),
    suspensionReason: z.string().nullable(),
  })
  .meta({ id: 'AdminProfile' });
export type AdminProfile = z.infer<typeof adminProfileSchema>;

export const adminProfileListResponseSchema = z.object({
  profiles: z.array(adminProfileSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminProfileListResponse = z.infer<typeof adminProfileListResponseSchema>;

/** PUT /api/admin/profiles/:uid/role: the account's address and its role now. */
export const roleChangeResultSchema = z.object({ email: z.string(), isAdmin: z.boolean() });
export type RoleChangeResult = z.infer<typeof roleChangeResultSchema>;

/** PUT /api/admin/profiles/:uid/suspension. */
export const suspendedSchema = z.object({ uid: z.string(), email: z.string(), suspendedAt: isoTime, suspensionReason: z.string() });
export type Suspended = z.infer<typeof suspendedSchema>;
/** DELETE /api/admin/profiles/:uid/suspension. */
export const suspensionLiftedSchema = z.object({ uid: z.string(), email: z.string(), suspendedAt: z.null(), suspensionReason: z.null() });
export type SuspensionLifted = z.infer<typeof suspensionLiftedSchema>;

export const activityEntrySchema = z
  .object({
    id: z.string(),
    at: isoTime,
    actorUid: z.string().nullable(),
    /** Null for the command line. */
    actorEmail: z.string().nullable(),
    action: z.enum(ADMIN_ACTIONS),
    target: z.string().nullable(),
    details: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'ActivityEntry' });
export type ActivityEntry = z.infer<typeof activityEntrySchema>;
export const activityListResponseSchema = z.object({ entries: z.array(activityEntrySchema), nextCursor: z.string().nullable() });
export type ActivityListResponse = z.infer<typeof activityListResponseSchema>;

export const adminOverviewSchema = z
  .object({
    days: z.number().int(),
    /** Start of the first day of the period (UTC). */
    since: isoTime,
    totals: z.object({
      /** Every account. */
      users: z.number().int(),
      /** Accounts whose member has saved the profile form. */
      profiles: z.number().int(),
      /** product.md §3.17: "total foster kids", the sum of numberOfFosterKids. */
      fosterKids: z.number().int(),
      fosterParents: z.number().int(),
      admins: z.number().int(),
    }),
    /** States where members have saved a profile, most members first. */
    byState: z.array(z.object({ code: z.string(), name: z.string(), members: z.number().int(), fosterChildren: z.number().int() })),
    /** New accounts per UTC day of the period, every day listed (zeros included). */
    signUps: z.array(z.object({ day: z.iso.date(), count: z.number().int() })),
    /** Mail items per delivery state, all time. */
    mail: z.record(z.enum(DELIVERY_STATES), z.number().int()),
    /** Notification mail (every form named "notification: …") delivered per UTC day of the period, zeros included. */
    notificationMail: z.array(z.object({ day: z.iso.date(), count: z.number().int() })),
    /** The same mail over the period by form, most first; and how many of it failed for good. */
    notificationMailByForm: z.array(z.object({ form: z.string(), count: z.number().int() })),
    notificationMailFailed: z.number().int(),
    /** Churches that joined the network (approved or added) per UTC month, the last 12 months, oldest first, zeros included. */
    churchesJoining: z.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), count: z.number().int() })),
    /** The needs board (issue 26): needs asked and met per month, and how fast needs find help, by state. */
    needs: adminNeedFiguresSchema,
  })
  .meta({ id: 'AdminOverview' });
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

/**
 * The overview's "Background work" panel (decision 030): whether the site's unattended work happens. What
 * the database knows holds across instances (the last digest, the last backup, the mail waiting); each job's
 * runs are those of the instance that answers.
 */
export const backgroundWorkSchema = z
  .object({
    /** The server's time when it answered: ages are counted from it, not from the browser's clock. */
    now: isoTime,
    digest: z.object({
      /** Whether this instance makes digests (DIGEST_CHECK_MINUTES above 0). */
      isOn: z.boolean(),
      /** When the latest digests were made, and how many members got one then; null: none yet. */
      lastMadeAt: isoTime.nullable(),
      lastCount: z.number().int(),
    }),
    backup: z.object({
      /** Whether scheduled backups are on (BACKUP_DIR). */
      isOn: z.boolean(),
      /** The latest scheduled backup's start and end (null while it runs), and its archive or why it failed; null: none yet. */
      last: z
        .object({
          startedAt: isoTime,
          finishedAt: isoTime.nullable(),
          file: z.string().nullable(),
          bytes: z.number().int().nullable(),
          error: z.string().nullable(),
        })
        .nullable(),
      /** The latest one that succeeded, when the latest did not. */
      lastGoodAt: isoTime.nullable(),
    }),
    mail: z.object({
      /** Mail still to be sent (waiting, being sent, or to be tried again), and since when the oldest of it waits. */
      waiting: z.number().int(),
      oldestWaitingSince: isoTime.nullable(),
    }),
    /** Each job this instance runs, in the order they were declared. */
    jobs: z.array(
      z.object({
        name: z.string(),
        title: z.string(),
        /** How often it looks, in milliseconds. */
        everyMs: z.number().int(),
        isRunning: z.boolean(),
        runs: z.number().int(),
        failures: z.number().int(),
        lastSuccessAt: isoTime.nullable(),
        lastFailureAt: isoTime.nullable(),
        lastError: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'BackgroundWork' });
export type BackgroundWork = z.infer<typeof backgroundWorkSchema>;

export const adminStateRowSchema = stateStatSchema
  .extend({
    /** Changed by an admin since the figures were loaded from the data file. */
    isEdited: z.boolean(),
    updatedByEmail: z.string().nullable(),
  })
  .meta({ id: 'AdminStateRow' });
export type AdminStateRow = z.infer<typeof adminStateRowSchema>;
export const adminStatesResponseSchema = z.object({ states: z.array(adminStateRowSchema) });
export type AdminStatesResponse = z.infer<typeof adminStatesResponseSchema>;

// ---- The HTML preview of a mail item ----------------------------------------------------------------

/**
 * Loads nothing and runs nothing: no scripts, no remote images, fonts, styles or frames, no forms. The
 * frame's sandbox (no allow-scripts, no allow-same-origin) already stops scripts; this policy also stops
 * the loads a sandbox allows (a remote image would tell its sender that an admin opened the message).
 */
export const MAIL_PREVIEW_CSP =
  "default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:; form-action 'none'; base-uri 'none'";

/** The srcdoc of the preview frame: the message's HTML behind its own Content-Security-Policy. */
export function mailPreviewDocument(html: string): string {
  // The doctype and meta come first, so the policy is in force before any of the message is parsed; the
  // message's own doctype, html and head tags are then ignored or merged by the parser.
  return `<!doctype html><meta http-equiv="Content-Security-Policy" content="${MAIL_PREVIEW_CSP}"><meta name="referrer" content="no-referrer">${html}`;
}
