import { eq, inArray, sql } from 'drizzle-orm';
import { careTaskKindLabel, type CareRepeat, type CareRole, type CareTaskKind } from '../../shared/care';
import type { Auth } from '../auth';
import type { Db, Tx } from '../db/client';
import {
  careClaim,
  carePost,
  careTask,
  careTeam,
  careTeamMember,
  church,
  clearanceRecord,
  clearanceRequirement,
  profile,
  user,
} from '../db/schema';
import { addDays, addMonths, localParts, ruleOf, zonedInstant } from '../care';
import type { Locale } from '../../shared/i18n/locale';
import { DEMO_MEMBER_PASSWORD, ensureDemoAccount } from './seed';

// Care teams' demo content (issue 27): two teams around two demo foster families, each with helpers in different
// roles and the clearances those roles need (the agreement for most, one respite caregiver cleared by an admin,
// one mentor who has not signed the agreement yet), a month of calendar (a weekly meal, a ride every other week,
// a first-Saturday respite, some one-offs) with some occurrences claimed and some open, a few posts, and one team
// past its first anniversary, so the team pages, the calendar, the feed and the admin's figures all have something
// to show. Grace Miller (the demo member a visitor signs in as) leads the first team.

const demo = (name: string) => `${name}@demo.example.org`;
const DAY = 24 * 60 * 60 * 1000;

/** Helpers the demo members do not include: made here, with their profiles, so the teams have 3–5 helpers each. */
const HELPERS = [
  { email: demo('beth.carter'), firstName: 'Beth', lastName: 'Carter', city: 'Springfield', state: 'MO' },
  { email: demo('noah.reed'), firstName: 'Noah', lastName: 'Reed', city: 'Ozark', state: 'MO' },
  { email: demo('olivia.grant'), firstName: 'Olivia', lastName: 'Grant', city: 'Concord', state: 'NH' },
  { email: demo('marcos.rivera'), firstName: 'Marcos', lastName: 'Rivera', city: 'Manchester', state: 'NH' },
];

type DemoTask = {
  kind: CareTaskKind;
  title?: string;
  notes?: string;
  /** The first date: days from today (negative: it started before), moved to the weekday named. */
  startsIn: number;
  weekday?: number;
  /** Or the first Saturday of the month from now on. */
  firstSaturday?: true;
  time: string;
  minutes: number;
  town?: string;
  helpersNeeded?: number;
  repeat: CareRepeat;
  /** Claims by occurrence: the nth occurrence (0 the first) and who; `series` claims every one. */
  claims?: Array<{ nth: number; by: string } | { series: true; by: string }>;
};

type DemoTeam = {
  family: string;
  name: string;
  church: string;
  timeZone: string;
  /** Days ago the team started; past a year, the anniversary question was asked and answered. */
  startedDaysAgo: number;
  details: { address: string; food: string; bestTimes: string; childrenAges: number[] };
  members: Array<{ email: string; role: Exclude<CareRole, 'family'> }>;
  tasks: DemoTask[];
  /** Each in English unless it says otherwise (issue 28: members write in the language they like). */
  posts: Array<{ by: string; kind: 'update' | 'prayer'; body: string; daysAgo: number; language?: Locale }>;
};

