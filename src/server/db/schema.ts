import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// ---- Better Auth core tables (user, session, account, verification) -------------------------------
// Column names follow Better Auth's Drizzle adapter (provider "pg"); the adapter maps by property name.

export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** Better Auth's two-factor plugin: true once the member has confirmed an authenticator app. */
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  /** The member's language ('en' or 'es', decision 043): the site's and their mail's. Null: never chosen (English mail). */
  locale: text('locale'),
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** When this session passed a second factor (TOTP or a recovery code); null if it never did. */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
  },
  (t) => [index('session_user_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_user_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/** Better Auth's two-factor plugin: the TOTP secret and the recovery codes (both encrypted by it). */
export const twoFactor = pgTable(
  'two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('two_factor_user_idx').on(t.userId), index('two_factor_secret_idx').on(t.secret)],
);

// ---- Email confirmation links (ours, not Better Auth's stateless ones: ours work once) -------------
// Only a hash of the token is stored. 'verify' confirms the account's current address; 'change' moves the
// account to `email` once that address confirms. A new link for the same account and purpose replaces
// the old one.

export const emailToken = pgTable(
  'email_token',
  {
    tokenHash: text('token_hash').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify', 'change'] }).notNull(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('email_token_uid_idx').on(t.uid, t.purpose)],
);

// ---- Member profile (product.md §4.2 "User profile") -----------------------------------------------
// One row per account, created with the account so isAdmin has a home before the member fills the form.
// savedAt stays null until the member saves the form: that is what "has a profile" means.

export const yesNo = pgEnum('yes_no', ['Yes', 'No']);

/**
 * What the directory's search box looks in (see directory/queries.ts): name, church, city and organisations
 * as one lower-cased text. Built with || rather than concat_ws, which PostgreSQL does not call immutable, so
 * the same expression can carry the trigram index below.
 */
export function directorySearchText(t: {
  firstName: AnyPgColumn;
  lastName: AnyPgColumn;
  church: AnyPgColumn;
  city: AnyPgColumn;
  orgAg: AnyPgColumn;
  orgOther: AnyPgColumn;
}) {
  const parts = [t.firstName, t.lastName, t.church, t.city, t.orgAg, t.orgOther].map((c) => sql`coalesce(${c}, '')`);
  return sql`lower(${sql.join(parts, sql` || ' ' || `)})`;
}

/** The members the directory can list, as the partial indexes' condition (isListed adds a verified address). */
const listable = (t: { agAffiliated: AnyPgColumn; savedAt: AnyPgColumn; suspendedAt: AnyPgColumn }) =>
  sql`${t.agAffiliated} = 'Yes' and ${t.savedAt} is not null and ${t.suspendedAt} is null`;

export const profile = pgTable(
  'profile',
  {
    uid: text('uid')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    agAffiliated: yesNo('ag_affiliated'),
    agCredentialed: yesNo('ag_credentialed'),
    agChurch: yesNo('ag_church'),
    church: text('church'),
    city: text('city'),
    state: text('state').notNull().default('NONE'),
    userZip: text('user_zip'),
    streetAddress: text('street_address'),
    comments: text('comments'),
    fosterParent: yesNo('foster_parent'),
    numberOfFosterKids: integer('number_of_foster_kids'),
    orgAg: text('org_ag'),
    orgAgTitle: text('org_ag_title'),
    orgAgUrl: text('org_ag_url'),
    orgOther: text('org_other'),
    orgOtherTitle: text('org_other_title'),
    orgOtherUrl: text('org_other_url'),
    socialMedia: text('social_media'),
    isAdmin: boolean('is_admin').notNull().default(false),
    photoVersion: integer('photo_version'),
    /** Set while an admin has suspended the account: no sign-in, not listed, no member mail. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspensionReason: text('suspension_reason'),
  },
  (t) => [
    index('profile_email_idx').on(t.email),
    // The directory's order (last name, first name, uid; see directory/queries.ts) over the members it can
    // list: its first page, and each next one, read 26 entries of this index instead of sorting everyone.
    index('profile_directory_idx')
      .on(sql`lower(coalesce(${t.lastName}, ''))`, sql`lower(coalesce(${t.firstName}, ''))`, t.uid)
      .where(listable(t)),
    // The directory's search: trigrams of the searchable text, so a word found anywhere in it (LIKE '%word%')
    // reads the few members who have it instead of every listed member. pg_trgm ships with PostgreSQL and
    // PGlite (migration 0006 creates the extension).
    index('profile_search_idx')
      .using('gin', sql`${directorySearchText(t)} gin_trgm_ops`)
      .where(listable(t)),
  ],
);

// ---- Mail outbox (product.md §4.4 "Mail item") -----------------------------------------------------

export const deliveryState = pgEnum('delivery_state', ['PENDING', 'PROCESSING', 'SUCCESS', 'ERROR', 'RETRY']);

export type MailMessage = {
  subject: string;
  text: string;
  html: string;
  /** Extra headers of this message (the List-Unsubscribe pair of notification mail); none for other mail. */
  headers?: Record<string, string>;
};

export const mail = pgTable(
  'mail',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    form: text('form').notNull(),
    date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    message: jsonb('message').$type<MailMessage>().notNull(),
    state: deliveryState('state').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    startTime: timestamp('start_time', { withTimezone: true }),
    endTime: timestamp('end_time', { withTimezone: true }),
    error: text('error'),
    info: jsonb('info').$type<Record<string, unknown>>(),
    /** When a PENDING or RETRY item may next be attempted (backoff). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Which worker claimed a PROCESSING item, so a crashed worker's items can be recovered. */
    lockedBy: text('locked_by'),
  },
  (t) => [
    index('mail_due_idx').on(t.state, t.nextAttemptAt),
    // The admin's mail log: newest first, continued from (date, id) of the last item shown (keyset pages),
    // over all mail or one form or one delivery state.
    index('mail_date_idx').on(t.date, t.id),
    index('mail_form_date_idx').on(t.form, t.date, t.id),
    index('mail_state_date_idx').on(t.state, t.date, t.id),
  ],
);

/** Every state change of every mail item, for the admin's view and for diagnosing delivery. */
export const mailEvent = pgTable(
  'mail_event',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mailId: uuid('mail_id')
      .notNull()
      .references(() => mail.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    state: deliveryState('state').notNull(),
    attempt: integer('attempt').notNull().default(0),
    detail: text('detail'),
  },
  (t) => [index('mail_event_mail_idx').on(t.mailId, t.at)],
);

// ---- Rate limits (fixed windows, shared by every app instance through the database) ---------------

export const rateLimit = pgTable(
  'rate_limit',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limit_window_idx').on(t.windowStart)],
);

// ---- Per-state foster-care counts (the map and fact sheets; admins edit them) ----------------------

export const stateStat = pgTable('state_stat', {
  /** Two-letter code, or 'US' for the national figure. */
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  /** Null when unknown (DC in the 2021 sheets): shown as "not available", never 0. */
  childrenInFosterCare: integer('children_in_foster_care'),
  sourceUrl: text('source_url'),
  /**
   * Who counted (e.g. "AFCARS") and the year the count is for (2021 for AFCARS FY2021): what the pages print
   * beside the figure, rather than the day a visitor reads it. Null when an admin's count names neither.
   */
  countSource: text('count_source'),
  countYear: integer('count_year'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** The admin who last edited the row; null for the seeded data. */
  updatedBy: text('updated_by'),
});

// ---- First-party page-view analytics ---------------------------------------------------------------
// No cookie and no stored address: the visitor key is a hash of the client with a salt that changes
// every day and is then deleted, so keys cannot be linked across days or back to a person.

export const pageView = pgTable(
  'page_view',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    path: text('path').notNull(),
    referrer: text('referrer'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    visitorKey: text('visitor_key').notNull(),
  },
  (t) => [index('page_view_at_idx').on(t.at), index('page_view_path_idx').on(t.path)],
);

export const analyticsSalt = pgTable('analytics_salt', {
  /** UTC day, YYYY-MM-DD. */
  day: text('day').primaryKey(),
  salt: text('salt').notNull(),
});

// ---- Forum (product.md §4.3 Post and PostResponse) ---------------------------------------------------
// Authors' names and email are copied onto what they write, as product.md §4.3 lists. When an account is deleted,
// poster_uid becomes null (the row stays, shown as from a former member) and the account's deletion clears
// poster_email. Keyword search uses PostgreSQL full-text search: `search` holds a post's title, body and,
// through `responses_search` (kept up to date by the forum service), the words of its responses.

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** What posts and responses copy of their author, and their dates (a new set of columns per table). */
const authorColumns = () => ({
  posterUid: text('poster_uid').references(() => user.id, { onDelete: 'set null' }),
  posterFirstName: text('poster_first_name').notNull(),
  posterLastName: text('poster_last_name').notNull(),
  posterEmail: text('poster_email'),
  postDate: timestamp('post_date', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const postCategory = pgTable(
  'post_category',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('post_category_name_key').on(sql`lower(${t.name})`)],
);

export const post = pgTable(
  'post',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...authorColumns(),
    postTitle: text('post_title').notNull(),
    post: text('post').notNull(),
    postCategory: integer('post_category')
      .notNull()
      .references(() => postCategory.id, { onDelete: 'restrict' }),
    /** The language the author wrote in ('en' or 'es', issue 28): lists filter by it, and search stems by it. */
    language: text('language').notNull().default('en'),
    /** The words of the post's responses (positions stripped), rewritten with each change of a response. */
    responsesSearch: tsvector('responses_search'),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector(CASE WHEN language = 'es' THEN 'spanish'::regconfig ELSE 'english'::regconfig END, post_title), 'A') || setweight(to_tsvector(CASE WHEN language = 'es' THEN 'spanish'::regconfig ELSE 'english'::regconfig END, post), 'B') || coalesce(responses_search, ''::tsvector)`,
      ),
  },
  (t) => [
    // Newest first, continued from (post_date, id) of the last post shown: keyset pagination.
    index('post_date_idx').on(t.postDate, t.id),
    index('post_category_date_idx').on(t.postCategory, t.postDate, t.id),
    index('post_poster_idx').on(t.posterUid),
    index('post_search_idx').using('gin', t.search),
  ],
);

export const postResponse = pgTable(
  'post_response',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    originalPostId: integer('original_post_id')
      .notNull()
      .references(() => post.id, { onDelete: 'cascade' }),
    ...authorColumns(),
    post: text('post').notNull(),
  },
  (t) => [index('post_response_post_idx').on(t.originalPostId, t.postDate, t.id), index('post_response_poster_idx').on(t.posterUid)],
);

// ---- Admin activity log ------------------------------------------------------------------------------
// Who did what in the admin area (mail deleted or retried, roles changed, profiles exported, state figures
// edited), and role changes made with the command line. The actor's uid and email are copied, not
// referenced: the record outlives the account.

export const adminActivity = pgTable(
  'admin_activity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Null when the change came from the command line (npm run admin). */
    actorUid: text('actor_uid'),
    actorEmail: text('actor_email'),
    /** One of ADMIN_ACTIONS (src/shared/admin.ts). */
    action: text('action').notNull(),
    /** What was acted on: a mail id, an email address, a state code; null for an export. */
    target: text('target'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    // Newest first, continued from (at, id) of the last entry shown.
    index('admin_activity_at_idx').on(t.at, t.id),
    index('admin_activity_actor_idx').on(t.actorUid, t.at),
  ],
);

// ---- Background work claimed once per period (decision 030) ---------------------------------------------
// A job that must run once per period across instances (the scheduled backups of decision 023) inserts the
// row of (job, period) before it runs: the instance whose insert succeeds does the period's work, the others
// skip it. The row then records how it went: when it ended, what it made (the backup's archive), or why it
// failed. A period whose row exists is done, however it went; the next period tries again.

export const jobRun = pgTable(
  'job_run',
  {
    /** The job's name, as declared in src/server/site-jobs.ts ('backup'). */
    job: text('job').notNull(),
    /** The start of the period this run is for. */
    period: timestamp('period', { withTimezone: true }).notNull(),
    /** Which instance took it (host:pid:random). */
    instance: text('instance').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /**
     * Until when the instance running it holds the claim: it renews this while the run goes on. A run not finished
     * whose hold has passed belongs to an instance that stopped (killed, or its machine gone): another takes it over.
     * Empty on rows claimed before holds existed, which are never taken over.
     */
    heldUntil: timestamp('held_until', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** What the run made, as the job records it (a backup: the archive's file name, size and SHA-256). */
    result: jsonb('result').$type<Record<string, unknown>>(),
    /** Why it failed, when it did. */
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.job, t.period] })],
);

// ---- Notifications (issue 16, decision 025) ----------------------------------------------------------
// A member follows a post they wrote or responded to, automatically, and any post or category they choose.
// `following` false is an explicit unfollow: it sticks, so a later response of theirs does not follow again.

export const postFollow = pgTable(
  'post_follow',
  {
    uid: text('uid')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    postId: integer('post_id')
      .notNull()
      .references(() => post.id, { onDelete: 'cascade' }),
    following: boolean('following').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The followers (and explicit unfollowers) of a post, read with each new response.
  (t) => [primaryKey({ columns: [t.uid, t.postId] }), index('post_follow_post_idx').on(t.postId)],
);

export const categoryFollow = pgTable(
  'category_follow',
  {
    uid: text('uid')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => postCategory.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.uid, t.categoryId] }), index('category_follow_category_idx').on(t.categoryId)],
);

/** One of NOTIFICATION_KINDS (src/shared/notifications.ts). */
export const notification = pgTable(
  'notification',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipientUid: text('recipient_uid')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['response', 'followed_response', 'need', 'care'] }).notNull(),
    /** Who did it; null once their account is deleted (the name copied stays, as on the forum). */
    actorUid: text('actor_uid').references(() => user.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    /** The post of a response's notification; null for a need's. */
    postId: integer('post_id').references(() => post.id, { onDelete: 'cascade' }),
    responseId: integer('response_id').references(() => postResponse.id, { onDelete: 'cascade' }),
    /** The need a 'need' notification announces (issue 26); null for the forum's. */
    needId: integer('need_id').references((): AnyPgColumn => need.id, { onDelete: 'cascade' }),
    /** The care team a 'care' notification is about (issue 27), and what happened, in a few words. */
    careTeamId: integer('care_team_id').references((): AnyPgColumn => careTeam.id, { onDelete: 'cascade' }),
    careText: text('care_text'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    // "My latest", newest first, continued from (created_at, id): keyset pages.
    index('notification_recipient_idx').on(t.recipientUid, t.createdAt, t.id),
    // "My unread": the bell's count reads only the unread ones.
    index('notification_unread_idx')
      .on(t.recipientUid)
      .where(sql`${t.readAt} is null`),
    // Deleting a response or an account finds its notifications without reading them all.
    index('notification_response_idx').on(t.responseId),
    index('notification_actor_idx').on(t.actorUid),
    index('notification_need_idx').on(t.needId),
    index('notification_care_team_idx').on(t.careTeamId),
    // Every notification is about a post, a need or a care team; only a need's is about a need, and only a
    // care notification is about a team.
    check(
      'notification_subject_check',
      sql`(${t.kind} = 'need') = (${t.needId} is not null) and (${t.kind} = 'care') = (${t.careTeamId} is not null) and (${t.postId} is not null or ${t.needId} is not null or ${t.careTeamId} is not null)`,
    ),
  ],
);

/** Per member, created the first time they change something: no row means the defaults. */
export const notificationPreference = pgTable('notification_preference', {
  uid: text('uid')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  /** Mail at once when somebody responds to my post. */
  mailResponse: boolean('mail_response').notNull().default(true),
  /** Mail at once when somebody responds in a post I follow. */
  mailFollowedResponse: boolean('mail_followed_response').notNull().default(true),
  /** Mail when a need near the member (their alert) or near their church (a point person's) is announced. */
  mailNeed: boolean('mail_need').notNull().default(true),
  /** Mail about the member's care teams: claims, withdrawals, reminders, the family's Sunday summary, updates. */
  mailCare: boolean('mail_care').notNull().default(true),
  digest: text('digest', { enum: ['off', 'daily', 'weekly'] })
    .notNull()
    .default('weekly'),
  /** The digest's last frequency other than off: what the undo of a digest's one-click unsubscribe restores. */
  lastDigest: text('last_digest', { enum: ['daily', 'weekly'] }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---- The digest (issue 16, decision 026) -------------------------------------------------------------
// One row per member and period: the instance that inserts it (in the transaction that queues the mail)
// makes that member's digest for that period, so however many instances run, each member gets one. A row is
// written even when there was nothing to send: it marks the period done, and where the next digest starts.
// What each digest listed is kept in its row (arrays, not rows of their own: no foreign-key checks per post,
// and a post deleted since is simply never listed again).

export const digestRun = pgTable(
  'digest_run',
  {
    uid: text('uid')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The end of the period (a daily or weekly boundary); the digest covers [since, period_end). */
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    frequency: text('frequency', { enum: ['daily', 'weekly'] }).notNull(),
    since: timestamp('since', { withTimezone: true }).notNull(),
    /** Which instance made it (host:pid:random). */
    instance: text('instance').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** How many posts it listed (its mail is the member's 'notification: digest' of that time); 0: nothing new, no mail. */
    postCount: integer('post_count').notNull().default(0),
    /** The new posts of followed categories it listed, and the most active ones: each post in one digest of a member's only. */
    newPosts: integer('new_posts')
      .array()
      .notNull()
      .default(sql`'{}'`),
    activePosts: integer('active_posts')
      .array()
      .notNull()
      .default(sql`'{}'`),
  },
  (t) => [
    primaryKey({ columns: [t.uid, t.periodEnd] }),
    // Old periods with nothing sent are removed after a while (only a member's latest is read for where to start).
    index('digest_run_empty_idx')
      .on(t.periodEnd)
      .where(sql`${t.postCount} = 0`),
    // The admin's "last digest" (decision 030): the latest period some member got a digest for.
    index('digest_run_sent_idx')
      .on(t.periodEnd)
      .where(sql`${t.postCount} > 0`),
  ],
);

// ---- Churches (issue 25, decision 034) -----------------------------------------------------------------
// A church of the network: its public page, where it is (the centroid of its ZIP code, and that point on the
// site's US map), what it offers, and who keeps it. A proposal waits for an admin (status 'proposed'); an
// archived church keeps its members but leaves every list.

export const churchStatus = pgEnum('church_status', ['proposed', 'active', 'archived']);

export const church = pgTable(
  'church',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    ag: boolean('ag').notNull(),
    agDistrict: text('ag_district'),
    /** Null while a proposal has only its town; public once set (a church is a public place). */
    street: text('street'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    /** The ZIP code's centroid (src/server/churches/geo.ts), rewritten whenever the ZIP code changes. */
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** That point on the site's US map (Albers USA, 975 × 610); null outside it. */
    mapX: doublePrecision('map_x'),
    mapY: doublePrecision('map_y'),
    website: text('website'),
    phone: text('phone'),
    description: text('description'),
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{en}'::text[]`),
    offers: text('offers')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    photoVersion: integer('photo_version'),
    status: churchStatus('status').notNull(),
    proposedBy: text('proposed_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** When an admin approved it (or made it active): the admin's chart of churches joining per month. */
    activeSince: timestamp('active_since', { withTimezone: true }),
  },
  (t) => [
    // The finder: a box of latitudes around the ZIP code searched, among active churches.
    index('church_active_latitude_idx')
      .on(t.latitude, t.longitude)
      .where(sql`${t.status} = 'active'`),
    index('church_status_state_idx').on(t.status, t.state, t.name),
    // Names alike (the picker, and linking members' free-text church names): trigrams of the lower-cased name.
    index('church_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
  ],
);

/** The members who keep a church's page (one to three; admins assign them). */
export const churchPointPerson = pgTable(
  'church_point_person',
  {
    churchId: integer('church_id')
      .notNull()
      .references(() => church.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    since: timestamp('since', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.churchId, t.uid] }), index('church_point_person_uid_idx').on(t.uid)],
);

export const churchMembershipStatus = pgEnum('church_membership_status', ['claimed', 'confirmed']);

/** A member's church (one each): said by the member, confirmed by a point person. Only confirmed ones count. */
export const churchMember = pgTable(
  'church_member',
  {
    uid: text('uid')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    churchId: integer('church_id')
      .notNull()
      .references(() => church.id, { onDelete: 'cascade' }),
    status: churchMembershipStatus('status').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [index('church_member_church_idx').on(t.churchId, t.status)],
);

// ---- The needs board (issue 26) ----

export const needKind = pgEnum('need_kind', ['items', 'meals', 'rides', 'respite', 'other']);
export const needUrgency = pgEnum('need_urgency', ['urgent', 'normal']);
export const needStatus = pgEnum('need_status', ['supervisor', 'review', 'open', 'closed', 'declined', 'expired']);
export const needOutcome = pgEnum('need_outcome', ['met', 'partly_met', 'not_met']);
export const needAskedAs = pgEnum('need_asked_as', ['family', 'church', 'caseworker', 'admin']);
export const needCloseReason = pgEnum('need_close_reason', ['asker', 'admin', 'expired', 'asker_deleted']);
export const caseworkerStatus = pgEnum('caseworker_status', ['applied', 'approved', 'declined']);

/**
 * A person from a child-welfare agency: their account's address is their work address. An admin approves the
 * application; each request they write then goes to their supervisor's work address for approval.
 */
export const caseworker = pgTable(
  'caseworker',
  {
    uid: text('uid')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    agency: text('agency').notNull(),
    supervisorName: text('supervisor_name').notNull(),
    supervisorEmail: text('supervisor_email').notNull(),
    status: caseworkerStatus('status').notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
    declineReason: text('decline_reason'),
  },
  (t) => [index('caseworker_status_idx').on(t.status, t.appliedAt)],
);

/** A foster family's concrete need. No column exists for anything that would identify a child. */
export const need = pgTable(
  'need',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Who asked; null once their account is deleted (their open needs close then). */
    askerUid: text('asker_uid').references(() => user.id, { onDelete: 'set null' }),
    askedAs: needAskedAs('asked_as').notNull(),
    /** The language the asker wrote in ('en' or 'es', issue 28): the board filters by it. */
    language: text('language').notNull().default('en'),
    /** The church a point person asked for; null otherwise. */
    churchId: integer('church_id').references(() => church.id, { onDelete: 'set null' }),
    /** A caseworker's agency and supervisor, as they were when the request was written. */
    agency: text('agency'),
    supervisorName: text('supervisor_name'),
    supervisorEmail: text('supervisor_email'),
    /** SHA-256 of the supervisor's single-use link's token, and when the link stops working; cleared once used. */
    supervisorTokenHash: text('supervisor_token_hash'),
    supervisorLinkExpiresAt: timestamp('supervisor_link_expires_at', { withTimezone: true }),
    kind: needKind('kind').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    /** The ZIP code's centroid (never the family's address) and its point on the site's map. */
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    mapX: doublePrecision('map_x'),
    mapY: doublePrecision('map_y'),
    urgency: needUrgency('urgency').notNull(),
    status: needStatus('status').notNull(),
    /** When the asker confirmed that the family agreed to the request. */
    familyConsentAt: timestamp('family_consent_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** When it went on the board, and who let it (null for a supervisor's approval from the link). */
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvedBy: text('approved_by').references(() => user.id, { onDelete: 'set null' }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    /** The radius it is routed within now (15, then 30 and 60 miles), and the last one announced. */
    radiusMiles: integer('radius_miles').notNull().default(15),
    announcedMiles: integer('announced_miles'),
    widenedAt: timestamp('widened_at', { withTimezone: true }),
    /** Reminders to record the outcome sent so far (at 14 and 28 days). */
    remindersSent: integer('reminders_sent').notNull().default(0),
    firstCommitmentAt: timestamp('first_commitment_at', { withTimezone: true }),
    /** When every unit of every item was committed (the "time to met" the admin's overview shows). */
    fullyCommittedAt: timestamp('fully_committed_at', { withTimezone: true }),
    outcome: needOutcome('outcome'),
    closeReason: needCloseReason('close_reason'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: text('closed_by').references(() => user.id, { onDelete: 'set null' }),
    childrenServed: integer('children_served'),
    thankYou: text('thank_you'),
  },
  (t) => [
    // The board: open needs near a ZIP code (a box of latitudes), and by state.
    index('need_open_latitude_idx')
      .on(t.latitude, t.longitude)
      .where(sql`${t.status} = 'open'`),
    index('need_status_state_idx').on(t.status, t.state, t.approvedAt),
    // The routing job's "what is left to announce": open needs whose radius was not announced yet (a few at most).
    index('need_unannounced_idx')
      .on(t.approvedAt)
      .where(sql`${t.status} = 'open' and (${t.announcedMiles} is null or ${t.announcedMiles} < ${t.radiusMiles})`),
    index('need_status_approved_idx').on(t.status, t.approvedAt),
    index('need_asker_idx').on(t.askerUid),
    index('need_church_idx').on(t.churchId),
  ],
);

/** What a need asks for: a name, a quantity and an estimated value of one unit in dollars. */
export const needItem = pgTable(
  'need_item',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    needId: integer('need_id')
      .notNull()
      .references(() => need.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    unitValue: integer('unit_value').notNull(),
    note: text('note'),
  },
  (t) => [index('need_item_need_idx').on(t.needId, t.position)],
);

/**
 * A member's (or a church's, through its point person) commitment to some units of an item, or to pray (no item,
 * quantity 0). A withdrawn commitment stays, with the time, for the need's history.
 */
export const needCommitment = pgTable(
  'need_commitment',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    needId: integer('need_id')
      .notNull()
      .references(() => need.id, { onDelete: 'cascade' }),
    itemId: integer('item_id').references(() => needItem.id, { onDelete: 'cascade' }),
    uid: text('uid').references(() => user.id, { onDelete: 'set null' }),
    /** The church the commitment is made for (a point person's), or null for a member's own. */
    churchId: integer('church_id').references(() => church.id, { onDelete: 'set null' }),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [index('need_commitment_need_idx').on(t.needId, t.itemId), index('need_commitment_uid_idx').on(t.uid)],
);

/** Whom a need was announced to, at which radius: each person hears of a need once, however far it widens. */
export const needRecipient = pgTable(
  'need_recipient',
  {
    needId: integer('need_id')
      .notNull()
      .references(() => need.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    miles: integer('miles').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.needId, t.uid] })],
);

/** A member who asked to hear of needs near a ZIP code, within a radius. */
export const needAlert = pgTable(
  'need_alert',
  {
    uid: text('uid')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    zip: text('zip').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    radiusMiles: integer('radius_miles').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('need_alert_latitude_idx').on(t.latitude, t.longitude)],
);

// ---- Care teams, the care calendar and clearances (issue 27, decision 041) ----

export const careTeamStatus = pgEnum('care_team_status', ['proposed', 'active', 'ended']);
export const careRole = pgEnum('care_role', ['family', 'leader', 'helper', 'mentor', 'respite']);
export const careMemberStatus = pgEnum('care_member_status', ['invited', 'requested', 'active']);
export const careTaskKind = pgEnum('care_task_kind', ['meal', 'ride', 'childcare', 'respite', 'errand', 'other']);
export const carePostKind = pgEnum('care_post_kind', ['update', 'prayer']);
export const careNoticeKind = pgEnum('care_notice_kind', ['reminder', 'reoffer']);
export const clearanceKind = pgEnum('clearance_kind', ['background_check', 'training', 'agreement']);
export const clearanceStatus = pgEnum('clearance_status', ['pending', 'cleared', 'not_cleared']);

/**
 * A circle of church members around one foster family. Private: only its members and admins reach it. The
 * family's practical details (columns below) reach only the members cleared for them (src/server/care/access.ts).
 * Nothing here names a child: the children are only their ages. A family's deleted account deletes its team.
 */
export const careTeam = pgTable(
  'care_team',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    familyUid: text('family_uid')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The church it belongs to (the family's or the point person's who started it); moved when churches merge. */
    churchId: integer('church_id').references(() => church.id, { onDelete: 'set null' }),
    /** What the team calls itself ("The Millers' care team"): shown to the team only. */
    name: text('name').notNull(),
    status: careTeamStatus('status').notNull(),
    /** The family's IANA time zone: every date and time of the calendar is a wall time there. */
    timeZone: text('time_zone').notNull(),
    startedBy: text('started_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When the family accepted a team a point person started (equal to createdAt when the family started it). */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    // The family's practical details: only for cleared members of the team (and the family, and admins).
    /** Where to drop things off. */
    address: text('address'),
    /** Allergies and food preferences. */
    food: text('food'),
    /** Best times to come, to call, to drop off. */
    bestTimes: text('best_times'),
    /** The children's ages in years, never their names. */
    childrenAges: integer('children_ages')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    detailsUpdatedAt: timestamp('details_updated_at', { withTimezone: true }),
    /** The 12-month question: when it was asked, and the family's answer (the admin's "still fostering"). */
    anniversaryAskedAt: timestamp('anniversary_asked_at', { withTimezone: true }),
    stillFostering: boolean('still_fostering'),
    stillFosteringAt: timestamp('still_fostering_at', { withTimezone: true }),
    /** The Sunday (a local date) whose week summary was last mailed to the family: once per week. */
    summaryWeek: date('summary_week', { mode: 'string' }),
  },
  (t) => [index('care_team_family_idx').on(t.familyUid), index('care_team_church_idx').on(t.churchId, t.status)],
);

/** Who is on a team, in which role. The family is a member too (role 'family', always active). */
export const careTeamMember = pgTable(
  'care_team_member',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => careTeam.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: careRole('role').notNull(),
    /** invited: asked by the family or leader, not answered; requested: waits for approval; active: on the team. */
    status: careMemberStatus('status').notNull(),
    invitedBy: text('invited_by').references(() => user.id, { onDelete: 'set null' }),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    joinedAt: timestamp('joined_at', { withTimezone: true }),
    approvedBy: text('approved_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.uid] }), index('care_team_member_uid_idx').on(t.uid, t.status)],
);

/** A single-use invitation link: the token's SHA-256 only; used once, then it stops. */
export const careInvite = pgTable(
  'care_invite',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer('team_id')
      .notNull()
      .references(() => careTeam.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    role: careRole('role').notNull(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedBy: text('used_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('care_invite_token_idx').on(t.tokenHash), index('care_invite_team_idx').on(t.teamId)],
);

/**
 * A task on the care calendar: once, or repeating by an RFC 5545 RRULE (src/server/care/recurrence.ts). Its date
 * and time are wall times in the team's time zone, so a 6 pm meal stays at 6 pm across daylight-saving changes.
 */
export const careTask = pgTable(
  'care_task',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer('team_id')
      .notNull()
      .references(() => careTeam.id, { onDelete: 'cascade' }),
    kind: careTaskKind('kind').notNull(),
    title: text('title').notNull(),
    notes: text('notes'),
    /** The first (or only) occurrence's local date, and its local start time ("18:00"). */
    startDate: date('start_date', { mode: 'string' }).notNull(),
    startTime: text('start_time').notNull(),
    durationMinutes: integer('duration_minutes').notNull().default(60),
    /** At the family's home (the address, for cleared members only), or in a town. */
    atHome: boolean('at_home').notNull(),
    town: text('town'),
    helpersNeeded: integer('helpers_needed').notNull().default(1),
    /** The RRULE's rule part (FREQ=WEEKLY;INTERVAL=2), null for a one-off task; `until` is its last local date. */
    rrule: text('rrule'),
    until: date('until', { mode: 'string' }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [index('care_task_team_idx').on(t.teamId, t.startDate)],
);

/** One occurrence of a repeating task that will not happen (the family cancelled that date only). */
export const careTaskSkip = pgTable(
  'care_task_skip',
  {
    taskId: integer('task_id')
      .notNull()
      .references(() => careTask.id, { onDelete: 'cascade' }),
    occursOn: date('occurs_on', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.occursOn] })],
);

/**
 * A member's claim: one occurrence (occursOn, a local date), or every occurrence of a repeating task (null).
 * A withdrawn claim stays, with the time, so the family's history and the figures keep it.
 */
export const careClaim = pgTable(
  'care_claim',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    taskId: integer('task_id')
      .notNull()
      .references(() => careTask.id, { onDelete: 'cascade' }),
    occursOn: date('occurs_on', { mode: 'string' }),
    uid: text('uid')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [index('care_claim_task_idx').on(t.taskId, t.occursOn), index('care_claim_uid_idx').on(t.uid)],
);

/** Mail the calendar's jobs sent, once each: a reminder to a claimer, an unclaimed occurrence offered again. */
export const careNotice = pgTable(
  'care_notice',
  {
    taskId: integer('task_id')
      .notNull()
      .references(() => careTask.id, { onDelete: 'cascade' }),
    occursOn: date('occurs_on', { mode: 'string' }).notNull(),
    uid: text('uid')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: careNoticeKind('kind').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.occursOn, t.uid, t.kind] })],
);

/** The team space: short updates and prayer requests, for the team only. */
export const carePost = pgTable(
  'care_post',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer('team_id')
      .notNull()
      .references(() => careTeam.id, { onDelete: 'cascade' }),
    authorUid: text('author_uid').references(() => user.id, { onDelete: 'set null' }),
    kind: carePostKind('kind').notNull(),
    body: text('body').notNull(),
    /** The language the author wrote in ('en' or 'es', issue 28). */
    language: text('language').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('care_post_team_idx').on(t.teamId, t.createdAt)],
);

/** A member's private calendar feed: the SHA-256 of the secret in its URL. Renewing replaces it. */
export const calendarFeed = pgTable(
  'calendar_feed',
  {
    uid: text('uid')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('calendar_feed_token_idx').on(t.tokenHash)],
);

/**
 * What a role needs: a background check, a named training, the confidentiality agreement. Admins define them;
 * `requiredFor` names the roles that need it, and 'details' for seeing a family's practical details.
 */
export const clearanceRequirement = pgTable('clearance_requirement', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  /** Its name in Spanish, which Spanish readers see (pages and mail) when the admins gave one; else `name`. */
  nameEs: text('name_es'),
  kind: clearanceKind('kind').notNull(),
  description: text('description').notNull().default(''),
  /** Its description in Spanish (for the agreement, the text a Spanish reader accepts), when the admins gave one. */
  descriptionEs: text('description_es'),
  validMonths: integer('valid_months').notNull(),
  requiredFor: text('required_for')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  archivedAt: timestamp('archived_at', { withTimezone: true }),
});

/**
 * A member's record of one requirement: its status and dates, and who verified it. Never the content of a check,
 * an SSN or a document. The agreement is recorded by the member, accepting its text.
 */
export const clearanceRecord = pgTable(
  'clearance_record',
  {
    uid: text('uid')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    requirementId: integer('requirement_id')
      .notNull()
      .references(() => clearanceRequirement.id, { onDelete: 'cascade' }),
    status: clearanceStatus('status').notNull(),
    completedOn: date('completed_on', { mode: 'string' }),
    expiresOn: date('expires_on', { mode: 'string' }),
    verifiedBy: text('verified_by').references(() => user.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    /** The 30-day notice and the expiry notice, sent once per expiry date (cleared when it is renewed). */
    expiringNoticeAt: timestamp('expiring_notice_at', { withTimezone: true }),
    expiredNoticeAt: timestamp('expired_notice_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.uid, t.requirementId] }), index('clearance_record_expires_idx').on(t.expiresOn)],
);
