import { and, asc, eq, gte, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import { CARE_CALENDAR_SPAN_DAYS, CARE_HORIZON_DAYS, CARE_TASK_NOT_FOUND } from '../../shared/care';
import {
  CARE_CALENDAR_DEFAULT_DAYS,
  CARE_CALENDAR_MESSAGES as M,
  CARE_DEFAULT_TIMES,
  CARE_KIND_ASKS,
  inSentence,
  CARE_MY_TASKS_DAYS,
  careDateLabel,
  careTaskTitle,
  careTaskTitleIn,
  careTimeLabel,
  type CareCalendar,
  type CareOccurrence,
  type CareTaskCreateInput,
  type CareTaskEditInput,
  type CareTaskSeries,
  type MyCareTask,
  type MyCareTasks,
} from '../../shared/care-calendar';
import { careTaskCreateSchema } from '../../shared/care-calendar';
import { displayNameOf } from '../../shared/member-name';
import type { Db, Tx } from '../db/client';
import { careClaim, careTask, careTaskSkip, careTeam, careTeamMember, profile } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import type { SessionUser } from '../http/session';
import { clearancesOf, clearanceToday, mayClaimKind, seesDetails, teamAccess, teamHead, type CareViewer, type TeamAccess } from './access';
import { notifyCare } from './notify';
import { localeOfI18n, namesOf, placeOf } from './agenda';
import { i18nFor, type I18n } from '../i18n';
import { addDays, localParts, occurrencesOf, occursOn, repeatLabel, repeatOf, ruleOf, type TaskTiming } from './recurrence';
import {
  activeClaimsOf,
  activeMembersOf,
  careTeamTopic,
  claimsOn,
  myCareTeamsTopic,
  skipsOf,
  taskOf,
  type CareClaimRow,
  type CareTaskRow,
  type CareTeamRow,
} from './store';

// The care calendar (issue 27, part 2; product.md §14): the family or the leader asks for help (the full form, or
// "We need…" with a kind and a date), the team sees each date in the family's time zone with who is coming, and
// helpers sign up (claims.ts). Every change is announced on the team's live topic, so an open calendar updates at
// once, and the team hears of it through notifyCare (the bell, and mail for those who want it).

export type CalendarDeps = Pick<AppDeps, 'database' | 'clock' | 'config' | 'live' | 'outbox' | 'logger'>;

/** Today's local date in the team's time zone. */
export const teamToday = (team: Pick<CareTeamRow, 'timeZone'>, now: Date) => localParts(now, team.timeZone).date;

export const timingOf = (task: CareTaskRow): TaskTiming => ({
  startDate: task.startDate,
  startTime: task.startTime,
  durationMinutes: task.durationMinutes,
  rrule: task.rrule,
  until: task.until,
});

/** Who acts on a team's calendar: a confirmed account, not suspended; their name for the team's notices. */
export async function careActorOf(db: Db | Tx, who: SessionUser): Promise<{ uid: string; name: string }> {
  const [row] = await db
    .select({ suspendedAt: profile.suspendedAt, firstName: profile.firstName, lastName: profile.lastName })
    .from(profile)
    .where(eq(profile.uid, who.id));
  if (row?.suspendedAt) throw new AppError('ACCOUNT_SUSPENDED');
  if (!who.emailVerified) throw new AppError('EMAIL_UNVERIFIED');
  return { uid: who.id, name: displayNameOf({ isDeleted: false, ...(row ?? {}) }).name };
}

/** The team's tasks not cancelled whose dates also meet `reach` (a range, or today onwards). */
function tasksWhere(db: Db | Tx, teamId: number, reach: SQL | undefined): Promise<CareTaskRow[]> {
  return db
    .select()
    .from(careTask)
    .where(and(eq(careTask.teamId, teamId), isNull(careTask.cancelledAt), reach))
    .orderBy(asc(careTask.startDate), asc(careTask.startTime), asc(careTask.id));
}

/** The team's tasks not cancelled that have a date in [from, to]. */
const tasksBetween = (db: Db | Tx, teamId: number, from: string, to: string) =>
  tasksWhere(db, teamId, and(lte(careTask.startDate, to), or(isNull(careTask.until), gte(careTask.until, from))));

/** The team's calendar between two local dates, as the viewer may see it. */
export async function readCalendar(
  deps: Pick<CalendarDeps, 'database' | 'clock'>,
  viewer: CareViewer,
  teamId: number,
  query: { from?: string; to?: string },
  i18n: I18n = i18nFor('en'),
): Promise<CareCalendar> {
  const { db } = deps.database;
  const now = deps.clock.now();
  const access = await teamAccess(db, teamId, viewer, { now });
  const { team } = access;
  const today = teamToday(team, now);
  const from = query.from ?? today;
  const to = query.to ?? addDays(from, CARE_CALENDAR_DEFAULT_DAYS - 1);
  if (to < from) throw new AppError('VALIDATION', undefined, { to: M.toBeforeFrom });
  if (addDays(from, CARE_CALENDAR_SPAN_DAYS - 1) < to) throw new AppError('VALIDATION', undefined, { to: M.spanTooLong });
  const head = await teamHead(db, access);
  // An ended team's calendar stops: nothing more happens on it.
  const tasks = team.status === 'active' ? await tasksBetween(db, teamId, from, to) : [];
  const occurrences = await occurrencesFor(db, access, tasks, { from, to, now, i18n });
  const series = access.mayManage ? await seriesOf(db, teamId, today, i18n) : [];
  const earlier = addDays(from, -CARE_CALENDAR_DEFAULT_DAYS);
  return { team: head, from, to, today, earlier, later: addDays(to, 1), occurrences, tasks: series };
}

/** Every date of these tasks in [from, to], in order of time, with who signed up and what the viewer may do. */
async function occurrencesFor(
  db: Db | Tx,
  access: TeamAccess,
  tasks: CareTaskRow[],
  { from, to, now, i18n }: { from: string; to: string; now: Date; i18n: I18n },
): Promise<CareOccurrence[]> {
  const ids = tasks.map((t) => t.id);
  const [skips, claims] = await Promise.all([skipsOf(db, ids), activeClaimsOf(db, ids)]);
  const names = await namesOf(
    db,
    [...claims.values()].flat().map((c) => c.uid),
  );
  const role = access.active ? access.membership!.role : null;
  const states = role ? await clearancesOf(db, access.membership!.uid, clearanceToday(now)) : [];
  const uid = access.membership?.uid ?? null;
  const out: CareOccurrence[] = [];
  for (const task of tasks) {
    const mayKind = role !== null && mayClaimKind(task.kind, role, states);
    const label = repeatLabel(task, i18n);
    for (const o of occurrencesOf(timingOf(task), access.team.timeZone, { from, to, skipped: skips.get(task.id) })) {
      const holding = claimsOn(claims.get(task.id) ?? [], o.occursOn);
      const spotsLeft = Math.max(0, task.helpersNeeded - holding.length);
      const mine = holding.some((c) => c.uid === uid);
      out.push({
        taskId: task.id,
        occursOn: o.occursOn,
        startsAt: o.startsAt.toISOString(),
        endsAt: o.endsAt.toISOString(),
        time: task.startTime,
        kind: task.kind,
        title: careTaskTitleIn(i18n, task.kind, task.title),
        notes: task.notes,
        place: placeOf(task, access.team, access.seesDetails, i18n),
        helpersNeeded: task.helpersNeeded,
        claims: holding.map((c) => ({ id: c.id, name: names.get(c.uid) ?? '', mine: c.uid === uid, series: c.occursOn === null })),
        spotsLeft,
        mayClaim: mayKind && !mine && spotsLeft > 0 && o.startsAt > now,
        repeatLabel: label,
      });
    }
  }
  return out.sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.taskId - b.taskId);
}

