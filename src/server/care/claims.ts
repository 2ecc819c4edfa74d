import { and, eq } from 'drizzle-orm';
import { CARE_HORIZON_DAYS, CARE_TASK_FULL, CARE_TASK_NOT_FOUND } from '../../shared/care';
import {
  CARE_CALENDAR_MESSAGES as M,
  CARE_KIND_DEEDS,
  inSentence,
  careDateLabel,
  careTimeLabel,
  type CareClaimInput,
} from '../../shared/care-calendar';
import { careClaim, careTask } from '../db/schema';
import { AppError } from '../http/errors';
import type { SessionUser } from '../http/session';
import { clearancesOf, clearanceToday, mayClaimKind, teamAccess } from './access';
import { careActorOf, teamToday, timingOf, withdrawAll, type CalendarDeps } from './calendar';
import { notifyCare } from './notify';
import { localeOfI18n, namesOf } from './agenda';
import type { I18n } from '../i18n';
import { addDays, occurrencesOf, repeatLabel } from './recurrence';
import { activeClaimsOf, careTeamTopic, claimsOn, myCareTeamsTopic, skipsOf, taskOf, type CareTaskRow } from './store';

// Signing up for a task (issue 27, part 2): one date, or every date of a repeating task. The task's row is locked
// for the whole change (taskOf with lock), so two helpers after the last place at once take turns: the second
// finds it taken and gets 409 CARE_TASK_FULL, and a date never has more helpers than it needs. The family hears
// of every sign-up and every withdrawal at once (the bell, and mail if they want it); only the helper who signed
// up may withdraw, not even the family (they cancel the date instead).

/** "bring a meal on Saturday, December 5 at 5:30 pm", or "…every week on Saturday" for every date. */
function deedOf(i18n: I18n, task: CareTaskRow, occursOn: string | null): string {
  const locale = localeOfI18n(i18n);
  const deed = task.kind === 'other' ? i18n._(/*i18n*/ 'help with “{title}”', { title: task.title }) : i18n._(CARE_KIND_DEEDS[task.kind]);
  const time = careTimeLabel(task.startTime, locale);
  if (occursOn === null) return i18n._(/*i18n*/ '{deed} {repeat} at {time}', { deed, repeat: inSentence(repeatLabel(task, i18n)), time });
  return i18n._(/*i18n*/ '{deed} on {date} at {time}', { deed, date: careDateLabel(occursOn, locale), time });
}

/** Signs the member up for one date or every date; never beyond the helpers the task needs. */
export async function claimTask(
  deps: CalendarDeps,
  { who, admin }: { who: SessionUser; admin: boolean },
  { teamId, taskId }: { teamId: number; taskId: number },
  input: CareClaimInput,
): Promise<{ id: number }> {
  const now = deps.clock.now();
  const { db } = deps.database;
  const made = await db.transaction(async (tx) => {
    const access = await teamAccess(tx, teamId, { uid: who.id, admin }, { now });
    if (!access.active) throw new AppError('FORBIDDEN', M.mayNotClaim);
    const actor = await careActorOf(tx, who);
    if (access.team.status !== 'active') throw new AppError('CONFLICT', M.teamNotActive);
    const task = await taskOf(tx, teamId, taskId, { lock: true });
    if (task.cancelledAt) throw new AppError('NOT_FOUND', CARE_TASK_NOT_FOUND);
    const states = await clearancesOf(tx, who.id, clearanceToday(now));
    if (!mayClaimKind(task.kind, access.membership!.role, states)) throw new AppError('FORBIDDEN', M.mayNotClaim);

    // A one-off task's "every date" is its one date.
    const date = input.series && task.rrule ? null : (input.occursOn ?? task.startDate);
    const claims = (await activeClaimsOf(tx, [taskId])).get(taskId) ?? [];
    const skipped = (await skipsOf(tx, [taskId])).get(taskId);
    const today = teamToday(access.team, now);
    const dates =
      date === null
        ? occurrencesOf(timingOf(task), access.team.timeZone, { from: today, to: addDays(today, CARE_HORIZON_DAYS), skipped })
        : occurrencesOf(timingOf(task), access.team.timeZone, { from: date, to: date, skipped });
    if (date !== null && dates.length === 0) throw new AppError('NOT_FOUND', M.noOccurrence);
    const ahead = dates.filter((o) => o.startsAt > now);
    if (ahead.length === 0) throw new AppError('CONFLICT', M.occurrencePast);
    const mineBefore = claims.filter((c) => c.uid === who.id);
    if (date === null ? mineBefore.some((c) => c.occursOn === null) : claimsOn(mineBefore, date).length > 0)
      throw new AppError('CONFLICT', M.alreadyClaimed);
    // Full when any date it would hold already has its helpers (the member's own one-date sign-ups give way to it).
    const others = claims.filter((c) => c.uid !== who.id);
    if (
      ahead.some(
        (o) => claimsOn(others, o.occursOn).length + (date === null ? 0 : claimsOn(mineBefore, o.occursOn).length) >= task.helpersNeeded,
      )
    )
      throw new AppError('CONFLICT', CARE_TASK_FULL);
    if (date === null) await withdrawAll(tx, mineBefore, now);

    const [row] = await tx
      .insert(careClaim)
      .values({ taskId, occursOn: date, uid: who.id, createdAt: now })
      .returning({ id: careClaim.id });
    await deps.live.publish(tx, { topic: careTeamTopic(teamId), kind: 'updated', id: String(taskId) });
    await deps.live.publish(tx, { topic: myCareTeamsTopic(who.id), kind: 'updated' });
    await notifyCare(deps, tx, {
      teamId,
      recipients: [access.team.familyUid],
      actor,
      text: (i18n) => i18n._(/*i18n*/ 'will {deed}', { deed: deedOf(i18n, task, date) }),
      mail: (i18n) => {
        const deed = deedOf(i18n, task, date);
        return {
          subject: i18n._(/*i18n*/ '{name} will {deed}', { name: actor.name, deed }),
          paragraphs: [i18n._(/*i18n*/ '{name} signed up on your care team’s calendar and will {deed}.', { name: actor.name, deed })],
        };
      },
      now,
    });
    return { id: row!.id };
  });
  deps.outbox.wake();
  deps.logger.info('care claim', { teamId, taskId, uid: who.id, claimId: made.id });
  return made;
}

