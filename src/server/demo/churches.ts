import { inArray, sql } from 'drizzle-orm';
import type { ChurchLanguage, ChurchOffer } from '../../shared/churches';
import { DAY } from '../../shared/durations';
import type { StateCode } from '../../shared/states';
import type { Db } from '../db/client';
import { church, churchMember, churchPointPerson, user } from '../db/schema';
import { locationColumns, placeOfZip } from '../churches';

type DemoChurch = {
  name: string;
  ag: boolean;
  agDistrict?: string;
  street: string;
  city: string;
  state: StateCode;
  zip: string;
  website?: string;
  phone?: string;
  languages: ChurchLanguage[];
  offers: ChurchOffer[];
  description: string;
  status?: 'proposed';
  /** Demo members (by address): who keeps the page, who is confirmed, who waits, who proposed it. */
  pointPersons?: string[];
  members?: string[];
  claimed?: string[];
  proposedBy?: string;
  /** Confirmed members who joined lately (days before the demo was made), so the member's home has new members to show. */
  joinedDaysAgo?: Record<string, number>;
};

const demo = (name: string) => `${name}@demo.example.org`;

// Churches in several states, some Spanish-speaking, with point persons and members among the demo members:
// enough for the finder, the map's layer, the picker and a point person's page to show what they are for.
const CHURCHES: DemoChurch[] = [
  {
    name: 'Central Assembly of God',
    ag: true,
    agDistrict: 'Southern Missouri',
    street: '1301 N Boonville Ave',
    city: 'Springfield',
    state: 'MO',
    zip: '65802',
    website: 'https://central.example.org',
    phone: '4178625001',
    languages: ['en'],
    offers: ['needs', 'care-teams', 'respite', 'support-group', 'closet', 'trainings'],
    description: 'Care teams walk with eleven foster families; respite night is the second Friday of every month.',
    pointPersons: [demo('grace.miller')],
    members: [demo('grace.miller'), demo('tom.baker'), demo('linda.park')],
    joinedDaysAgo: { [demo('tom.baker')]: 12, [demo('linda.park')]: 3 },
  },
  {
    name: 'Northside Assembly of God',
    ag: true,
    agDistrict: 'Northern Missouri',
    street: '8200 N Oak Trafficway',
    city: 'Kansas City',
    state: 'MO',
    zip: '64118',
    languages: ['en'],
    offers: ['needs', 'closet'],
    description: 'Our clothing closet is open to foster families on Saturday mornings.',
  },
  {
    name: 'Bayou City Assembly',
    ag: true,
    agDistrict: 'Texas Gulf',
    street: '900 Main St',
    city: 'Houston',
    state: 'TX',
    zip: '77002',
    languages: ['en', 'vi'],
    offers: ['needs', 'trainings'],
    description: 'Information meetings for families thinking about fostering, in English and Vietnamese.',
    pointPersons: [demo('ruth.nguyen')],
    members: [demo('ruth.nguyen')],
  },
  {
    name: 'Iglesia Cristiana Nueva Vida',
    ag: true,
    agDistrict: 'Gulf Latin American',
    street: '2415 W Jefferson Blvd',
    city: 'Dallas',
    state: 'TX',
    zip: '75211',
    phone: '2145550142',
    languages: ['es', 'en'],
    offers: ['needs', 'support-group'],
    description: 'Un grupo de apoyo para familias de acogida, los martes por la noche. A support group for foster families.',
  },
  {
    name: 'Cornerstone Assembly of God',
    ag: true,
    street: '1600 S Congress Ave',
    city: 'Austin',
    state: 'TX',
    zip: '78704',
    languages: ['en'],
    offers: ['care-teams', 'respite'],
    description: 'Three care teams and a respite night every other month.',
  },
  {
    name: 'River Valley Church',
    ag: true,
    agDistrict: 'Northern California and Nevada',
    street: '1020 K St',
    city: 'Sacramento',
    state: 'CA',
    zip: '95814',
    languages: ['en'],
    offers: ['needs', 'trainings'],
    description: 'We host the county’s foster-parent orientation twice a year.',
    pointPersons: [demo('james.walker')],
    members: [demo('james.walker')],
  },
  {
    name: 'Templo Calvario',
    ag: true,
    agDistrict: 'Southern Pacific',
    street: '2501 W 5th St',
    city: 'Santa Ana',
    state: 'CA',
    zip: '92701',
    languages: ['es', 'en'],
    offers: ['needs', 'closet', 'care-teams'],
    description: 'Ropa, útiles escolares y comidas para familias de acogida. Clothing, school supplies and meals.',
  },
  {
    name: 'Bay Area Christian Fellowship',
    ag: false,
    street: '455 N 1st St',
    city: 'San Jose',
    state: 'CA',
    zip: '95112',
    languages: ['en', 'zh', 'ko'],
    offers: ['support-group'],
    description: 'A monthly support group for foster and adoptive parents.',
  },
  {
    name: 'Iglesia Fuente de Vida',
    ag: true,
    agDistrict: 'Southeastern Spanish',
    street: '1450 SW 8th St',
    city: 'Miami',
    state: 'FL',
    zip: '33135',
    languages: ['es', 'en', 'ht'],
    offers: ['needs', 'respite', 'closet'],
    description: 'Noches de descanso para padres de acogida. Respite nights for foster parents.',
  },
  {
    name: 'Suncoast Assembly of God',
    ag: true,
    agDistrict: 'Peninsular Florida',
    street: '401 E Kennedy Blvd',
    city: 'Tampa',
    state: 'FL',
    zip: '33602',
    languages: ['en'],
    offers: ['needs', 'care-teams'],
    description: 'Care teams bring meals in the first weeks of a new placement.',
  },
  {
    name: 'Lakeshore Assembly',
    ag: true,
    agDistrict: 'Illinois',
    street: '2200 N Lincoln Ave',
    city: 'Chicago',
    state: 'IL',
    zip: '60614',
    languages: ['en', 'es'],
    offers: ['trainings', 'support-group'],
    description: 'Trainings on trauma-informed care, open to every church in the city.',
  },
  {
    name: 'Heartland Community Church',
    ag: false,
    street: '300 S 6th St',
    city: 'Springfield',
    state: 'IL',
    zip: '62701',
    languages: ['en'],
    offers: ['needs'],
    description: 'We answer the needs of foster families in Sangamon County.',
  },
  {
    name: 'Peachtree Assembly of God',
    ag: true,
    agDistrict: 'Georgia',
    street: '1200 Peachtree St NE',
    city: 'Atlanta',
    state: 'GA',
    zip: '30309',
    languages: ['en'],
    offers: ['needs', 'respite', 'trainings'],
    description: 'Respite nights and a lending library for foster families.',
  },
  {
    name: 'Desert Life Church',
    ag: true,
    agDistrict: 'Arizona',
    street: '333 E Roosevelt St',
    city: 'Phoenix',
    state: 'AZ',
    zip: '85004',
    languages: ['en', 'es'],
    offers: ['needs', 'care-teams', 'closet'],
    description: 'Meals, rides and a supply closet for the families of our care teams.',
    pointPersons: [demo('daniel.ortiz')],
    members: [demo('daniel.ortiz')],
  },
  {
    name: 'Iglesia Nueva Esperanza',
    ag: true,
    street: '2900 S 6th Ave',
    city: 'Tucson',
    state: 'AZ',
    zip: '85713',
    languages: ['es'],
    offers: ['needs', 'support-group'],
    description: 'Apoyo para familias de acogida y cuidadores familiares.',
  },
  {
    name: 'Harbor Assembly',
    ag: true,
    agDistrict: 'Southern New England',
    street: '140 Clarendon St',
    city: 'Boston',
    state: 'MA',
    zip: '02116',
    languages: ['en', 'pt'],
    offers: ['respite', 'trainings'],
    description: 'Respite care trainings for anyone who would give foster parents a weekend off.',
    pointPersons: [demo('hannah.lee')],
    members: [demo('hannah.lee')],
  },
  {
    name: 'Harbor Light Assembly',
    ag: true,
    street: '75 Court St',
    city: 'Brooklyn',
    state: 'NY',
    zip: '11201',
    languages: ['en', 'es'],
    offers: ['needs'],
    description: 'Backpacks and a first night’s kit for children coming into care.',
  },
  {
    name: 'Granite Hill Church',
    ag: true,
    street: '21 N Main St',
    city: 'Concord',
    state: 'NH',
    zip: '03301',
    languages: ['en'],
    offers: ['care-teams'],
    description: 'One care team so far, and a second forming.',
    claimed: [demo('samuel.brooks')],
  },
  // Proposals waiting for an admin.
  {
    name: 'Iglesia Pentecostal Betania',
    ag: true,
    street: '',
    city: 'Hialeah',
    state: 'FL',
    zip: '33010',
    languages: ['es'],
    offers: [],
    description: '',
    status: 'proposed',
    proposedBy: demo('maria.santos'),
    pointPersons: [demo('maria.santos')],
    members: [demo('maria.santos')],
  },
  {
    name: 'Mile High Assembly of God',
    ag: true,
    street: '',
    city: 'Denver',
    state: 'CO',
    zip: '80205',
    languages: ['en'],
    offers: [],
    description: '',
    status: 'proposed',
    proposedBy: demo('peter.olsen'),
    claimed: [demo('peter.olsen')],
  },
];