/** The series the family and the leader edit: every task not cancelled whose dates reach today or later. */
async function seriesOf(db: Db | Tx, teamId: number, today: string, i18n: I18n): Promise<CareTaskSeries[]> {
  const rows = await tasksWhere(db, teamId, or(gte(careTask.startDate, today), isNull(careTask.until), gte(careTask.until, today)));
  return (
    rows
      // A one-off task of a past date is over; a series goes on until its last date.
      .filter((t) => t.startDate >= today || t.rrule !== null)
      .map((t) => ({
        id: t.id,
        kind: t.kind,
        title: careTaskTitleIn(i18n, t.kind, t.title),
        notes: t.notes,
        date: t.startDate,
        time: t.startTime,
        durationMinutes: t.durationMinutes,
        atHome: t.atHome,
        town: t.town,
        helpersNeeded: t.helpersNeeded,
        repeat: repeatOf(t.rrule),
        until: t.until,
        repeatLabel: repeatLabel(t, i18n),
      }))
  );
}

/** An active team the viewer manages, for a change of its calendar. */
async function managedTeam(db: Db | Tx, viewer: CareViewer, teamId: number, now: Date): Promise<TeamAccess> {
  const access = await teamAccess(db, teamId, viewer, { now, manage: true });
  if (access.team.status !== 'active') throw new AppError('CONFLICT', M.teamNotActive);
  return access;
}