/** Withdraws the member's own sign-up (nobody else's); the family is told at once. */
export async function withdrawClaim(
  deps: CalendarDeps,
  { who, admin }: { who: SessionUser; admin: boolean },
  { teamId, claimId }: { teamId: number; claimId: number },
): Promise<void> {
  const now = deps.clock.now();
  const { db } = deps.database;
  await db.transaction(async (tx) => {
    const access = await teamAccess(tx, teamId, { uid: who.id, admin }, { now });
    const [found] = await tx
      .select({ claim: careClaim })
      .from(careClaim)
      .innerJoin(careTask, eq(careTask.id, careClaim.taskId))
      .where(and(eq(careClaim.id, claimId), eq(careTask.teamId, teamId)));
    if (!found) throw new AppError('NOT_FOUND', M.claimNotFound);
    const task = await taskOf(tx, teamId, found.claim.taskId, { lock: true });
    const [claim] = await tx.select().from(careClaim).where(eq(careClaim.id, claimId));
    if (claim!.uid !== who.id) throw new AppError('FORBIDDEN', M.notClaimer);
    if (claim!.withdrawnAt) throw new AppError('CONFLICT', M.alreadyWithdrawn);
    if (claim!.occursOn !== null && claim!.occursOn < teamToday(access.team, now)) throw new AppError('CONFLICT', M.occurrencePast);
    await tx.update(careClaim).set({ withdrawnAt: now }).where(eq(careClaim.id, claimId));
    await deps.live.publish(tx, { topic: careTeamTopic(teamId), kind: 'updated', id: String(task.id) });
    await deps.live.publish(tx, { topic: myCareTeamsTopic(who.id), kind: 'updated' });
    // A suspended member may still let the family know they cannot come.
    const actor = { uid: who.id, name: (await namesOf(tx, [who.id])).get(who.id) ?? '' };
    const occurs = claim!.occursOn;
    await notifyCare(deps, tx, {
      teamId,
      recipients: [access.team.familyUid],
      actor,
      text: (i18n) => i18n._(/*i18n*/ 'can no longer {deed}', { deed: deedOf(i18n, task, occurs) }),
      mail: (i18n) => {
        const deed = deedOf(i18n, task, occurs);
        return {
          subject: i18n._(/*i18n*/ '{name} can no longer {deed}', { name: actor.name, deed }),
          paragraphs: [
            i18n._(/*i18n*/ '{name} withdrew from your care team’s calendar and can no longer {deed}.', { name: actor.name, deed }),
            i18n._(/*i18n*/ 'The place is open again on the calendar, for someone else on the team to take.'),
          ],
        };
      },
      now,
    });
  });
  deps.outbox.wake();
  deps.logger.info('care claim withdrawn', { teamId, claimId, uid: who.id });
}
