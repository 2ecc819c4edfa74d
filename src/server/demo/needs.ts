import { eq, inArray, sql } from 'drizzle-orm';
import type { NeedKind, NeedOutcome, NeedStatus, NeedUrgency } from '../../shared/needs';
import type { Auth } from '../auth';
import { locationColumns, placeOfZip } from '../churches';
import type { Db } from '../db/client';
import { caseworker, church, need, needCommitment, needItem, user } from '../db/schema';
import { newSupervisorLink } from '../needs';
import type { Locale } from '../../shared/i18n/locale';
import { DEMO_MEMBER_PASSWORD } from './seed';

// The needs board's demo content (issue 26): needs in several states and in every part of their life (open urgent
// and normal, partly committed, met with a thank-you, partly met, waiting for an admin, waiting for a caseworker's
// supervisor), with commitments from the demo members and their churches, so the board, a need's page, the map's
// layer, the landing band, a church's page and the admin's overview all have something to show.

const demo = (name: string) => `${name}@demo.example.org`;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** The demo caseworker: an approved account at an agency, with a supervisor (whose demo address takes no mail). */
export const DEMO_CASEWORKER = {
  email: demo('casey.jordan'),
  name: 'Casey Jordan',
  agency: 'Maricopa County Family Services',
  supervisorName: 'Dana Whitfield',
  supervisorEmail: 'dana.whitfield@agency.example.org',
};

type DemoCommitment = { by: string; item: number; quantity: number; forChurch?: string; hoursAfter: number };
type DemoNeed = {
  asker: string;
  askedAs: 'family' | 'church' | 'caseworker' | 'admin';
  /** A point person's church, by name. */
  church?: string;
  kind: NeedKind;
  title: string;
  description: string;
  /** The language the asker wrote in (issue 28); English unless said. */
  language?: Locale;
  zip: string;
  urgency: NeedUrgency;
  status: NeedStatus;
  /** Days before now it was asked; approved an hour later (unless waiting). */
  askedDaysAgo: number;
  items: Array<{ name: string; quantity: number; unitValue: number; note?: string }>;
  commitments?: DemoCommitment[];
  prayers?: string[];
  closed?: { daysAfter: number; outcome: NeedOutcome; childrenServed: number; thankYou?: string };
};