type TaskFields = Omit<typeof careTask.$inferInsert, 'id' | 'teamId' | 'createdBy' | 'createdAt' | 'updatedAt' | 'cancelledAt'>;

/** The row's fields from the form, checked against the team's today: a first date not past (when `checkDate`). */
function taskFieldsOf(
  input: ReturnType<typeof careTaskCreateSchema.parse> & { time: string },
  today: string,
  { checkDate }: { checkDate: boolean },
): TaskFields {
  const errors: Record<string, string> = {};
  if (checkDate && input.date < today) errors.date = M.datePast;
  if (input.date > addDays(today, CARE_HORIZON_DAYS)) errors.date = M.dateTooFar;
  if (input.repeat !== 'once' && input.until && input.until < input.date) errors.until = M.untilBeforeDate;
  if (!input.atHome && !input.town) errors.town = M.townNeeded;
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION', undefined, errors);
  return {
    kind: input.kind,
    title: careTaskTitle(input.kind, input.title),
    notes: input.notes ?? null,
    startDate: input.date,
    startTime: input.time,
    durationMinutes: input.durationMinutes,
    atHome: input.atHome,
    town: input.atHome ? null : (input.town ?? null),
    helpersNeeded: input.helpersNeeded,
    rrule: ruleOf(input.repeat, input.date),
    until: input.repeat === 'once' ? null : (input.until ?? null),
  };
}

/** "a meal on Saturday, December 5 at 5:30 pm" (or "…every week on Saturday, from…"), in a language. */
function askedLine(i18n: I18n, fields: Pick<TaskFields, 'kind' | 'startDate' | 'startTime' | 'rrule' | 'until'>) {
  const locale = localeOfI18n(i18n);
  const ask = i18n._(CARE_KIND_ASKS[fields.kind]);
  const date = careDateLabel(fields.startDate, locale);
  const time = careTimeLabel(fields.startTime, locale);
  if (!fields.rrule) return i18n._(/*i18n*/ '{ask} on {date} at {time}', { ask, date, time });
  const repeat = inSentence(repeatLabel({ startDate: fields.startDate, rrule: fields.rrule, until: fields.until ?? null }, i18n));
  return i18n._(/*i18n*/ '{ask} {repeat}, from {date} at {time}', { ask, repeat, date, time });
}

