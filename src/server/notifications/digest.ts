import { and, desc, eq, exists, gt, gte, inArray, isNull, lt, ne, not, or, sql } from 'drizzle-orm';
import { SITE_NAME } from '../../shared/brand';
import { categoryLabel } from '../../shared/forum';
import { displayNameIn, displayNameOf } from '../../shared/member-name';
import { DEFAULT_NOTIFICATION_PREFERENCES, notificationLink } from '../../shared/notifications';
import type { Db, Tx } from '../db/client';
import {
  categoryFollow,
  digestRun,
  notificationPreference,
  post,
  postCategory,
  postFollow,
  postResponse,
  profile,
  user,
} from '../db/schema';
import type { AppDeps } from '../deps';
import { cronPeriod, type Period } from '../jobs';
import { MAIL_FORMS, renderMail, type RenderMailInput } from '../mail';
import { i18nFor, localeOfUser, type Locale } from '../i18n';
import { NOTIFICATION_SETTINGS_PAGE, reachable, unsubscribeHeaders, unsubscribePageUrl } from './service';
import { createUnsubscribeToken } from './unsubscribe-token';
import { DAY } from '../../shared/durations';

// The digest (issue 16, decision 026): for each member whose digest is daily or weekly, the new posts of the
// categories they follow and the most active posts of the period, each post in one digest of theirs only,
// and no mail when there is nothing new. A member's period is claimed by a digest_run row inserted in the
// transaction that queues the mail, so however many instances make digests, each member gets one per period.

export type DigestFrequencyOn = 'daily' | 'weekly';

const WEEK_MS = 7 * DAY;

/**
 * The hour (UTC) periods end and digests go: 13:00 UTC is 9 am in New York in summer (8 am in winter) and
 * 6 am (5 am) in Los Angeles, so the mail is there for the morning across the US.
 */
export const DIGEST_HOUR_UTC = 13;

/** Daily periods end every day at DIGEST_HOUR_UTC; weekly ones on Mondays then (croner's calendar, decision 030). */
const PERIODS: Record<DigestFrequencyOn, Period> = {
  daily: cronPeriod(`0 ${DIGEST_HOUR_UTC} * * *`),
  weekly: cronPeriod(`0 ${DIGEST_HOUR_UTC} * * 1`),
};

/** The end of the latest period of this frequency that has ended at `at` (its digest is due from then). */
export function periodEnd(frequency: DigestFrequencyOn, at: Date): Date {
  return PERIODS[frequency].startOf(at);
}

/**
 * How far back a digest reaches at most: a member's next digest starts where their last one ended (so one who
 * switches from weekly to daily misses nothing), but never more than two weeks back (one who turns the
 * digest on again after months gets two weeks, not months).
 */
export const DIGEST_REACH_MS = 2 * WEEK_MS;

/** The most new posts of followed categories one digest lists (the others are counted, with a link). */
export const DIGEST_NEW_POSTS_LIMIT = 15;
/** The most active posts one digest lists. */
export const DIGEST_ACTIVE_LIMIT = 5;
/** How many of the period's most active posts are read, before each member's own and already sent are taken out. */
const ACTIVE_CANDIDATES = 30;
const EXCERPT_CHARS = 200;

/** A member whose digest is due: their frequency, and the end of their latest period already done. */
export type DueMember = { uid: string; frequency: DigestFrequencyOn; lastEnd: Date | null };

export type DigestOutcome = 'sent' | 'empty' | 'skipped';

type ListedPost = {
  id: number;
  title: string;
  body: string;
  category: string;
  posterUid: string | null;
  posterFirstName: string;
  posterLastName: string;
};
type ActivePost = ListedPost & { responses: number };

/** What one run of the job shares between members: the periods' ends, and the most active posts of each window. */
export type DigestRun = {
  now: Date;
  ends: Record<DigestFrequencyOn, Date>;
  instance: string;
  active: Map<string, Promise<ActivePost[]>>;
};

export function startRun(now: Date, instance: string): DigestRun {
  return { now, ends: { daily: periodEnd('daily', now), weekly: periodEnd('weekly', now) }, instance, active: new Map() };
}

const frequencyOf = sql<string>`coalesce(${notificationPreference.digest}, ${DEFAULT_NOTIFICATION_PREFERENCES.digest})`;

