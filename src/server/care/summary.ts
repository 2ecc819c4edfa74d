import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { CARE_SUMMARY_HOUR } from '../../shared/care';
import { careTeam } from '../db/schema';
import type { AppDeps } from '../deps';
import { MAIL_FORMS } from '../mail';
import { reachable } from '../notifications';
import { familyFirstName } from './access';
import { agendaOf, dayLabel, namesOf, spotsLeft, timeLabel } from './agenda';
import { mailCare } from './notify';
import { addDays, localParts } from './recurrence';
import { careTeamPath } from './store';
import { careTaskTitleIn } from '../../shared/care-calendar';
import type { I18n } from '../i18n';

// The family's Sunday summary (issue 27): each Sunday from CARE_SUMMARY_HOUR in the family's time zone, the
// family gets the coming week (Monday to Sunday) by mail: what is claimed and by whom, what is still open, and
// when nothing is planned, how to ask in one step. Once a week: the run claims the team by moving its
// summary_week to that Sunday in the statement that finds it, so two instances never send it twice.

type SummaryDeps = Pick<AppDeps, 'config' | 'database' | 'outbox' | 'live'>;

/** Mails the week's summary to each family whose Sunday hour has come. Answers the teams summarised. */
export async function sendWeekSummaries(deps: SummaryDeps, { now }: { now: Date }): Promise<number[]> {
  const teams = await deps.database.db.select().from(careTeam).where(eq(careTeam.status, 'active')).orderBy(careTeam.id);
  const sent: number[] = [];
  for (const candidate of teams) {
    const local = localParts(now, candidate.timeZone);
    if (local.weekday !== 0 || local.time < `${String(CARE_SUMMARY_HOUR).padStart(2, '0')}:00`) continue;
    const sunday = local.date;
    if (candidate.summaryWeek !== null && candidate.summaryWeek >= sunday) continue;
    const done = await deps.database.db.transaction(async (tx) => {
      const [team] = await tx
        .update(careTeam)
        .set({ summaryWeek: sunday })
        .where(
          and(
            eq(careTeam.id, candidate.id),
            eq(careTeam.status, 'active'),
            or(isNull(careTeam.summaryWeek), lt(careTeam.summaryWeek, sunday)),
          ),
        )
        .returning();
      if (!team) return false;
      const email = (await reachable(tx, [team.familyUid])).get(team.familyUid);
      if (!email) return true;
      const agenda = await agendaOf(tx, team, { from: addDays(sunday, 1), to: addDays(sunday, 7) });
      const names = await namesOf(
        tx,
        agenda.flatMap((item) => item.claims.map((c) => c.uid)),
      );
      const lines = (i18n: I18n) =>
        agenda.map((item) => {
          const who = item.claims.map((c) => names.get(c.uid) ?? i18n._(/*i18n*/ 'A helper'));
          const left = spotsLeft(item);
          const open = left > 0 ? i18n._(/*i18n*/ 'still open ({count, plural, one {# place} other {# places}})', { count: left }) : '';
          return i18n._(/*i18n*/ '{day}, {time}: {title}: {who}', {
            day: dayLabel(item.occursOn, i18n),
            time: timeLabel(item.task.startTime, i18n),
            title: careTaskTitleIn(i18n, item.task.kind, item.task.title),
            who: [who.join(', '), open].filter(Boolean).join('; '),
          });
        });
      const open = agenda.filter((item) => spotsLeft(item) > 0).length;
      const name = await familyFirstName(tx, team.familyUid);
      await mailCare(deps, tx, {
        recipients: [{ uid: team.familyUid, email, kind: 'care', notificationId: '' }],
        teamId: team.id,
        form: MAIL_FORMS.careSummary,
        now,
        mail: (i18n) => ({
          subject: i18n._(/*i18n*/ 'Your coming week with {team}', { team: team.name }),
          paragraphs:
            agenda.length === 0
              ? [
                  i18n._(/*i18n*/ '{name}, nothing is on your team’s calendar for the coming week.', { name }),
                  i18n._(
                    /*i18n*/ 'Need a meal, a ride or a few hours of rest? Asking is one step: choose what and when under “We need…”, and your team hears of it.',
                  ),
                  { action: `${deps.config.publicUrl}${careTeamPath(team.id)}/calendar`, label: i18n._(/*i18n*/ 'Ask your team') },
                ]
              : [
                  open > 0
                    ? i18n._(
                        /*i18n*/ '{name}, here is your coming week; {open, plural, one {# still needs a helper} other {# still need a helper}}, and your team will be asked again.',
                        { name, open },
                      )
                    : i18n._(/*i18n*/ '{name}, here is your coming week.', { name }),
                  { quote: lines(i18n).join('\n') },
                  { action: `${deps.config.publicUrl}${careTeamPath(team.id)}/calendar`, label: i18n._(/*i18n*/ 'Open the calendar') },
                ],
        }),
      });
      return true;
    });
    if (done) sent.push(candidate.id);
  }
  if (sent.length > 0) deps.outbox.wake();
  return sent;
}