const TEAMS: DemoTeam[] = [
  {
    family: demo('linda.park'),
    name: "The Parks' care team",
    church: 'Central Assembly of God',
    timeZone: 'America/Chicago',
    startedDaysAgo: 45,
    details: {
      address: '214 Walnut Lane, Nixa, MO 65714',
      food: 'No peanuts (the younger one is allergic). Mild food; they love tacos.',
      bestTimes: 'Drop-offs after 5 pm on weekdays; Saturdays any time.',
      childrenAges: [6, 8],
    },
    members: [
      { email: demo('grace.miller'), role: 'leader' },
      { email: demo('tom.baker'), role: 'helper' },
      { email: demo('beth.carter'), role: 'respite' },
      { email: demo('noah.reed'), role: 'mentor' },
    ],
    tasks: [
      {
        kind: 'meal',
        title: 'Thursday dinner',
        notes: 'For four. Leave it in the cooler by the door if nobody answers.',
        startsIn: -21,
        weekday: 4,
        time: '17:30',
        minutes: 60,
        repeat: 'weekly',
        claims: [
          { nth: 0, by: demo('tom.baker') },
          { nth: 1, by: demo('grace.miller') },
          { nth: 2, by: demo('tom.baker') },
          { nth: 3, by: demo('grace.miller') },
          { nth: 4, by: demo('tom.baker') },
        ],
      },
      {
        kind: 'ride',
        title: 'Ride to the therapy appointment',
        startsIn: -12,
        weekday: 2,
        time: '08:00',
        minutes: 90,
        town: 'Springfield',
        repeat: 'every_other_week',
        claims: [
          { nth: 0, by: demo('grace.miller') },
          { nth: 1, by: demo('tom.baker') },
        ],
      },
      {
        kind: 'respite',
        title: 'Saturday respite',
        notes: 'A few hours so the parents can rest.',
        startsIn: 0,
        firstSaturday: true,
        time: '10:00',
        minutes: 240,
        repeat: 'monthly_weekday',
        claims: [{ series: true, by: demo('beth.carter') }],
      },
      { kind: 'errand', title: 'School supplies pick-up', startsIn: 5, time: '10:00', minutes: 60, town: 'Springfield', repeat: 'once' },
      { kind: 'childcare', title: 'Childcare for a parents’ evening', startsIn: 10, time: '18:00', minutes: 180, repeat: 'once' },
      {
        kind: 'other',
        title: 'Mow the lawn',
        startsIn: 3,
        time: '09:00',
        minutes: 90,
        repeat: 'once',
        claims: [{ nth: 0, by: demo('noah.reed') }],
      },
    ],
    posts: [
      {
        by: demo('linda.park'),
        kind: 'update',
        body: 'The boys have settled in. Thank you all for the dinners: it has made every Thursday easier.',
        daysAgo: 6,
      },
      {
        by: demo('grace.miller'),
        kind: 'prayer',
        body: 'Please pray for the court hearing next week, and for peace for the whole family.',
        daysAgo: 3,
      },
      { by: demo('tom.baker'), kind: 'update', body: 'I can take an extra ride this month if one comes up.', daysAgo: 1 },
    ],
  },
  {
    family: demo('samuel.brooks'),
    name: "The Brookses' circle",
    church: 'Granite Hill Church',
    timeZone: 'America/New_York',
    startedDaysAgo: 400,
    details: {
      address: '9 Pleasant Street, Concord, NH 03301',
      food: 'Vegetarian family; no restrictions for the little one.',
      bestTimes: 'Evenings after 6 pm.',
      childrenAges: [3],
    },
    members: [
      { email: demo('hannah.lee'), role: 'leader' },
      { email: demo('olivia.grant'), role: 'helper' },
      { email: demo('marcos.rivera'), role: 'helper' },
    ],
    tasks: [
      {
        kind: 'meal',
        title: 'Monday dinner',
        startsIn: -14,
        weekday: 1,
        time: '18:30',
        minutes: 60,
        helpersNeeded: 1,
        repeat: 'weekly',
        claims: [
          { nth: 0, by: demo('olivia.grant') },
          { nth: 1, by: demo('marcos.rivera') },
          { nth: 2, by: demo('olivia.grant') },
        ],
      },
      {
        kind: 'errand',
        title: 'Groceries',
        startsIn: -7,
        weekday: 6,
        time: '10:00',
        minutes: 60,
        town: 'Concord',
        repeat: 'every_other_week',
        claims: [{ series: true, by: demo('marcos.rivera') }],
      },
      { kind: 'ride', title: 'Ride to the pediatrician', startsIn: 8, time: '09:15', minutes: 60, town: 'Concord', repeat: 'once' },
    ],
    posts: [
      {
        by: demo('samuel.brooks'),
        kind: 'update',
        body: 'A year with this team today. We could not have kept going without you.',
        daysAgo: 35,
      },
      {
        by: demo('marcos.rivera'),
        kind: 'update',
        body: 'Dejé las compras del sábado en la puerta, como siempre. Si necesitan algo más esta semana, avísenme con confianza.',
        daysAgo: 4,
        language: 'es',
      },
      { by: demo('hannah.lee'), kind: 'prayer', body: 'Please pray for good sleep for the little one this week.', daysAgo: 2 },
    ],
  },
];