/** Adds a task (the full form, or "We need…" with a kind and a date); the rest of the team is told. */
export async function createTask(
  deps: CalendarDeps,
  { who, admin }: { who: SessionUser; admin: boolean },
  teamId: number,
  raw: CareTaskCreateInput,
): Promise<{ id: number; date: string; time: string }> {
  const input = careTaskCreateSchema.parse(raw);
  const now = deps.clock.now();
  const { db } = deps.database;
  const made = await db.transaction(async (tx) => {
    const access = await managedTeam(tx, { uid: who.id, admin }, teamId, now);
    const actor = await careActorOf(tx, who);
    const time = input.time ?? CARE_DEFAULT_TIMES[input.kind];
    const fields = taskFieldsOf({ ...input, time }, teamToday(access.team, now), { checkDate: true });
    const [row] = await tx
      .insert(careTask)
      .values({ ...fields, teamId, createdBy: who.id, createdAt: now, updatedAt: now })
      .returning({ id: careTask.id });
    await deps.live.publish(tx, { topic: careTeamTopic(teamId), kind: 'created', id: String(row!.id) });
    const head = await teamHead(tx, access);
    const name = head.familyFirstName;
    const titled = fields.title !== careTaskTitle(fields.kind, null);
    const others = (await activeMembersOf(tx, teamId)).map((m) => m.uid);
    await notifyCare(deps, tx, {
      teamId,
      recipients: others,
      actor,
      text: (i18n) => i18n._(/*i18n*/ 'asked for {what}', { what: askedLine(i18n, fields) }),
      mail: (i18n) => {
        const what = askedLine(i18n, fields);
        return {
          subject: i18n._(/*i18n*/ '{name}’s family needs {what}', { name, what }),
          paragraphs: [
            titled
              ? i18n._(/*i18n*/ '{name}’s family needs {what} (“{title}”).', { name, what, title: fields.title })
              : i18n._(/*i18n*/ '{name}’s family needs {what}.', { name, what }),
            i18n._(/*i18n*/ 'If you can, sign up for it on the team’s calendar, so the family knows who is coming.'),
          ],
        };
      },
      now,
    });
    return { id: row!.id, date: fields.startDate, time };
  });
  deps.outbox.wake();
  deps.logger.info('care task added', { teamId, taskId: made.id, uid: who.id });
  return made;
}

/** Withdraws these sign-ups (their date went away, or a sign-up for every date replaces them). */
export async function withdrawAll(tx: Tx, claims: CareClaimRow[], now: Date): Promise<void> {
  if (claims.length === 0) return;
  await tx
    .update(careClaim)
    .set({ withdrawnAt: now })
    .where(
      inArray(
        careClaim.id,
        claims.map((c) => c.id),
      ),
    );
}

/** The claimers holding a task's dates (a date's claims, or every date's), to tell them of a change. */
function claimersOf(claims: CareClaimRow[]): string[] {
  return [...new Set(claims.map((c) => c.uid))];
}

type Viewer = { who: SessionUser; admin: boolean };
type TaskChange = { access: TeamAccess; actor: { uid: string; name: string }; task: CareTaskRow; now: Date };

/**
 * A change of one task of an active team the viewer manages: one transaction, the task's row locked (claims take
 * it too), a cancelled task not found; the mail it queues leaves once it is saved.
 */
async function changeTask<T>(
  deps: CalendarDeps,
  { who, admin }: Viewer,
  { teamId, taskId }: { teamId: number; taskId: number },
  change: (tx: Tx, context: TaskChange) => Promise<T>,
): Promise<T> {
  const now = deps.clock.now();
  const result = await deps.database.db.transaction(async (tx) => {
    const access = await managedTeam(tx, { uid: who.id, admin }, teamId, now);
    const actor = await careActorOf(tx, who);
    const task = await taskOf(tx, teamId, taskId, { lock: true });
    if (task.cancelledAt) throw new AppError('NOT_FOUND', CARE_TASK_NOT_FOUND);
    return change(tx, { access, actor, task, now });
  });
  deps.outbox.wake();
  return result;
}

