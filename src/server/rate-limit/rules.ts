import { EMAIL_LINK_MESSAGES } from '../../shared/account';
import { CARE_INVITES_PER_DAY, CARE_POSTS_PER_HOUR, CARE_TASKS_PER_HOUR } from '../../shared/care';
import { CHURCH_MESSAGES_PER_DAY, CHURCH_MESSAGES_PER_HOUR } from '../../shared/church-members';
import { CHURCH_CONTACTS_PER_HOUR, CHURCH_PROPOSALS_PER_DAY } from '../../shared/churches';
import { CARE_CLAIMS_PER_HOUR } from '../../shared/care-calendar';
import { COMMITMENTS_PER_HOUR, NEEDS_PER_DAY } from '../../shared/needs';
import { MEMBER_MESSAGES_PER_DAY, MEMBER_MESSAGES_PER_HOUR } from '../../shared/directory';
import { CASEWORKER_APPLICATIONS_PER_DAY } from '../../shared/needs-approvals';
import { CARE_FEED_READS_PER_MINUTE } from '../../shared/care-feeds';
import { DAY, HOUR, MINUTE } from '../../shared/durations';
import { EMAIL_LINK_RESENDS_PER_HOUR, MY_DATA_DOWNLOADS_PER_HOUR } from '../../shared/limits';
import { withValues, type RateRule } from './rate-limit';

// Every rate limit of the site, in one file (issue 24): how many tries in what window, counted per whom,
// and what the person reads when over it (none: the limiter's own "Too many requests" answer). The routes
// count against these; the tests read them. Windows of a day at most: older ones are pruned
// (RateLimiter.prune). The messages are English, the catalog's ids, and are answered in the asker's language;
// one with a number is made by withValues, so it stays the English text a test compares while the answer
// says it in Spanish as well.

// ---- Signing in: Better Auth's routes (auth/routes.ts, auth/two-factor.ts) ----

/**
 * Per client (an address can share a NAT with many people) and per account address (slows guessing one
 * account's password from many clients).
 */
export const AUTH_RULES: Record<string, { client: RateRule; address: RateRule }> = {
  '/sign-in/email': { client: { limit: 30, windowMs: 15 * MINUTE }, address: { limit: 10, windowMs: 15 * MINUTE } },
  '/sign-up/email': { client: { limit: 10, windowMs: HOUR }, address: { limit: 5, windowMs: HOUR } },
  '/request-password-reset': { client: { limit: 10, windowMs: HOUR }, address: { limit: 3, windowMs: HOUR } },
  '/reset-password': { client: { limit: 20, windowMs: HOUR }, address: { limit: 20, windowMs: HOUR } },
};

/**
 * The two-factor routes carry no address: they count per client here, and per account below (the signed-in
 * one, or the pending sign-in's). Codes and recovery codes share one budget, as do the routes that check the
 * password.
 */
export const TWO_FACTOR_CLIENT_RULES: Record<string, { key: string; rule: RateRule }> = {
  '/two-factor/verify-totp': { key: 'auth/two-factor/verify', rule: { limit: 30, windowMs: 15 * MINUTE } },
  '/two-factor/verify-backup-code': { key: 'auth/two-factor/verify', rule: { limit: 30, windowMs: 15 * MINUTE } },
  '/two-factor/enable': { key: 'auth/two-factor/password', rule: { limit: 20, windowMs: 15 * MINUTE } },
  '/two-factor/disable': { key: 'auth/two-factor/password', rule: { limit: 20, windowMs: 15 * MINUTE } },
  '/two-factor/generate-backup-codes': { key: 'auth/two-factor/password', rule: { limit: 20, windowMs: 15 * MINUTE } },
};

/**
 * Per account, across clients. Codes and recovery codes share one budget; it is above the plugin's own lock
 * (10 wrong codes in a row lock a pending sign-in's account for 15 minutes), so that lock is what a sign-in
 * meets first, and it also covers the signed-in checks (set-up, step-up) the plugin does not lock.
 */