/** The demo helpers' accounts (addresses confirmed) and profiles, made once each. */
async function ensureHelpers(db: Db, auth: Auth, now: Date): Promise<void> {
  for (const [i, h] of HELPERS.entries()) {
    const account = await ensureDemoAccount(db, auth, h.email, DEMO_MEMBER_PASSWORD);
    if (!account.isNew) continue;
    await db
      .update(profile)
      .set({
        firstName: h.firstName,
        lastName: h.lastName,
        phone: `41755502${String(i + 10).padStart(2, '0')}`,
        city: h.city,
        state: h.state,
        agAffiliated: 'Yes',
        fosterParent: 'No',
        numberOfFosterKids: 0,
        savedAt: now,
      })
      .where(eq(profile.uid, account.id));
  }
}

/** The first date on or after `date` that falls on `weekday` (0 Sunday), in the family's calendar. */
function onWeekday(date: string, weekday: number, timeZone: string): string {
  let day = date;
  while (localParts(zonedInstant(day, '12:00', timeZone), timeZone).weekday !== weekday) day = addDays(day, 1);
  return day;
}

/** The next first Saturday of a month, from `today` on. */
function nextFirstSaturday(today: string, timeZone: string): string {
  const thisMonth = onWeekday(`${today.slice(0, 7)}-01`, 6, timeZone);
  return thisMonth >= today ? thisMonth : onWeekday(`${addMonths(`${today.slice(0, 7)}-01`, 1)}`, 6, timeZone);
}

/** The nth date of a task that repeats by `repeat` from `start` (first Saturdays are found again each month). */
function nthDate(task: DemoTask, start: string, nth: number, timeZone: string): string {
  switch (task.repeat) {
    case 'weekly':
      return addDays(start, 7 * nth);
    case 'every_other_week':
      return addDays(start, 14 * nth);
    case 'monthly_weekday':
      return onWeekday(addMonths(`${start.slice(0, 7)}-01`, nth), 6, timeZone);
    default:
      return start;
  }
}

/** The requirements' ids by kind (the three every install starts with). */
async function requirementsOf(db: Db): Promise<Record<'agreement' | 'background_check' | 'training', { id: number; validMonths: number }>> {
  const rows = await db.select().from(clearanceRequirement);
  const of = (kind: string) => {
    const found = rows.find((r) => r.kind === kind && r.archivedAt === null);
    if (!found) throw new Error(`clearance requirement ${kind} is missing`);
    return { id: found.id, validMonths: found.validMonths };
  };
  return { agreement: of('agreement'), background_check: of('background_check'), training: of('training') };
}

/**
 * Demo care teams for the embedded default (never in production), added once: when there is no care team yet
 * and the demo members and churches exist (seedDemo and seedDemoChurches run first).
 */
export async function seedDemoCare(db: Db, auth: Auth, now = new Date()): Promise<{ created: number }> {
  const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(careTeam)) as [{ count: number }];
  if (count > 0) return { created: 0 };
  await ensureHelpers(db, auth, now);
  const emails = [...new Set(TEAMS.flatMap((t) => [t.family, ...t.members.map((m) => m.email)]))];
  const accounts = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(inArray(user.email, [...emails, demo('admin')]));
  const uids = new Map(accounts.map((a) => [a.email, a.id]));
  const uid = (email: string) => {
    const id = uids.get(email);
    if (!id) throw new Error(`demo member ${email} is missing`);
    return id;
  };
  const churches = await db.select({ id: church.id, name: church.name }).from(church);
  const requirements = await requirementsOf(db);
  const adminUid = uids.get(demo('admin')) ?? null;

  await db.transaction(async (tx) => {
    await seedClearances(tx, requirements, uid, adminUid, now);
    for (const team of TEAMS) await seedTeam(tx, team, uid, churches, now);
  });
  return { created: TEAMS.length };
}

/**
 * Clearances: the agreement for every helper but Noah (a mentor who has not signed it yet: he sees the team, not
 * the family's details), and Beth cleared for respite (a background check and the training, recorded by the admin).
 */
