import { and, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import { CARE_ANNIVERSARY_MONTHS } from '../../shared/care';
import { CARE_ANNIVERSARY_NOT_ASKED, CARE_FAMILY_ONLY, type AnniversaryAnswer, type AnniversaryState } from '../../shared/care-feeds';
import type { Db, Tx } from '../db/client';
import { careTeam } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { MAIL_FORMS } from '../mail';
import { reachable, type Recipient } from '../notifications';
import { clearanceToday, familyFirstName, teamAccess, type CareViewer } from './access';
import { mailCare } from './notify';
import { addMonths } from './recurrence';
import { careTeamPath, careTeamTopic, type CareTeamRow } from './store';

// The anniversary question (issue 27): CARE_ANNIVERSARY_MONTHS after a team started (the family accepted it),
// the family is asked whether it is still fostering: by mail, and on its team page until it answers. The answer
// is the admin's figure "families still fostering after 12 months" (figures.ts). Asked once per team: the job
// claims the team by setting anniversary_asked_at in the statement that finds it, so two instances never ask
// twice.

type AnniversaryDeps = Pick<AppDeps, 'config' | 'database' | 'outbox' | 'live'>;

/** Teams one run asks at most; the next run goes on. */
const ANNIVERSARY_BATCH = 100;

/** The date a team's question is due: CARE_ANNIVERSARY_MONTHS after the day it started (UTC dates). */
export const anniversaryOf = (acceptedAt: Date) => addMonths(clearanceToday(acceptedAt), CARE_ANNIVERSARY_MONTHS);

/** Asks the families whose team's anniversary has come. Answers the teams asked. */
export async function askAnniversaries(deps: AnniversaryDeps, { now }: { now: Date }): Promise<number[]> {
  const today = clearanceToday(now);
  // A year before today at the latest (a coarse bound in SQL; the exact date, month lengths included, below).
  const candidates = await deps.database.db
    .select({ id: careTeam.id, acceptedAt: careTeam.acceptedAt })
    .from(careTeam)
    .where(
      and(
        eq(careTeam.status, 'active'),
        isNull(careTeam.anniversaryAskedAt),
        isNotNull(careTeam.acceptedAt),
        lte(careTeam.acceptedAt, new Date(`${addMonths(today, -CARE_ANNIVERSARY_MONTHS)}T23:59:59.999Z`)),
      ),
    )
    .limit(ANNIVERSARY_BATCH);
  const asked: number[] = [];
  for (const c of candidates) {
    if (anniversaryOf(c.acceptedAt!) > today) continue;
    const done = await deps.database.db.transaction(async (tx) => {
      const [team] = await tx
        .update(careTeam)
        .set({ anniversaryAskedAt: now })
        .where(and(eq(careTeam.id, c.id), isNull(careTeam.anniversaryAskedAt), eq(careTeam.status, 'active')))
        .returning();
      if (!team) return false;
      await askFamily(deps, tx, team, now);
      await deps.live.publish(tx, { topic: careTeamTopic(team.id), kind: 'updated', id: String(team.id) });
      return true;
    });
    if (done) asked.push(c.id);
  }
  if (asked.length > 0) deps.outbox.wake();
  return asked;
}

async function askFamily(deps: AnniversaryDeps, tx: Tx, team: CareTeamRow, now: Date) {
  const emails = await reachable(tx, [team.familyUid]);
  const email = emails.get(team.familyUid);
  if (!email) return;
  const recipients: Recipient[] = [{ uid: team.familyUid, email, kind: 'care', notificationId: '' }];
  const name = await familyFirstName(tx, team.familyUid);
  await mailCare(deps, tx, {
    recipients,
    teamId: team.id,
    form: MAIL_FORMS.careAnniversary,
    now,
    mail: (i18n) => ({
      subject: i18n._(/*i18n*/ 'A year with {team}', { team: team.name }),
      paragraphs: [
        i18n._(
          /*i18n*/ '{name}, your care team started a year ago. Thank you for opening your home, and for letting your church walk with you.',
          { name },
        ),
        i18n._(
          /*i18n*/ 'One question, for the churches to learn what helps families keep going: are you still fostering? Answer with one click on your team’s page.',
        ),
        { action: `${deps.config.publicUrl}${careTeamPath(team.id)}`, label: i18n._(/*i18n*/ 'Answer on your team’s page') },
      ],
    }),
  });
}

/** The question as the family's page shows it. Only the family: others of the team get 403. */
export async function anniversaryState(deps: Pick<AppDeps, 'database' | 'clock'>, input: AnniversaryInput): Promise<AnniversaryState> {
  const { team } = await familyAccess(deps, deps.database.db, input);
  return stateOf(team);
}

/** The family's answer: kept with its time (a later answer replaces it). */
export async function answerAnniversary(
  deps: AnniversaryDeps & Pick<AppDeps, 'clock'>,
  input: AnniversaryInput & { answer: AnniversaryAnswer },
): Promise<AnniversaryState> {
  const now = deps.clock.now();
  return deps.database.db.transaction(async (tx) => {
    const { team } = await familyAccess(deps, tx, input);
    if (!team.anniversaryAskedAt) throw new AppError('CONFLICT', CARE_ANNIVERSARY_NOT_ASKED);
    const [row] = await tx
      .update(careTeam)
      .set({ stillFostering: input.answer.stillFostering, stillFosteringAt: now })
      .where(eq(careTeam.id, team.id))
      .returning();
    await deps.live.publish(tx, { topic: careTeamTopic(team.id), kind: 'updated', id: String(team.id) });
    return stateOf(row!);
  });
}

type AnniversaryInput = { teamId: number; viewer: CareViewer };

async function familyAccess(deps: Pick<AppDeps, 'clock'>, db: Db | Tx, input: AnniversaryInput) {
  const access = await teamAccess(db, input.teamId, input.viewer, { now: deps.clock.now() });
  if (!access.isFamily) throw new AppError('FORBIDDEN', CARE_FAMILY_ONLY);
  return access;
}

function stateOf(team: CareTeamRow): AnniversaryState {
  return {
    state: !team.anniversaryAskedAt ? 'not_yet' : team.stillFostering === null ? 'due' : 'answered',
    stillFostering: team.stillFostering,
    answeredAt: team.stillFosteringAt?.toISOString() ?? null,
  };
}