/**
 * Up to `limit` members, after `after` in id order, whose digest is due: reachable (a confirmed address, not
 * suspended: the rule of `reachable`), digest daily or weekly, an account older than the period's end, no
 * change of their preferences since (a member who switches frequency gets the next period of the new one,
 * from where their last digest ended), and no digest for that period or a later one.
 */
export async function dueMembers(db: Db, run: DigestRun, { after, limit }: { after: string; limit: number }): Promise<DueMember[]> {
  const end = sql`(case ${frequencyOf} when 'daily' then ${run.ends.daily.toISOString()}::timestamptz else ${run.ends.weekly.toISOString()}::timestamptz end)`;
  const rows = await db
    .select({
      uid: user.id,
      frequency: frequencyOf,
      lastEnd: sql<Date | null>`(select max(${digestRun.periodEnd}) from ${digestRun} where ${digestRun.uid} = ${user.id})`.mapWith(
        digestRun.periodEnd,
      ),
    })
    .from(user)
    .innerJoin(profile, eq(profile.uid, user.id))
    .leftJoin(notificationPreference, eq(notificationPreference.uid, user.id))
    .where(
      and(
        gt(user.id, after),
        eq(user.emailVerified, true),
        isNull(profile.suspendedAt),
        sql`${frequencyOf} <> 'off'`,
        sql`${user.createdAt} <= ${end}`,
        sql`(${notificationPreference.updatedAt} is null or ${notificationPreference.updatedAt} <= ${end})`,
        sql`not exists (select 1 from ${digestRun} where ${digestRun.uid} = ${user.id} and ${digestRun.periodEnd} >= ${end})`,
      ),
    )
    .orderBy(user.id)
    .limit(limit);
  return rows.map((r) => ({ uid: r.uid, frequency: r.frequency as DigestFrequencyOn, lastEnd: r.lastEnd }));
}

/** Where the member's digest for the period ending at `end` starts. */
export function digestSince(member: DueMember, end: Date): Date {
  if (!member.lastEnd) return PERIODS[member.frequency].before(end);
  return new Date(Math.max(member.lastEnd.getTime(), end.getTime() - DIGEST_REACH_MS));
}

/**
 * Makes one member's digest for their due period, in one transaction: claims the period (another instance
 * that claimed it first wins, and this one does nothing), reads what is new for them, records it and queues
 * the mail. 'sent' when a mail was queued, 'empty' when the period is done with nothing to send, 'skipped'
 * when another instance had it or the member is no longer due.
 */
export async function makeDigest(
  deps: Pick<AppDeps, 'config' | 'database' | 'outbox'>,
  run: DigestRun,
  member: DueMember,
): Promise<DigestOutcome> {
  const { uid, frequency } = member;
  const end = run.ends[frequency];
  const since = digestSince(member, end);
  return deps.database.db.transaction(async (tx) => {
    // Still as the batch found them: reachable, with this frequency, unchanged since the period ended.
    const email = (await reachable(tx, [uid])).get(uid);
    if (!email) return 'skipped';
    const [pref] = await tx
      .select({ digest: notificationPreference.digest, updatedAt: notificationPreference.updatedAt })
      .from(notificationPreference)
      .where(eq(notificationPreference.uid, uid));
    if ((pref?.digest ?? DEFAULT_NOTIFICATION_PREFERENCES.digest) !== frequency || (pref && pref.updatedAt > end)) return 'skipped';

    const [claimed] = await tx
      .insert(digestRun)
      .values({ uid, periodEnd: end, frequency, since, instance: run.instance, createdAt: run.now })
      .onConflictDoNothing()
      .returning({ uid: digestRun.uid });
    if (!claimed) return 'skipped';

    const { posts: fresh, total } = await newPostsFor(tx, { uid, since, end });
    const listed = new Set(fresh.map((p) => p.id));
    const active = await activePostsFor(tx, run, { uid, since, end, listed });
    if (fresh.length === 0 && active.length === 0) return 'empty';

    await tx
      .update(digestRun)
      .set({ postCount: fresh.length + active.length, newPosts: fresh.map((p) => p.id), activePosts: active.map((p) => p.id) })
      .where(and(eq(digestRun.uid, uid), eq(digestRun.periodEnd, end)));
    const token = createUnsubscribeToken(deps.config.sessionSecret, { uid, kind: 'digest', now: run.now });
    const locale = await localeOfUser(tx, uid);
    const rendered = renderMail(
      digestMail(deps.config, { locale, frequency, since, fresh, moreFresh: total - fresh.length, active, token }),
    );
    await deps.outbox.add({ form: MAIL_FORMS.digest, to: email, ...rendered, headers: unsubscribeHeaders(deps.config, token) }, tx);
    return 'sent';
  });
}