async function seedClearances(
  tx: Tx,
  requirements: Awaited<ReturnType<typeof requirementsOf>>,
  uid: (email: string) => string,
  adminUid: string | null,
  now: Date,
) {
  const today = now.toISOString().slice(0, 10);
  const record = (email: string, kind: keyof typeof requirements, daysAgo: number, verifiedBy: string | null) => {
    const completedOn = addDays(today, -daysAgo);
    return {
      uid: uid(email),
      requirementId: requirements[kind].id,
      status: 'cleared' as const,
      completedOn,
      expiresOn: addMonths(completedOn, requirements[kind].validMonths),
      verifiedBy,
      recordedAt: new Date(now.getTime() - daysAgo * DAY),
    };
  };
  const agreed = ['grace.miller', 'tom.baker', 'beth.carter', 'hannah.lee', 'olivia.grant', 'marcos.rivera'].map(demo);
  await tx
    .insert(clearanceRecord)
    .values([
      ...agreed.map((email, i) => record(email, 'agreement', 30 + i * 5, uid(email))),
      record(demo('beth.carter'), 'background_check', 60, adminUid),
      record(demo('beth.carter'), 'training', 50, adminUid),
    ])
    .onConflictDoNothing();
}

async function seedTeam(
  tx: Tx,
  team: DemoTeam,
  uid: (email: string) => string,
  churches: Array<{ id: number; name: string }>,
  now: Date,
): Promise<void> {
  const startedAt = new Date(now.getTime() - team.startedDaysAgo * DAY);
  const isPastAnniversary = team.startedDaysAgo > 366;
  const familyUid = uid(team.family);
  const [row] = await tx
    .insert(careTeam)
    .values({
      familyUid,
      churchId: churches.find((c) => c.name === team.church)?.id ?? null,
      name: team.name,
      status: 'active',
      timeZone: team.timeZone,
      address: team.details.address,
      food: team.details.food,
      bestTimes: team.details.bestTimes,
      childrenAges: team.details.childrenAges,
      detailsUpdatedAt: startedAt,
      startedBy: familyUid,
      createdAt: startedAt,
      acceptedAt: startedAt,
      anniversaryAskedAt: isPastAnniversary ? new Date(startedAt.getTime() + 365 * DAY) : null,
      stillFostering: isPastAnniversary ? true : null,
      stillFosteringAt: isPastAnniversary ? new Date(startedAt.getTime() + 366 * DAY) : null,
    })
    .returning({ id: careTeam.id });
  const teamId = row!.id;
  await tx.insert(careTeamMember).values([
    { teamId, uid: familyUid, role: 'family', status: 'active', joinedAt: startedAt },
    ...team.members.map((m, i) => {
      const joinedAt = new Date(startedAt.getTime() + (i + 1) * DAY);
      return {
        teamId,
        uid: uid(m.email),
        role: m.role,
        status: 'active' as const,
        invitedBy: familyUid,
        invitedAt: startedAt,
        requestedAt: joinedAt,
        joinedAt,
        approvedBy: familyUid,
      };
    }),
  ]);

  const today = localParts(now, team.timeZone).date;
  for (const task of team.tasks) {
    const from = addDays(today, task.startsIn);
    const startDate = task.firstSaturday
      ? nextFirstSaturday(from, team.timeZone)
      : task.weekday === undefined
        ? from
        : onWeekday(from, task.weekday, team.timeZone);
    // Asked for a few days before its first date (or before the team's demo month began).
    const createdAt = new Date(Math.min(zonedInstant(startDate, task.time, team.timeZone).getTime() - 4 * DAY, now.getTime() - DAY));
    const [made] = await tx
      .insert(careTask)
      .values({
        teamId,
        kind: task.kind,
        title: task.title ?? careTaskKindLabel(task.kind),
        notes: task.notes ?? null,
        startDate,
        startTime: task.time,
        durationMinutes: task.minutes,
        atHome: !task.town,
        town: task.town ?? null,
        helpersNeeded: task.helpersNeeded ?? 1,
        rrule: ruleOf(task.repeat, startDate),
        createdBy: familyUid,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: careTask.id });
    // Each claim made a day after the task was asked for (the figures' "time to a first helper").
    const claimedAt = new Date(createdAt.getTime() + DAY);
    for (const claim of task.claims ?? []) {
      await tx.insert(careClaim).values({
        taskId: made!.id,
        occursOn: 'series' in claim ? null : nthDate(task, startDate, claim.nth, team.timeZone),
        uid: uid(claim.by),
        createdAt: claimedAt,
      });
    }
  }
  await tx.insert(carePost).values(
    team.posts.map((p) => ({
      teamId,
      authorUid: uid(p.by),
      kind: p.kind,
      body: p.body,
      language: p.language ?? 'en',
      createdAt: new Date(now.getTime() - p.daysAgo * DAY),
    })),
  );
}