const NEEDS: DemoNeed[] = [
  {
    asker: demo('linda.park'),
    askedAs: 'family',
    kind: 'items',
    title: 'Twin bunk bed for two brothers',
    description: 'Two brothers, 6 and 8, came to us last night. They are sharing a single mattress until we find a bunk bed.',
    zip: '65802',
    urgency: 'urgent',
    status: 'open',
    askedDaysAgo: 0.3,
    items: [
      { name: 'Twin bunk bed', quantity: 1, unitValue: 300 },
      { name: 'Twin sheet sets', quantity: 2, unitValue: 25 },
    ],
    prayers: [demo('grace.miller')],
  },
  {
    asker: demo('ruth.nguyen'),
    askedAs: 'church',
    church: 'Bayou City Assembly',
    kind: 'meals',
    title: 'Dinners for a family of five in their first week',
    description: 'A family in our church took in a sibling group of three. Dinners for their first week would let them settle in.',
    zip: '77002',
    urgency: 'normal',
    status: 'open',
    askedDaysAgo: 2,
    items: [{ name: 'Dinner for a family of 5', quantity: 4, unitValue: 40, note: 'Monday to Thursday, delivered by 6 pm' }],
    commitments: [
      { by: demo('ruth.nguyen'), item: 0, quantity: 1, forChurch: 'Bayou City Assembly', hoursAfter: 5 },
      { by: demo('tom.baker'), item: 0, quantity: 1, hoursAfter: 20 },
    ],
  },
  {
    asker: DEMO_CASEWORKER.email,
    askedAs: 'caseworker',
    kind: 'rides',
    title: 'Rides to weekly family visits',
    description: 'A foster mother with a newborn needs rides to weekly family visits across town while her car is repaired.',
    zip: '85004',
    urgency: 'normal',
    status: 'open',
    askedDaysAgo: 4,
    items: [{ name: 'Round trip to a family visit', quantity: 6, unitValue: 30, note: 'Tuesdays, 10 am' }],
    commitments: [{ by: demo('daniel.ortiz'), item: 0, quantity: 2, forChurch: 'Desert Life Church', hoursAfter: 9 }],
    prayers: [demo('peter.olsen')],
  },
  {
    asker: demo('peter.olsen'),
    askedAs: 'family',
    kind: 'respite',
    title: 'Respite for a weekend in December',
    description: 'We have cared for a teenager for a year without a break. A licensed respite family for one weekend would help us rest.',
    zip: '80205',
    urgency: 'normal',
    status: 'open',
    askedDaysAgo: 1,
    items: [{ name: 'Weekend of respite care', quantity: 1, unitValue: 150 }],
  },
  {
    asker: demo('linda.park'),
    askedAs: 'family',
    kind: 'items',
    title: 'Car seat and stroller for a baby',
    description: 'We welcomed a baby girl this month and need a rear-facing car seat and a stroller.',
    zip: '65802',
    urgency: 'urgent',
    status: 'closed',
    askedDaysAgo: 24,
    items: [
      { name: 'Rear-facing car seat', quantity: 1, unitValue: 180 },
      { name: 'Stroller', quantity: 1, unitValue: 120 },
    ],
    commitments: [
      { by: demo('grace.miller'), item: 0, quantity: 1, forChurch: 'Central Assembly of God', hoursAfter: 3 },
      { by: demo('tom.baker'), item: 1, quantity: 1, hoursAfter: 7 },
    ],
    closed: {
      daysAfter: 3,
      outcome: 'met',
      childrenServed: 1,
      thankYou: 'Thank you, Central Assembly! The car seat was installed the same evening, and the stroller goes everywhere with us.',
    },
  },
  {
    asker: demo('admin'),
    askedAs: 'admin',
    kind: 'meals',
    title: 'Groceries for a new kinship family',
    description:
      'A grandmother is caring for three grandchildren on short notice. Two weeks of groceries would carry them to their first support payment.',
    zip: '85713',
    urgency: 'normal',
    status: 'closed',
    askedDaysAgo: 70,
    items: [{ name: 'A week of groceries', quantity: 2, unitValue: 150 }],
    commitments: [
      { by: demo('daniel.ortiz'), item: 0, quantity: 1, forChurch: 'Desert Life Church', hoursAfter: 30 },
      { by: demo('daniel.ortiz'), item: 0, quantity: 1, hoursAfter: 50 },
    ],
    closed: {
      daysAfter: 6,
      outcome: 'met',
      childrenServed: 3,
      thankYou: 'The family sends their thanks: the pantry is full and the children are settled.',
    },
  },
  {
    asker: demo('daniel.ortiz'),
    askedAs: 'church',
    church: 'Desert Life Church',
    kind: 'items',
    title: 'Cuna portátil y pañales para un bebé',
    description:
      'Una familia de crianza de nuestra iglesia recibió a un bebé de tres meses esta semana. Necesitan una cuna portátil y pañales mientras se organizan.',
    language: 'es',
    zip: '85009',
    urgency: 'urgent',
    status: 'open',
    askedDaysAgo: 1.5,
    items: [
      { name: 'Cuna portátil', quantity: 1, unitValue: 90 },
      { name: 'Paquete de pañales, talla 2', quantity: 4, unitValue: 25 },
    ],
    commitments: [{ by: demo('james.walker'), item: 1, quantity: 2, hoursAfter: 5 }],
  },
  {
    asker: demo('ruth.nguyen'),
    askedAs: 'church',
    church: 'Bayou City Assembly',
    kind: 'items',
    title: 'School clothes for three children',
    description: 'Three children placed with one of our families need clothes for school: sizes are in each item.',
    zip: '77002',
    urgency: 'normal',
    status: 'closed',
    askedDaysAgo: 45,
    items: [
      { name: 'School outfits, boys 7', quantity: 3, unitValue: 30 },
      { name: 'School outfits, girls 10', quantity: 3, unitValue: 30 },
    ],
    commitments: [{ by: demo('ruth.nguyen'), item: 0, quantity: 3, forChurch: 'Bayou City Assembly', hoursAfter: 12 }],
    closed: { daysAfter: 10, outcome: 'partly_met', childrenServed: 3 },
  },
  {
    asker: demo('samuel.brooks'),
    askedAs: 'family',
    kind: 'items',
    title: 'A dresser for a teenager',
    description: 'A fifteen-year-old joined our family and keeps her things in boxes. A dresser would make the room hers.',
    zip: '65804',
    urgency: 'normal',
    status: 'review',
    askedDaysAgo: 0.5,
    items: [{ name: 'Dresser', quantity: 1, unitValue: 200 }],
  },
  {
    asker: DEMO_CASEWORKER.email,
    askedAs: 'caseworker',
    kind: 'other',
    title: 'Tutoring in math for a high-school student',
    description: 'A student in foster care is behind in algebra. A volunteer tutor for two evenings a week would help her catch up.',
    zip: '85004',
    urgency: 'normal',
    status: 'supervisor',
    askedDaysAgo: 1,
    items: [{ name: 'Evening of tutoring', quantity: 8, unitValue: 0 }],
  },
];