const listedColumns = {
  id: post.id,
  title: post.postTitle,
  body: post.post,
  category: postCategory.name,
  // The names copied onto the post: displayNameOf shows them only while the account exists (poster_uid set).
  posterUid: post.posterUid,
  posterFirstName: post.posterFirstName,
  posterLastName: post.posterLastName,
};

/** The member's explicit unfollow of the post. */
const unfollowed = (tx: Tx, uid: string) =>
  tx
    .select({ one: sql`1` })
    .from(postFollow)
    .where(and(eq(postFollow.uid, uid), eq(postFollow.postId, post.id), eq(postFollow.following, false)));

/** A post already listed in one of the member's digests. */
const alreadyListed = (uid: string) =>
  sql`exists (select 1 from ${digestRun} where ${digestRun.uid} = ${uid} and (${post.id} = any(${digestRun.newPosts}) or ${post.id} = any(${digestRun.activePosts})))`;

/**
 * The newest posts of the member's followed categories written in [since, end): not their own, not one they
 * unfollowed one by one; and how many there are in all. None was in an earlier digest of theirs: those all
 * ended by `since` (where this one starts), and listed only posts written before their end.
 */
async function newPostsFor(tx: Tx, { uid, since, end }: { uid: string; since: Date; end: Date }) {
  const rows = await tx
    .select({ ...listedColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(post)
    .innerJoin(postCategory, eq(postCategory.id, post.postCategory))
    .where(
      and(
        inArray(post.postCategory, tx.select({ id: categoryFollow.categoryId }).from(categoryFollow).where(eq(categoryFollow.uid, uid))),
        gte(post.postDate, since),
        lt(post.postDate, end),
        or(isNull(post.posterUid), ne(post.posterUid, uid)),
        not(exists(unfollowed(tx, uid))),
      ),
    )
    .orderBy(desc(post.postDate), desc(post.id))
    .limit(DIGEST_NEW_POSTS_LIMIT);
  return { posts: rows, total: rows[0]?.total ?? 0 };
}

/**
 * The period's most active posts for this member: the most responses written in [since, end) (read once
 * per window for all members), less their own posts, those listed above, those an earlier digest listed and
 * those they unfollowed.
 */
async function activePostsFor(
  tx: Tx,
  run: DigestRun,
  { uid, since, end, listed }: { uid: string; since: Date; end: Date; listed: Set<number> },
) {
  const key = `${since.toISOString()}/${end.toISOString()}`;
  let candidates = run.active.get(key);
  if (!candidates) {
    candidates = mostActive(tx, since, end);
    run.active.set(key, candidates);
    // A failed read is tried again by the next member rather than kept.
    candidates.catch(() => run.active.delete(key));
  }
  const open = (await candidates).filter((p) => p.posterUid !== uid && !listed.has(p.id));
  if (open.length === 0) return [];
  const excluded = await tx
    .select({ id: post.id })
    .from(post)
    .where(
      and(
        inArray(
          post.id,
          open.map((p) => p.id),
        ),
        or(alreadyListed(uid), exists(unfollowed(tx, uid))),
      ),
    );
  const out = new Set(excluded.map((r) => r.id));
  return open.filter((p) => !out.has(p.id)).slice(0, DIGEST_ACTIVE_LIMIT);
}

async function mostActive(tx: Tx, since: Date, end: Date): Promise<ActivePost[]> {
  const counts = tx
    .select({ postId: postResponse.originalPostId, responses: sql<number>`count(*)::int`.as('responses') })
    .from(postResponse)
    .where(and(gte(postResponse.postDate, since), lt(postResponse.postDate, end)))
    .groupBy(postResponse.originalPostId)
    .as('counts');
  return tx
    .select({ ...listedColumns, responses: counts.responses })
    .from(counts)
    .innerJoin(post, eq(post.id, counts.postId))
    .innerJoin(postCategory, eq(postCategory.id, post.postCategory))
    .orderBy(desc(counts.responses), desc(post.id))
    .limit(ACTIVE_CANDIDATES);
}

/** The start of a digest's period as people say it ("Monday, March 3"): the UTC day, which is the US day at 13:00. */
const DAY_FORMAT = { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' } as const satisfies Intl.DateTimeFormatOptions;

/** The beginning of a post's text, on one line, cut at a word. */
export function excerptOf(body: string, max = EXCERPT_CHARS): string {
  const line = body.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The digest's words, in its recipient's language: every title and excerpt is plain text, escaped for the HTML part by renderMail. */
export function digestMail(
  config: AppDeps['config'],
  d: {
    locale?: Locale;
    frequency: DigestFrequencyOn;
    since: Date;
    fresh: ListedPost[];
    moreFresh: number;
    active: ActivePost[];
    token: string;
  },
): RenderMailInput {
  const locale = d.locale ?? 'en';
  const i18n = i18nFor(locale);
  const count = d.fresh.length + d.active.length;
  const link = (id: number) => `${config.publicUrl}${notificationLink(id)}`;
  const paragraphs: RenderMailInput['paragraphs'][number][] = [
    i18n._('Here is what is new on the {site} forum since {day}.', { site: SITE_NAME, day: i18n.date(d.since, DAY_FORMAT) }),
  ];
  if (d.fresh.length > 0) {
    paragraphs.push(i18n._('New in the categories you follow:'));
    for (const p of d.fresh) {
      const name = displayNameIn(
        i18n,
        displayNameOf({ isDeleted: p.posterUid === null, firstName: p.posterFirstName, lastName: p.posterLastName }),
      );
      paragraphs.push(
        { link: link(p.id), label: p.title },
        i18n._('In {category}, by {name}', { category: categoryLabel(i18n, p.category), name }),
        {
          quote: excerptOf(p.body),
        },
      );
    }
    if (d.moreFresh > 0) {
      paragraphs.push(
        i18n._(
          '{count, plural, one {And # more new post in the categories you follow.} other {And # more new posts in the categories you follow.}}',
          {
            count: d.moreFresh,
          },
        ),
        { link: `${config.publicUrl}/discuss`, label: i18n._('See them on the forum') },
      );
    }
  }
  if (d.active.length > 0) {
    paragraphs.push(d.fresh.length > 0 ? i18n._('Also much discussed:') : i18n._('Much discussed:'));
    for (const p of d.active) {
      paragraphs.push(
        { link: link(p.id), label: p.title },
        i18n._('{count, plural, one {# new response, in {category}} other {# new responses, in {category}}}', {
          count: p.responses,
          category: categoryLabel(i18n, p.category),
        }),
      );
    }
  }
  // Why it came and how to stop it: the layout's quiet footer (decision 044).
  const footer = [
    d.frequency === 'daily'
      ? i18n._('You get this digest each day when there is something new; each post is in one digest only.')
      : i18n._('You get this digest each week when there is something new; each post is in one digest only.'),
    { link: `${config.publicUrl}${NOTIFICATION_SETTINGS_PAGE}`, label: i18n._('Choose which mail you get') },
    { link: unsubscribePageUrl(config, d.token), label: i18n._('Stop the digest') },
  ];
  return {
    locale,
    subject:
      d.frequency === 'daily'
        ? i18n._('{count, plural, one {Your daily forum digest: # post for you} other {Your daily forum digest: # posts for you}}', {
            count,
          })
        : i18n._('{count, plural, one {Your weekly forum digest: # post for you} other {Your weekly forum digest: # posts for you}}', {
            count,
          }),
    paragraphs,
    footer,
  };
}

/** Removes the runs of periods with nothing sent once they are old: only a member's latest run is ever read. */
export async function pruneEmptyRuns(db: Db, now: Date, keepMs = DIGEST_REACH_MS + 3 * WEEK_MS): Promise<number> {
  const rows = await db
    .delete(digestRun)
    .where(and(eq(digestRun.postCount, 0), lt(digestRun.periodEnd, new Date(now.getTime() - keepMs))))
    .returning({ uid: digestRun.uid });
  return rows.length;
}
