import { eq } from 'drizzle-orm';
import { CARE_REMINDER_HOUR, CARE_REOFFER_DAYS, type CareRole } from '../../shared/care';
import { careTaskTitleIn } from '../../shared/care-calendar';
import type { Tx } from '../db/client';
import { careNotice, careTeam } from '../db/schema';
import type { AppDeps } from '../deps';
import { MAIL_FORMS } from '../mail';
import { reachable, type Recipient } from '../notifications';
import { clearancesOf, clearanceToday, familyFirstName, mayClaimKind, seesDetails } from './access';
import { agendaOf, dayLabel, listOf, namesOf, placeOf, spotsLeft, summaryOf, timeLabel, type AgendaItem } from './agenda';
import { mailCare, notifyCare } from './notify';
import { addDays, localParts, zonedInstant } from './recurrence';
import { activeMembersOf, type CareTeamRow } from './store';

// The care calendar's clock (issue 27): the day before an occurrence, from CARE_REMINDER_HOUR in the family's
// time zone, each claimer is reminded by mail; CARE_REOFFER_DAYS before, at the same hour, an occurrence with
// places left is offered again to the team's members who may take it (the bell, and mail). Jobs on the runner
// (site-jobs.ts) that every instance runs: each mail is claimed by inserting its care_notice row (task, date,
// member, kind) — the row's key lets only one insert win, so nobody hears of one occurrence twice, whichever
// instance runs first and however often. A run that finds the hour passed (the site was down) still sends
// what is due, as long as the occurrence has not begun.

export type CareClockDeps = Pick<AppDeps, 'config' | 'database' | 'outbox' | 'live'>;

/** The active teams, in the order they were made; each run looks at every one (a team's calendar is small). */
const activeTeams = (deps: CareClockDeps) =>
  deps.database.db.select().from(careTeam).where(eq(careTeam.status, 'active')).orderBy(careTeam.id);

/**
 * Claims the notice of (occurrence, member, kind) for each of `uids`: answers those whose row this call
 * inserted (another instance, or an earlier run, holds the rest).
 */
async function claimNotices(tx: Tx, item: AgendaItem, uids: string[], kind: 'reminder' | 'reoffer', now: Date): Promise<string[]> {
  if (uids.length === 0) return [];
  const rows = await tx
    .insert(careNotice)
    .values(uids.map((uid) => ({ taskId: item.task.id, occursOn: item.occursOn, uid, kind, sentAt: now })))
    .onConflictDoNothing()
    .returning({ uid: careNotice.uid });
  return rows.map((r) => r.uid);
}

/** Reminds each claimer of tomorrow's occurrences, once. Answers how many were reminded. */
export async function remindClaimers(deps: CareClockDeps, { now }: { now: Date }): Promise<{ reminded: number }> {
  let reminded = 0;
  for (const team of await activeTeams(deps)) {
    const local = localParts(now, team.timeZone);
    if (local.time < `${String(CARE_REMINDER_HOUR).padStart(2, '0')}:00`) continue;
    const tomorrow = addDays(local.date, 1);
    reminded += await deps.database.db.transaction(async (tx) => {
      const members = new Map((await activeMembersOf(tx, team.id)).map((m) => [m.uid, m.role]));
      const agenda = (await agendaOf(tx, team, { from: tomorrow, to: tomorrow })).filter((item) => item.claims.length > 0);
      let count = 0;
      for (const item of agenda) {
        // Only members still on the team (a removed member's claims are withdrawn; this is the second lock).
        const claimers = item.claims.map((c) => c.uid).filter((uid) => members.has(uid));
        for (const uid of await claimNotices(tx, item, claimers, 'reminder', now)) {
          if (await remindOne(deps, tx, { team, item, uid, role: members.get(uid)!, now })) count++;
        }
      }
      return count;
    });
  }
  if (reminded > 0) deps.outbox.wake();
  return { reminded };
}