/** The demo caseworker's account (address confirmed) and approved record, made once. */
async function ensureCaseworker(db: Db, auth: Auth, now: Date): Promise<string> {
  const [found] = await db.select({ id: user.id }).from(user).where(eq(user.email, DEMO_CASEWORKER.email));
  let uid = found?.id;
  if (!uid) {
    const res = await auth.api.signUpEmail({ body: { email: DEMO_CASEWORKER.email, password: DEMO_MEMBER_PASSWORD, name: '' } });
    uid = res.user.id;
    await db.update(user).set({ emailVerified: true }).where(eq(user.id, uid));
  }
  await db
    .insert(caseworker)
    .values({
      uid,
      name: DEMO_CASEWORKER.name,
      agency: DEMO_CASEWORKER.agency,
      supervisorName: DEMO_CASEWORKER.supervisorName,
      supervisorEmail: DEMO_CASEWORKER.supervisorEmail,
      status: 'approved',
      appliedAt: new Date(now.getTime() - 30 * DAY),
      decidedAt: new Date(now.getTime() - 29 * DAY),
    })
    .onConflictDoNothing();
  return uid;
}

/**
 * Demo needs for the embedded default (never in production), added once: when there is no need yet and the
 * demo members and churches exist (seedDemo and seedDemoChurches run first).
 */
