import { z } from 'zod';

// Reminders, summaries and calendar feeds of care teams (issue 27, part "reminders and feeds"): what the pages
// and the server share. The jobs themselves live in src/server/care/ (reminders.ts, summary.ts,
// clearance-notices.ts, anniversary.ts); the feed in feed.ts.

/** A calendar feed holds the occurrences of the past this many days, and of the next CARE_FEED_AHEAD_DAYS. */
export const CARE_FEED_PAST_DAYS = 30;
export const CARE_FEED_AHEAD_DAYS = 90;
/** Calendar programs poll a feed every few minutes to hours; this many reads a minute per client is plenty. */
export const CARE_FEED_READS_PER_MINUTE = 30;

/** A feed address that was never made, or was renewed or stopped: it tells nothing more. */
export const CARE_FEED_NOT_FOUND = /*i18n*/ 'This calendar feed does not exist, or it was renewed or stopped.';
/** The anniversary question is the family's own. */
export const CARE_FAMILY_ONLY = /*i18n*/ 'Only the family can answer this.';
export const CARE_ANNIVERSARY_NOT_ASKED = /*i18n*/ 'The question comes on the team’s first anniversary; it has not been asked yet.';

/** GET /api/me/calendar-feed: whether the member has a feed, and since when (its address is shown only once). */
export const calendarFeedStatusSchema = z
  .object({ active: z.boolean(), createdAt: z.iso.datetime().nullable() })
  .meta({ id: 'CalendarFeedStatus' });
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

/** POST /api/me/calendar-feed: the new address, shown this once (only its hash is kept). */
export const calendarFeedCreatedSchema = z.object({ url: z.string(), createdAt: z.iso.datetime() }).meta({ id: 'CalendarFeedCreated' });
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;

/** The family's answer to the anniversary question. */
export const anniversaryAnswerSchema = z
  .object({ stillFostering: z.boolean({ error: /*i18n*/ 'Say yes or no' }) })
  .strict()
  .meta({ id: 'CareAnniversaryAnswer' });
export type AnniversaryAnswer = z.infer<typeof anniversaryAnswerSchema>;

/**
 * The question as the family's team page shows it: not yet (the team is younger than a year), due (asked,
 * not answered), or answered (with the answer).
 */
export const anniversaryStateSchema = z
  .object({
    state: z.enum(['not_yet', 'due', 'answered']),
    stillFostering: z.boolean().nullable(),
    answeredAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'CareAnniversaryState' });
export type AnniversaryState = z.infer<typeof anniversaryStateSchema>;