async function remindOne(
  deps: CareClockDeps,
  tx: Tx,
  { team, item, uid, role, now }: { team: CareTeamRow; item: AgendaItem; uid: string; role: CareRole; now: Date },
): Promise<boolean> {
  const email = (await reachable(tx, [uid])).get(uid);
  if (!email) return false;
  const details = seesDetails(await clearancesOf(tx, uid, clearanceToday(now)), role);
  const family = await familyFirstName(tx, team.familyUid);
  const names = await namesOf(
    tx,
    item.claims.map((c) => c.uid).filter((other) => other !== uid),
  );
  const others = [...names.values()];
  const recipients: Recipient[] = [{ uid, email, kind: 'care', notificationId: '' }];
  const mailed = await mailCare(deps, tx, {
    recipients,
    teamId: team.id,
    form: MAIL_FORMS.careReminder,
    now,
    mail: (i18n) => {
      const what = summaryOf(item.task, family, i18n);
      return {
        subject: i18n._(/*i18n*/ 'Tomorrow: {what}', { what }),
        paragraphs: [
          i18n._(/*i18n*/ 'A reminder: tomorrow, {day}, at {time}: {what}.', {
            day: dayLabel(item.occursOn, i18n),
            time: timeLabel(item.task.startTime, i18n),
            what,
          }),
          i18n._(/*i18n*/ 'Where: {place}.', {
            place: placeOf(item.task, team, details, i18n) || i18n._(/*i18n*/ 'see the team’s calendar'),
          }),
          item.task.notes ? i18n._(/*i18n*/ 'Notes: {notes}', { notes: item.task.notes }) : '',
          others.length > 0
            ? i18n._(/*i18n*/ 'Also coming: {names}.', { names: listOf(i18n, others) })
            : i18n._(/*i18n*/ 'You are the one coming.'),
          i18n._(/*i18n*/ 'If you cannot come after all, withdraw on the team’s calendar so the family knows at once.'),
        ].filter(Boolean),
      };
    },
  });
  return mailed.length > 0;
}

/** When an occurrence is offered again: CARE_REOFFER_DAYS before its date, at CARE_REMINDER_HOUR in the family's zone. */
export const reofferDue = (occursOn: string, timeZone: string) =>
  zonedInstant(addDays(occursOn, -CARE_REOFFER_DAYS), `${String(CARE_REMINDER_HOUR).padStart(2, '0')}:00`, timeZone);

/**
 * Offers again each occurrence with places left whose offer is due, to the active members who may take it and
 * have not claimed it. A task added after that moment is not offered again: its creation told the team.
 */
export async function reofferOpenOccurrences(deps: CareClockDeps, { now }: { now: Date }): Promise<{ offered: number }> {
  let offered = 0;
  for (const team of await activeTeams(deps)) {
    const today = localParts(now, team.timeZone).date;
    offered += await deps.database.db.transaction(async (tx) => {
      const agenda = (await agendaOf(tx, team, { from: today, to: addDays(today, CARE_REOFFER_DAYS) })).filter((item) => {
        const due = reofferDue(item.occursOn, team.timeZone);
        return spotsLeft(item) > 0 && item.startsAt > now && due <= now && item.task.createdAt <= due;
      });
      if (agenda.length === 0) return 0;
      const members = (await activeMembersOf(tx, team.id)).filter((m) => m.role !== 'family');
      const states = new Map(
        await Promise.all(members.map(async (m) => [m.uid, await clearancesOf(tx, m.uid, clearanceToday(now))] as const)),
      );
      const family = await familyFirstName(tx, team.familyUid);
      let count = 0;
      for (const item of agenda) {
        const may = members
          .filter((m) => !item.claims.some((c) => c.uid === m.uid) && mayClaimKind(item.task.kind, m.role, states.get(m.uid)!))
          .map((m) => m.uid);
        const fresh = await claimNotices(tx, item, may, 'reoffer', now);
        if (fresh.length === 0) continue;
        count += await offerOne(deps, tx, { team, item, family, recipients: fresh, now });
      }
      return count;
    });
  }
  if (offered > 0) deps.outbox.wake();
  return { offered };
}

async function offerOne(
  deps: CareClockDeps,
  tx: Tx,
  { team, item, family, recipients, now }: { team: CareTeamRow; item: AgendaItem; family: string; recipients: string[]; now: Date },
): Promise<number> {
  const left = spotsLeft(item);
  return notifyCare(deps, tx, {
    teamId: team.id,
    recipients,
    actor: null,
    text: (i18n) =>
      i18n._(/*i18n*/ 'asks: {title} on {day} still needs {count, plural, one {# helper} other {# helpers}}', {
        title: careTaskTitleIn(i18n, item.task.kind, item.task.title),
        day: dayLabel(item.occursOn, i18n),
        count: left,
      }),
    form: MAIL_FORMS.careReoffer,
    now,
    mail: (i18n) => {
      const what = summaryOf(item.task, family, i18n);
      const day = dayLabel(item.occursOn, i18n);
      return {
        subject: i18n._(/*i18n*/ 'Still open: {what}, {day}', { what, day }),
        paragraphs: [
          i18n._(/*i18n*/ '{what} on {day} at {time} still needs {count, plural, one {# helper} other {# helpers}}.', {
            what,
            day,
            time: timeLabel(item.task.startTime, i18n),
            count: left,
          }),
          // Sent to everyone the role lets claim it, cleared or not: never the address.
          i18n._(/*i18n*/ 'Where: {place}.', {
            place: placeOf(item.task, team, false, i18n) || i18n._(/*i18n*/ 'see the team’s calendar'),
          }),
          i18n._(/*i18n*/ 'If you can do it, say “I’ll do it” on the team’s calendar.'),
        ],
      };
    },
  });
}