/** Changes a task or a series; sign-ups for dates it no longer has are withdrawn and their helpers told. */
export async function editTask(
  deps: CalendarDeps,
  { who, admin }: { who: SessionUser; admin: boolean },
  { teamId, taskId }: { teamId: number; taskId: number },
  raw: CareTaskEditInput,
): Promise<void> {
  const input = careTaskCreateSchema.parse(raw);
  await changeTask(deps, { who, admin }, { teamId, taskId }, async (tx, { access, actor, task, now }) => {
    // A series that began in the past keeps its first date; a new first date must not be past.
    const fields = taskFieldsOf({ ...input, time: input.time ?? task.startTime }, teamToday(access.team, now), {
      checkDate: input.date !== task.startDate,
    });
    await tx
      .update(careTask)
      .set({ ...fields, updatedAt: now })
      .where(eq(careTask.id, taskId));
    const timing: TaskTiming = {
      startDate: fields.startDate,
      startTime: fields.startTime,
      durationMinutes: fields.durationMinutes ?? 60,
      rrule: fields.rrule ?? null,
      until: fields.until ?? null,
    };
    const claims = (await activeClaimsOf(tx, [taskId])).get(taskId) ?? [];
    const gone = claims.filter((c) => c.occursOn !== null && !occursOn(timing, c.occursOn));
    await withdrawAll(tx, gone, now);
    for (const uid of claimersOf(gone)) await deps.live.publish(tx, { topic: myCareTeamsTopic(uid), kind: 'updated' });
    await deps.live.publish(tx, { topic: careTeamTopic(teamId), kind: 'updated', id: String(taskId) });
    await notifyCare(deps, tx, {
      teamId,
      recipients: claimersOf(claims),
      actor,
      text: (i18n) => i18n._(/*i18n*/ 'changed “{title}” on the calendar', { title: careTaskTitleIn(i18n, fields.kind, fields.title) }),
      mail: (i18n) => {
        const locale = localeOfI18n(i18n);
        const title = careTaskTitleIn(i18n, fields.kind, fields.title);
        return {
          subject: i18n._(/*i18n*/ '“{title}” changed on the care team’s calendar', { title }),
          paragraphs: [
            i18n._(/*i18n*/ '{name} changed “{title}”, which you signed up for: it is now {repeat}, from {date} at {time}.', {
              name: actor.name,
              title,
              repeat: inSentence(repeatLabel(timing, i18n)),
              date: careDateLabel(fields.startDate, locale),
              time: careTimeLabel(fields.startTime, locale),
            }),
            gone.length > 0
              ? i18n._(/*i18n*/ 'Your sign-up for a date it no longer has was withdrawn. Have a look at the calendar.')
              : i18n._(/*i18n*/ 'Your sign-up stands. Have a look at the calendar.'),
          ],
        };
      },
      now,
    });
  });
}

/** Cancels a task and every date of it; those signed up are told. */
export async function cancelTask(
  deps: CalendarDeps,
  { who, admin }: { who: SessionUser; admin: boolean },
  { teamId, taskId }: { teamId: number; taskId: number },
): Promise<void> {
  await changeTask(deps, { who, admin }, { teamId, taskId }, async (tx, { actor, task, now }) => {
    await tx.update(careTask).set({ cancelledAt: now, updatedAt: now }).where(eq(careTask.id, taskId));
    const claims = (await activeClaimsOf(tx, [taskId])).get(taskId) ?? [];
    await deps.live.publish(tx, { topic: careTeamTopic(teamId), kind: 'deleted', id: String(taskId) });
    for (const uid of claimersOf(claims)) await deps.live.publish(tx, { topic: myCareTeamsTopic(uid), kind: 'updated' });
    await notifyCare(deps, tx, {
      teamId,
      recipients: claimersOf(claims),
      actor,
      text: (i18n) => i18n._(/*i18n*/ 'cancelled “{title}”', { title: careTaskTitleIn(i18n, task.kind, task.title) }),
      mail: (i18n) => {
        const title = careTaskTitleIn(i18n, task.kind, task.title);
        return {
          subject: i18n._(/*i18n*/ '“{title}” is cancelled', { title }),
          paragraphs: [
            i18n._(/*i18n*/ '{name} cancelled “{title}” ({repeat}), which you signed up for. Thank you for offering.', {
              name: actor.name,
              title,
              repeat: inSentence(repeatLabel(task, i18n)),
            }),
          ],
        };
      },
      now,
    });
  });
}