export const TWO_FACTOR_ACCOUNT_RULES = {
  verify: { limit: 15, windowMs: 15 * MINUTE },
  password: { limit: 10, windowMs: 15 * MINUTE },
} satisfies Record<string, RateRule>;

/**
 * Starting a Google sign-in (in a popup, or as a full-page redirect when the popup was blocked) writes state
 * to the database and sends the browser to Google; both ways count against one budget per client. Who is
 * signing in is only known at the callback, and that needs a state from a start.
 */
export const GOOGLE_START_RULE: RateRule = { limit: 30, windowMs: 15 * MINUTE };

// ---- The account: links mailed to confirm an address (account/routes.ts) ----

/**
 * The routes that mail an address the request names (a link, to confirm it) count per account (or per
 * address, for the page after a sign-up, which has no session) and per client (issue 23, defect 3).
 */
export const EMAIL_LINK_RULES = {
  perAccount: { limit: EMAIL_LINK_RESENDS_PER_HOUR, windowMs: HOUR },
  perClient: { limit: 10, windowMs: HOUR },
} satisfies Record<string, RateRule>;

export const EMAIL_LINK_RATE_MESSAGES = {
  resend: EMAIL_LINK_MESSAGES.resendRateLimited,
  change: EMAIL_LINK_MESSAGES.changeRateLimited,
} as const;

/** Opening a mailed link needs no sign-in (the token is the proof): guessing is bounded per client. */
export const VERIFY_EMAIL_RULE: RateRule = { limit: 30, windowMs: HOUR };

// ---- Profile photos (profiles/routes.ts) ----

/** Per member: each upload costs a decode of up to 50 megapixels; a member choosing a photo needs a handful. */
export const PHOTO_UPLOAD_RULE: RateRule = { limit: 30, windowMs: HOUR };
export const PHOTO_UPLOAD_RATE_MESSAGE = /*i18n*/ 'Too many photos in an hour. Please try again later.';

// ---- The forum (forum/routes.ts) ----

/** Per member. Generous for a conversation, tight for a script: each post also mails the team and reaches every open page. */
export const FORUM_RULES = {
  post: [
    { limit: 5, windowMs: 10 * MINUTE },
    { limit: 20, windowMs: DAY },
  ],
  response: [
    { limit: 20, windowMs: 10 * MINUTE },
    { limit: 200, windowMs: DAY },
  ],
  change: [{ limit: 60, windowMs: 10 * MINUTE }],
} satisfies Record<string, RateRule[]>;

export const FORUM_RATE_MESSAGES = {
  post: /*i18n*/ 'You have posted several times in the last few minutes. Please wait a while before posting again.',
  response: /*i18n*/ 'You have responded many times in the last few minutes. Please wait a while before responding again.',
  change: /*i18n*/ 'You have made many changes in the last few minutes. Please wait a while and try again.',
} as const satisfies Record<keyof typeof FORUM_RULES, string>;

// ---- Writing to a member of the directory (directory/routes.ts) ----

/**
 * Per sender by the hour and by the day; and per client, over all the accounts writing from it (issue 23): a
 * few members sharing a church office's connection are not stopped, someone with many accounts is.
 */
export const MEMBER_MESSAGE_RULES = {
  hour: { limit: MEMBER_MESSAGES_PER_HOUR, windowMs: HOUR },
  client: { limit: 2 * MEMBER_MESSAGES_PER_HOUR, windowMs: HOUR },
  day: { limit: MEMBER_MESSAGES_PER_DAY, windowMs: DAY },
} satisfies Record<string, RateRule>;

export const MEMBER_MESSAGE_RATE_MESSAGES = {
  hour: withValues(/*i18n*/ 'You can send up to {max} messages an hour. Please wait a while before sending more.', {
    max: MEMBER_MESSAGES_PER_HOUR,
  }),
  client: /*i18n*/ 'Many messages to members were sent from your network in the last hour. Please wait a while before sending more.',
  day: withValues(/*i18n*/ 'You can send up to {max} messages a day. Please try again tomorrow.', { max: MEMBER_MESSAGES_PER_DAY }),
} as const satisfies Record<keyof typeof MEMBER_MESSAGE_RULES, string>;