export async function seedDemoNeeds(db: Db, auth: Auth, now = new Date()): Promise<{ created: number }> {
  const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(need)) as [{ count: number }];
  if (count > 0) return { created: 0 };
  const caseworkerUid = await ensureCaseworker(db, auth, now);
  const emails = [...new Set(NEEDS.flatMap((n) => [n.asker, ...(n.commitments ?? []).map((c) => c.by), ...(n.prayers ?? [])]))];
  const accounts = await db.select({ id: user.id, email: user.email }).from(user).where(inArray(user.email, emails));
  const uids = new Map(accounts.map((a) => [a.email, a.id]));
  uids.set(DEMO_CASEWORKER.email, caseworkerUid);
  const uid = (email: string) => {
    const id = uids.get(email);
    if (!id) throw new Error(`demo member ${email} is missing`);
    return id;
  };
  const churches = await db.select({ id: church.id, name: church.name }).from(church);
  const churchId = (name: string) => {
    const found = churches.find((c) => c.name === name);
    if (!found) throw new Error(`demo church ${name} is missing`);
    return found.id;
  };
  const [admin] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, demo('admin')));

  await db.transaction(async (tx) => {
    for (const n of NEEDS) {
      const askedAt = new Date(now.getTime() - n.askedDaysAgo * DAY);
      const isOnBoard = n.status === 'open' || n.status === 'closed';
      const approvedAt = isOnBoard ? new Date(askedAt.getTime() + HOUR) : null;
      const at = (hours: number) => new Date(approvedAt!.getTime() + hours * HOUR);
      const commitments = n.commitments ?? [];
      const committed = n.items.map((_, i) => commitments.filter((c) => c.item === i).reduce((sum, c) => sum + c.quantity, 0));
      const isFull = commitments.length > 0 && n.items.every((item, i) => committed[i]! >= item.quantity);
      const lastCommitment = Math.max(0, ...commitments.map((c) => c.hoursAfter));
      const caseworkerFields =
        n.askedAs === 'caseworker'
          ? {
              agency: DEMO_CASEWORKER.agency,
              supervisorName: DEMO_CASEWORKER.supervisorName,
              supervisorEmail: DEMO_CASEWORKER.supervisorEmail,
            }
          : {};
      // A request waiting for its supervisor has a live link; its token is nobody's (the demo mail is not sent).
      const link = n.status === 'supervisor' ? newSupervisorLink(now) : null;
      const place = placeOfZip(n.zip);
      const [row] = await tx
        .insert(need)
        .values({
          askerUid: uid(n.asker),
          askedAs: n.askedAs,
          churchId: n.church ? churchId(n.church) : null,
          ...caseworkerFields,
          supervisorTokenHash: link?.tokenHash ?? null,
          supervisorLinkExpiresAt: link?.expiresAt ?? null,
          kind: n.kind,
          title: n.title,
          description: n.description,
          language: n.language ?? 'en',
          city: place.city,
          state: place.state,
          zip: n.zip,
          ...locationColumns(place),
          urgency: n.urgency,
          status: n.status,
          familyConsentAt: askedAt,
          createdAt: askedAt,
          updatedAt: askedAt,
          approvedAt,
          // A caseworker's request is approved by the supervisor's link (nobody's account); the others by the admin.
          approvedBy: isOnBoard && n.askedAs !== 'caseworker' ? (admin?.id ?? null) : null,
          // Announced within the first radius already, as the routing job would have done.
          announcedMiles: isOnBoard ? 15 : null,
          firstCommitmentAt: commitments.length > 0 ? at(Math.min(...commitments.map((c) => c.hoursAfter))) : null,
          fullyCommittedAt: isFull ? at(lastCommitment) : null,
          outcome: n.closed?.outcome ?? null,
          closeReason: n.closed ? 'asker' : null,
          closedAt: n.closed ? new Date(askedAt.getTime() + n.closed.daysAfter * DAY) : null,
          closedBy: n.closed ? uid(n.asker) : null,
          childrenServed: n.closed?.childrenServed ?? null,
          thankYou: n.closed?.thankYou ?? null,
        })
        .returning({ id: need.id });
      const needId = row!.id;
      const items = await tx
        .insert(needItem)
        .values(
          n.items.map((item, position) => ({
            needId,
            position,
            name: item.name,
            quantity: item.quantity,
            unitValue: item.unitValue,
            note: item.note ?? null,
          })),
        )
        .returning({ id: needItem.id });
      for (const c of commitments) {
        await tx.insert(needCommitment).values({
          needId,
          itemId: items[c.item]!.id,
          uid: uid(c.by),
          churchId: c.forChurch ? churchId(c.forChurch) : null,
          quantity: c.quantity,
          createdAt: at(c.hoursAfter),
        });
      }
      for (const by of n.prayers ?? []) {
        await tx.insert(needCommitment).values({ needId, itemId: null, uid: uid(by), quantity: 0, createdAt: at(1) });
      }
    }
  });
  return { created: NEEDS.length };
}