/** Cancels one date of a task; those signed up for it are told (a sign-up for that date only is withdrawn). */
export async function skipOccurrence(
  deps: CalendarDeps,
  { who, admin }: { who: SessionUser; admin: boolean },
  { teamId, taskId, date }: { teamId: number; taskId: number; date: string },
): Promise<void> {
  await changeTask(deps, { who, admin }, { teamId, taskId }, async (tx, { access, actor, task, now }) => {
    if (!occursOn(timingOf(task), date)) throw new AppError('NOT_FOUND', M.noOccurrence);
    if (date < teamToday(access.team, now)) throw new AppError('CONFLICT', M.occurrencePast);
    const skipped = (await skipsOf(tx, [taskId])).get(taskId)!;
    if (skipped.has(date)) return;
    await tx.insert(careTaskSkip).values({ taskId, occursOn: date }).onConflictDoNothing();
    const holding = claimsOn((await activeClaimsOf(tx, [taskId])).get(taskId) ?? [], date);
    const single = holding.filter((c) => c.occursOn === date);
    await withdrawAll(tx, single, now);
    await deps.live.publish(tx, { topic: careTeamTopic(teamId), kind: 'updated', id: String(taskId) });
    for (const uid of claimersOf(holding)) await deps.live.publish(tx, { topic: myCareTeamsTopic(uid), kind: 'updated' });
    const words = (i18n: I18n) => ({ title: careTaskTitleIn(i18n, task.kind, task.title), day: careDateLabel(date, localeOfI18n(i18n)) });
    await notifyCare(deps, tx, {
      teamId,
      recipients: claimersOf(holding),
      actor,
      text: (i18n) => i18n._(/*i18n*/ 'cancelled “{title}” on {day}', words(i18n)),
      mail: (i18n) => ({
        subject: i18n._(/*i18n*/ '“{title}” on {day} is cancelled', words(i18n)),
        paragraphs: [
          i18n._(
            /*i18n*/ '{name} cancelled “{title}” on {day}, which you signed up for. Nothing is needed that day. Thank you for offering.',
            {
              name: actor.name,
              ...words(i18n),
            },
          ),
        ],
      }),
      now,
    });
  });
}

/**
 * The member's sign-ups of the next CARE_MY_TASKS_DAYS days on the active teams they are an active member of (the
 * dashboard), and the teams they manage (where "We need…" asks).
 */
export async function myCareTasks(
  deps: Pick<CalendarDeps, 'database' | 'clock'>,
  uid: string,
  i18n: I18n = i18nFor('en'),
): Promise<MyCareTasks> {
  const { db } = deps.database;
  const now = deps.clock.now();
  const teams = await db
    .select({ team: careTeam, role: careTeamMember.role })
    .from(careTeamMember)
    .innerJoin(careTeam, eq(careTeam.id, careTeamMember.teamId))
    .where(and(eq(careTeamMember.uid, uid), eq(careTeamMember.status, 'active'), eq(careTeam.status, 'active')))
    .orderBy(asc(careTeam.name));
  const manages = teams
    .filter((t) => t.role === 'family' || t.role === 'leader')
    .map(({ team }) => ({ id: team.id, name: team.name, today: teamToday(team, now) }));
  const helping = teams.filter((t) => t.role !== 'family');
  if (helping.length === 0) return { tasks: [], manages };
  const claims = await db
    .select({ claim: careClaim, task: careTask })
    .from(careClaim)
    .innerJoin(careTask, eq(careTask.id, careClaim.taskId))
    .where(
      and(
        eq(careClaim.uid, uid),
        isNull(careClaim.withdrawnAt),
        isNull(careTask.cancelledAt),
        inArray(
          careTask.teamId,
          helping.map((t) => t.team.id),
        ),
      ),
    );
  const skips = await skipsOf(
    db,
    claims.map((c) => c.task.id),
  );
  const states = await clearancesOf(db, uid, clearanceToday(now));
  const tasks: MyCareTask[] = [];
  for (const { team, role } of helping) {
    const today = teamToday(team, now);
    const to = addDays(today, CARE_MY_TASKS_DAYS - 1);
    const place = seesDetails(states, role);
    for (const { claim, task } of claims.filter((c) => c.task.teamId === team.id)) {
      const range = claim.occursOn === null ? { from: today, to } : { from: claim.occursOn, to: claim.occursOn };
      if (range.from < today || range.to > to) continue;
      for (const o of occurrencesOf(timingOf(task), team.timeZone, { ...range, skipped: skips.get(task.id) })) {
        if (o.endsAt <= now) continue;
        tasks.push({
          claimId: claim.id,
          teamId: team.id,
          teamName: team.name,
          taskId: task.id,
          occursOn: o.occursOn,
          startsAt: o.startsAt.toISOString(),
          time: task.startTime,
          timeZone: team.timeZone,
          kind: task.kind,
          title: careTaskTitleIn(i18n, task.kind, task.title),
          place: placeOf(task, team, place, i18n),
        });
      }
    }
  }
  return { tasks: tasks.sort((a, b) => a.startsAt.localeCompare(b.startsAt)), manages };
}