// ---- The contact form (contact/routes.ts) ----

/** Per client (and per account): a person writes once or twice; a script hammering the team's inbox is stopped early. */
export const CONTACT_SEND_RULES: RateRule[] = [
  { limit: 5, windowMs: 10 * MINUTE },
  { limit: 20, windowMs: DAY },
];
/** Per client: the "I am indeed human" button. */
export const CONTACT_HUMAN_RULE: RateRule = { limit: 30, windowMs: HOUR };

export const CONTACT_RATE_MESSAGES = {
  send: /*i18n*/ 'You have sent several messages in a short time. Please wait a while before sending another.',
  human: /*i18n*/ 'Too many confirmations from your network. Please wait a while and try again.',
} as const;

// ---- "Contact this church" (churches/public-routes.ts) ----

/**
 * Per sender: a member (whichever client they write from) or a visitor's client, a handful of churches an hour;
 * and per client over all the members writing from it, as for writing to members: a few members sharing a
 * church office's connection are not stopped, someone with many accounts is.
 */
export const CHURCH_CONTACT_RULES = {
  sender: { limit: CHURCH_CONTACTS_PER_HOUR, windowMs: HOUR },
  client: { limit: 2 * CHURCH_CONTACTS_PER_HOUR, windowMs: HOUR },
} satisfies Record<string, RateRule>;

export const CHURCH_CONTACT_RATE_MESSAGES = {
  sender: withValues(/*i18n*/ 'You can write to churches {max} times an hour. Please wait a while before sending another message.', {
    max: CHURCH_CONTACTS_PER_HOUR,
  }),
  client: /*i18n*/ 'Many messages to churches were sent from your network in the last hour. Please wait a while before sending more.',
} as const satisfies Record<keyof typeof CHURCH_CONTACT_RULES, string>;

// ---- Page views (analytics/routes.ts) ----

/** Per client. Generous for people (several behind one address), tight enough that one client cannot flood the table. */
export const PAGE_VIEW_RATE: RateRule = { limit: 120, windowMs: MINUTE };

// ---- Churches: proposals and point persons' messages (churches/member-routes.ts) ----

/** Per member: a few churches are honest, dozens are not (each one mails the team). */
export const CHURCH_PROPOSAL_RULE: RateRule = { limit: CHURCH_PROPOSALS_PER_DAY, windowMs: DAY };
export const CHURCH_PROPOSAL_RATE_MESSAGE = withValues(/*i18n*/ 'You can propose up to {max} churches a day. Please try again tomorrow.', {
  max: CHURCH_PROPOSALS_PER_DAY,
});

// ---- The needs board: caseworker applications (needs/approvals-routes.ts) ----

/** Per account: each application mails the team; correcting a mistake or two is honest, dozens are not. */
export const CASEWORKER_APPLICATION_RULE: RateRule = { limit: CASEWORKER_APPLICATIONS_PER_DAY, windowMs: DAY };
export const CASEWORKER_APPLICATION_RATE_MESSAGE = withValues(
  /*i18n*/ 'You can apply up to {max} times a day. Please try again tomorrow.',
  { max: CASEWORKER_APPLICATIONS_PER_DAY },
);

/** Per point person: each message mails every confirmed member of the church. */
export const CHURCH_MESSAGE_RULES = {
  hour: { limit: CHURCH_MESSAGES_PER_HOUR, windowMs: HOUR },
  day: { limit: CHURCH_MESSAGES_PER_DAY, windowMs: DAY },
} satisfies Record<string, RateRule>;

export const CHURCH_MESSAGE_RATE_MESSAGES = {
  hour: withValues(/*i18n*/ "You can write to your church's members up to {max} times an hour. Please wait a while.", {
    max: CHURCH_MESSAGES_PER_HOUR,
  }),
  day: withValues(/*i18n*/ "You can write to your church's members up to {max} times a day. Please try again tomorrow.", {
    max: CHURCH_MESSAGES_PER_DAY,
  }),
} as const satisfies Record<keyof typeof CHURCH_MESSAGE_RULES, string>;