/** The demo churches' names: the demo avatars (avatars.ts) find them by these. */
export const DEMO_CHURCH_NAMES = CHURCHES.map((c) => c.name);

/**
 * Demo churches for the embedded default (never in production), added once: when there is no church yet and
 * the demo members exist (seedDemo runs first).
 */
export async function seedDemoChurches(db: Db, now = new Date()): Promise<{ created: number }> {
  const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(church)) as [{ count: number }];
  if (count > 0) return { created: 0 };
  const emails = [
    ...new Set(CHURCHES.flatMap((c) => [...(c.pointPersons ?? []), ...(c.members ?? []), ...(c.claimed ?? []), c.proposedBy ?? []].flat())),
  ];
  const members = await db.select({ id: user.id, email: user.email }).from(user).where(inArray(user.email, emails));
  const byEmail = new Map(members.map((m) => [m.email, m.id]));
  const uid = (email: string) => {
    const id = byEmail.get(email);
    if (!id) throw new Error(`demo member ${email} is missing`);
    return id;
  };
  await db.transaction(async (tx) => {
    for (const c of CHURCHES) {
      const isProposal = c.status === 'proposed';
      const [row] = await tx
        .insert(church)
        .values({
          name: c.name,
          ag: c.ag,
          agDistrict: c.agDistrict ?? null,
          street: c.street || null,
          city: c.city,
          state: c.state,
          zip: c.zip,
          ...locationColumns(placeOfZip(c.zip, c.state)),
          website: c.website ?? null,
          phone: c.phone ?? null,
          languages: c.languages,
          offers: c.offers,
          description: c.description || null,
          status: isProposal ? 'proposed' : 'active',
          proposedBy: c.proposedBy ? uid(c.proposedBy) : null,
          createdAt: now,
          updatedAt: now,
          activeSince: isProposal ? null : now,
        })
        .returning({ id: church.id });
      const churchId = row!.id;
      for (const email of c.pointPersons ?? []) await tx.insert(churchPointPerson).values({ churchId, uid: uid(email), since: now });
      for (const email of c.members ?? []) {
        const joinedAt = new Date(now.getTime() - (c.joinedDaysAgo?.[email] ?? 0) * DAY);
        await tx
          .insert(churchMember)
          .values({ uid: uid(email), churchId, status: 'confirmed', claimedAt: joinedAt, confirmedAt: joinedAt });
      }
      for (const email of c.claimed ?? [])
        await tx.insert(churchMember).values({ uid: uid(email), churchId, status: 'claimed', claimedAt: now });
    }
  });
  return { created: CHURCHES.length };
}