// ---- Needs board: asking (needs/routes.ts) ----

/** Per account: each request is read by the team or a supervisor, and a family asks a few times a week at most. */
export const NEED_ASK_RULE: RateRule = { limit: NEEDS_PER_DAY, windowMs: DAY };
export const NEED_ASK_RATE_MESSAGE = withValues(/*i18n*/ 'You can ask for up to {max} needs a day. Please try again tomorrow.', {
  max: NEEDS_PER_DAY,
});
/** Per member: each commitment or withdrawal mails the asker, so a loop of them would flood their inbox. */
export const NEED_COMMITMENT_RULE: RateRule = { limit: COMMITMENTS_PER_HOUR, windowMs: HOUR };
export const NEED_COMMITMENT_RATE_MESSAGE = withValues(
  /*i18n*/ 'You can commit or withdraw up to {max} times an hour. Please try again later.',
  { max: COMMITMENTS_PER_HOUR },
);

// ---- Care teams (issue 27) ----

/** Invitations to a team, by the directory or by link: one budget per member who invites, and per client. */
export const CARE_INVITE_RULES = {
  member: { limit: CARE_INVITES_PER_DAY, windowMs: DAY },
  client: { limit: CARE_INVITES_PER_DAY * 2, windowMs: DAY },
} satisfies Record<string, RateRule>;
export const CARE_INVITE_RATE_MESSAGE = withValues(/*i18n*/ 'You can invite up to {max} people a day. Please try again tomorrow.', {
  max: CARE_INVITES_PER_DAY,
});

// ---- Care calendar (care/calendar-routes.ts) ----

/** Per member: each task added tells the whole team, by the bell and by mail. */
export const CARE_TASK_RULE: RateRule = { limit: CARE_TASKS_PER_HOUR, windowMs: HOUR };
export const CARE_TASK_RATE_MESSAGE = withValues(/*i18n*/ 'You can add up to {max} tasks an hour. Please try again later.', {
  max: CARE_TASKS_PER_HOUR,
});
/** Per member: each sign-up or withdrawal mails the family, so a loop of them would flood their inbox. */
export const CARE_CLAIM_RULE: RateRule = { limit: CARE_CLAIMS_PER_HOUR, windowMs: HOUR };
export const CARE_CLAIM_RATE_MESSAGE = withValues(
  /*i18n*/ 'You can sign up or withdraw up to {max} times an hour. Please try again later.',
  { max: CARE_CLAIMS_PER_HOUR },
);
// ---- Care teams (issue 27): a calendar feed is read with no session, so per client ----

/** Calendar programs poll a feed now and then; a client reading faster is guessing tokens or misbehaving. */
export const CARE_FEED_RULE: RateRule = { limit: CARE_FEED_READS_PER_MINUTE, windowMs: MINUTE };

// ---- Care teams: the team space (care/space-routes.ts) ----

/** Per member: each post rings the bell (and may mail) every other member of the team. */
export const CARE_POST_RULE: RateRule = { limit: CARE_POSTS_PER_HOUR, windowMs: HOUR };
export const CARE_POST_RATE_MESSAGE = withValues(
  /*i18n*/ 'You can post up to {max} times an hour in a team space. Please try again later.',
  { max: CARE_POSTS_PER_HOUR },
);

// ---- "Your data" (my-data/routes.ts, issue 29) ----

/** Per member: each archive reads every table that holds something of theirs, and their photo. */
export const MY_DATA_RULE: RateRule = { limit: MY_DATA_DOWNLOADS_PER_HOUR, windowMs: HOUR };
export const MY_DATA_RATE_MESSAGE = withValues(/*i18n*/ 'You can download your data up to {max} times an hour. Please try again later.', {
  max: MY_DATA_DOWNLOADS_PER_HOUR,
});
