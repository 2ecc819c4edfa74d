import { beforeEach, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import {
  CHURCH_CONTACTS_PER_HOUR,
  CHURCH_FINDER_MAX,
  CHURCH_NOT_FOUND,
  UNKNOWN_ZIP,
  type ChurchFinderResponse,
  type ChurchPage,
} from '../../shared/churches';
import type { HumanTokenResponse } from '../../shared/contact';
import { mail } from '../db/schema';
import { HUMAN_CHECK_MESSAGES } from '../contact';
import { MAIL_FORMS } from '../mail';
import { CHURCH_CONTACT_RATE_MESSAGES } from '../rate-limit/rules';
import { testClock, useTestApp } from '../testing/app';
import { expectJson, insertChurch, insertMember, signedInMember } from '../testing/factories';
import { milesBetween, zipPlace } from './geo';
import { CHURCHES_TOPIC } from './store';

// The public side of churches (issue 25, product.md §12): the finder by distance and by state, a church's
// page, and "Contact this church".

const STAFF = 'team@network.test';
const clock = testClock(new Date('2026-06-01T12:00:00Z'));
const t = useTestApp({ clock, config: { staffEmail: STAFF } });
// Mail items are told apart by their date (lastMailTo): each test starts a second later than the last.
beforeEach(() => clock.advance(1000));

type Client = ReturnType<typeof t.client>;

/** Churches inserted behind the services' back, then announced so no answer kept in memory hides them. */
async function churches(...rows: Array<Parameters<typeof insertChurch>[1]>): Promise<number[]> {
  const ids: number[] = [];
  for (const row of rows) ids.push(await insertChurch(t.db, row));
  await t.announce({ topic: CHURCHES_TOPIC });
  return ids;
}

async function find(query: string, c: Client = t.client()): Promise<ChurchFinderResponse> {
  return expectJson<ChurchFinderResponse>(await c.get(`/api/churches?${query}`));
}

/** The results among `ids`, in the order the finder gave them. */
const among = (found: ChurchFinderResponse, ids: number[]) => found.churches.filter((ch) => ids.includes(ch.id));

async function mailCount() {
  const [row] = await t.db.select({ n: count() }).from(mail);
  return row!.n;
}

describe('GET /api/churches near a ZIP code', () => {
  // Springfield, MO (65802) and places around it at known great-circle distances between ZIP centroids.
  const NEAR = { zip: '65807', miles: 3.1 }; // Springfield, 3.15 miles
  const NIXA = { zip: '65714', miles: 11.1 }; // 11.09 miles
  const MORRISVILLE = { zip: '65710', miles: 19.1 }; // 19.10 miles
  const DADEVILLE = { zip: '65635', miles: 30.0 }; // 30.01 miles
  const EUREKA_SPRINGS = { zip: '72632', miles: 60.0 }; // 60.01 miles, in Arkansas

  it('finds a church 19 miles away within 25 miles and not within 10, nearest first, with the distance to 0.1 mile', async () => {
    const ids = await churches(
      { zip: MORRISVILLE.zip, name: 'Morrisville Assembly' },
      { zip: NEAR.zip, name: 'Near Assembly' },
      { zip: NIXA.zip, name: 'Nixa Assembly' },
      { zip: DADEVILLE.zip, name: 'Dadeville Assembly' },
      { zip: EUREKA_SPRINGS.zip, name: 'Eureka Springs Assembly' },
    );
    const [morrisville, near, nixa, dadeville, eureka] = ids as [number, number, number, number, number];

    const within25 = await find('zip=65802&radius=25');
    expect(within25.origin).toEqual({ zip: '65802', city: 'Springfield', state: 'MO' });
    expect(within25.radius).toBe(25);
    expect(among(within25, ids).map((c) => [c.id, c.distanceMiles])).toEqual([
      [near, NEAR.miles],
      [nixa, NIXA.miles],
      [morrisville, MORRISVILLE.miles],
    ]);
    expect(within25.total).toBe(within25.churches.length);
    const distances = within25.churches.map((c) => c.distanceMiles!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));

    const within10 = await find('zip=65802&radius=10');
    expect(among(within10, ids).map((c) => c.id)).toEqual([near]);

    const within50 = await find('zip=65802&radius=50');
    expect(among(within50, ids).map((c) => c.id)).toEqual([near, nixa, morrisville, dadeville]);
    expect(among(within50, ids)[3]!.distanceMiles).toBe(DADEVILLE.miles);

    // Across a state line: searching from Springfield reaches Arkansas.
    const within100 = await find('zip=65802&radius=100');
    expect(among(within100, ids).map((c) => c.id)).toEqual([near, nixa, morrisville, dadeville, eureka]);
    expect(among(within100, ids)[4]).toMatchObject({ state: 'AR', distanceMiles: EUREKA_SPRINGS.miles });

    // The distance shown is the great-circle distance between the ZIP codes' centroids, rounded to 0.1 mile.
    const exact = milesBetween(zipPlace('65802')!, zipPlace(MORRISVILLE.zip)!);
    expect(Math.abs(MORRISVILLE.miles - exact)).toBeLessThanOrEqual(0.05);
  });

  it('measures from the ZIP code searched: the same churches from the other side', async () => {
    const ids = await churches({ zip: '65802', name: 'Downtown Springfield' }, { zip: NIXA.zip, name: 'Nixa Assembly' });
    const fromMorrisville = await find(`zip=${MORRISVILLE.zip}&radius=25`);
    const springfield = milesBetween(zipPlace(MORRISVILLE.zip)!, zipPlace('65802')!);
    expect(among(fromMorrisville, ids)[0]).toMatchObject({ id: ids[0], distanceMiles: Math.round(springfield * 10) / 10 });
  });

  it('sorts churches at the same distance by name, and reads ZIP+4', async () => {
    const ids = await churches({ zip: '59001', name: 'Zion Fellowship' }, { zip: '59001', name: 'Abundant Life' });
    const found = await find('zip=59001-1234&radius=10');
    expect(found.origin?.zip).toBe('59001');
    expect(among(found, ids).map((c) => c.name)).toEqual(['Abundant Life', 'Zion Fellowship']);
    expect(among(found, ids).map((c) => c.distanceMiles)).toEqual([0, 0]);
  });

  it(`answers at most ${CHURCH_FINDER_MAX} churches, the nearest, and says how many matched`, async () => {
    const rows = Array.from({ length: CHURCH_FINDER_MAX + 2 }, (_, i) => ({ zip: i < 3 ? '82001' : '82007', name: `Cheyenne ${i}` }));
    const ids = await churches(...rows);
    const found = await find('zip=82001&radius=10');
    expect(found.total).toBeGreaterThanOrEqual(CHURCH_FINDER_MAX + 2);
    expect(found.churches).toHaveLength(CHURCH_FINDER_MAX);
    // The three at the ZIP code searched come first.
    expect(found.churches.slice(0, 3).map((c) => c.id)).toEqual(ids.slice(0, 3).sort((a, b) => a - b));
  });

  it('filters by every offer listed and by language', async () => {
    const ids = await churches(
      { zip: '97401', name: 'Eugene A', offers: ['needs', 'respite'], languages: ['en', 'es'] },
      { zip: '97401', name: 'Eugene B', offers: ['needs'], languages: ['en'] },
      { zip: '97401', name: 'Eugene C', offers: ['respite', 'closet', 'needs'], languages: ['es'] },
      { zip: '97401', name: 'Eugene D', offers: [], languages: ['ko'] },
    );
    const [a, b, c, d] = ids as [number, number, number, number];
    const names = async (q: string) => among(await find(`zip=97401&radius=10${q}`), ids).map((ch) => ch.id);
    expect(await names('')).toEqual([a, b, c, d]);
    expect(await names('&offers=needs')).toEqual([a, b, c]);
    expect(await names('&offers=respite,needs')).toEqual([a, c]);
    expect(await names('&offers=needs,respite,closet')).toEqual([c]);
    expect(await names('&language=es')).toEqual([a, c]);
    expect(await names('&language=es&offers=closet')).toEqual([c]);
    expect(await names('&language=ko')).toEqual([d]);
    expect(await names('&language=vi')).toEqual([]);
    const listing = among(await find('zip=97401&radius=10&language=es'), [a])[0]!;
    expect(listing).toMatchObject({ offers: ['needs', 'respite'], languages: ['en', 'es'], ag: true, photoUrl: null });
  });

  it('never shows proposed or archived churches', async () => {
    const ids = await churches(
      { zip: '58501', name: 'Bismarck Active' },
      { zip: '58501', name: 'Bismarck Proposed', status: 'proposed' },
      { zip: '58501', name: 'Bismarck Archived', status: 'archived' },
    );
    expect(among(await find('zip=58501&radius=10'), ids).map((c) => c.name)).toEqual(['Bismarck Active']);
    expect(among(await find('state=ND'), ids).map((c) => c.name)).toEqual(['Bismarck Active']);
  });

  it('keeps answers in memory until a church changes', async () => {
    const [first] = await churches({ zip: '03301', name: 'Concord First' });
    const before = await find('zip=03301&radius=10');
    expect(among(before, [first!])).toHaveLength(1);
    // A church added without telling anyone is not seen: the answer kept is sent again...
    const second = await insertChurch(t.db, { zip: '03301', name: 'Concord Second' });
    expect(among(await find('zip=03301&radius=10'), [second])).toHaveLength(0);
    // ...until a change to churches is announced.
    await t.announce({ topic: CHURCHES_TOPIC });
    expect(among(await find('zip=03301&radius=10'), [second])).toHaveLength(1);
  });
});

describe('GET /api/churches in a state', () => {
  it("lists the state's active churches by name, with no distance", async () => {
    const ids = await churches(
      { zip: '05401', name: 'Vermont Zeal' },
      { zip: '05602', name: 'Vermont Abide' },
      { zip: '03301', name: 'New Hampshire Next Door' },
    );
    const found = await find('state=VT');
    expect(found).toMatchObject({ origin: null, radius: null });
    expect(among(found, ids).map((c) => [c.name, c.distanceMiles])).toEqual([
      ['Vermont Abide', null],
      ['Vermont Zeal', null],
    ]);
    expect(found.churches.every((c) => c.state === 'VT')).toBe(true);
    expect(found.total).toBe(found.churches.length);
    expect(among(await find('state=VT&offers=respite'), ids)).toEqual([]);
  });
});

describe('GET /api/churches with bad input', () => {
  it('answers 400 naming the field, never a 500', async () => {
    const c = t.client();
    const cases: Array<[string, string]> = [
      ['zip=65802&radius=30', 'radius'],
      ['zip=65802&radius=ten', 'radius'],
      ['zip=00000', 'zip'],
      ['zip=6580', 'zip'],
      ['zip=%07%1b[31m', 'zip'],
      ['zip=65802%00', 'zip'],
      ['', 'zip'],
      ['state=XX', 'state'],
      ['state=%00', 'state'],
      ['zip=65802&offers=needs,bogus', 'offers'],
      ['zip=65802&language=xx', 'language'],
      [`zip=65802&offers=${'needs,'.repeat(50)}`, 'offers'],
    ];
    for (const [query, field] of cases) {
      const res = await c.get(`/api/churches?${query}`);
      expect(res.status, query).toBe(400);
      const body = await res.json();
      expect(body.fieldErrors?.[field], `${query}: ${JSON.stringify(body)}`).toEqual(expect.any(String));
    }
    const unknown = await (await c.get('/api/churches?zip=00000')).json();
    expect(unknown).toMatchObject({ code: 'VALIDATION', fieldErrors: { zip: UNKNOWN_ZIP } });
    const radius = await (await c.get('/api/churches?zip=65802&radius=30')).json();
    expect(radius.fieldErrors.radius).toBe('Choose a radius of 10, 25, 50 or 100 miles');
  });
});

describe('GET /api/churches/{id}', () => {
  it('shows an active church’s page: fields, where it is on the map, no figures under 3 members', async () => {
    const one = await insertMember(t.db, { fosterParent: 'Yes', numberOfFosterKids: 2 });
    const [id] = await churches({
      zip: '65802',
      name: 'Central Assembly',
      street: '1445 N Boonville Ave',
      website: 'https://central.example.org',
      phone: '4175550123',
      description: 'Respite nights every second Friday.',
      offers: ['respite', 'needs'],
      languages: ['en', 'es'],
      members: [one.id],
    });
    const page = await expectJson<ChurchPage>(await t.client().get(`/api/churches/${id}`));
    expect(page).toMatchObject({
      id,
      name: 'Central Assembly',
      street: '1445 N Boonville Ave',
      city: 'Springfield',
      state: 'MO',
      zip: '65802',
      website: 'https://central.example.org',
      phone: '4175550123',
      description: 'Respite nights every second Friday.',
      offers: ['respite', 'needs'],
      languages: ['en', 'es'],
      status: 'active',
      distanceMiles: null,
      figures: null,
      // Nothing on the needs board yet (needs/figures.test.ts counts a church's part there).
      needs: { responded: 0, met: 0, childrenServed: 0, valueCommitted: 0 },
      careTeams: 0,
    });
    expect(page.mapPoint).toEqual([expect.any(Number), expect.any(Number)]);
  });

  it('shows figures once 3 confirmed members stand behind them; claims and suspended members do not count', async () => {
    const families = await Promise.all([
      insertMember(t.db, { fosterParent: 'Yes', numberOfFosterKids: 2 }),
      insertMember(t.db, { fosterParent: 'Yes', numberOfFosterKids: 1 }),
      insertMember(t.db, { fosterParent: 'No' }),
    ]);
    const claimant = await insertMember(t.db, { fosterParent: 'Yes', numberOfFosterKids: 4 });
    const suspended = await insertMember(t.db, { fosterParent: 'Yes', numberOfFosterKids: 4, suspendedAt: new Date() });
    const [id] = await churches({ zip: '65807', members: [...families.map((m) => m.id), suspended.id], claimed: [claimant.id] });
    const page = await expectJson<ChurchPage>(await t.client().get(`/api/churches/${id}`));
    expect(page.figures).toEqual({ members: 3, fosterFamilies: 2, fosterChildren: 3 });
  });

  it('answers 404 for proposed, archived, unknown and malformed ids, to everyone', async () => {
    const [proposed, archived] = await churches({ status: 'proposed' }, { status: 'archived' });
    const member = await signedInMember(t);
    for (const c of [t.client(), member.c]) {
      for (const id of [proposed, archived, 999_999, 'abc', '0', '99999999999']) {
        const res = await c.get(`/api/churches/${id}`);
        expect(res.status, String(id)).toBe(404);
        expect((await res.json()).message).toBe(CHURCH_NOT_FOUND);
      }
    }
  });
});

describe('POST /api/churches/{id}/contact', () => {
  async function humanToken(c: Client): Promise<string> {
    return ((await (await c.post('/api/contact/human')).json()) as HumanTokenResponse).token;
  }
  const note = (over: Record<string, unknown> = {}) => ({
    name: 'Vera Visitor',
    email: 'Vera.Visitor@Example.org',
    message: 'We would like to help with respite nights.\n<b>Thanks</b>',
    ...over,
  });

  it('mails each point person on their own, Reply-To the visitor, their addresses never in the answer', async () => {
    const keepers = await Promise.all([insertMember(t.db, { firstName: 'Paula' }), insertMember(t.db, { firstName: 'Peter' })]);
    const [id] = await churches({ zip: '65802', name: 'Contact Assembly', pointPersons: keepers.map((k) => k.id) });
    const c = t.client();
    const res = await c.post(`/api/churches/${id}/contact`, note({ humanToken: await humanToken(c) }));
    expect(res.status, await res.clone().text()).toBe(202);
    const text = await res.text();
    for (const keeper of keepers) expect(text).not.toContain(keeper.email);
    for (const [i, keeper] of keepers.entries()) {
      const item = await t.lastMailTo(keeper.email, MAIL_FORMS.churchContact);
      expect(item).toMatchObject({ to: keeper.email, replyTo: 'vera.visitor@example.org' });
      expect(item!.message.subject).toBe('Vera Visitor wrote to Contact Assembly through the Foster Care Network');
      expect(item!.message.text).toContain(`Hello ${i === 0 ? 'Paula' : 'Peter'},`);
      expect(item!.message.text).toContain('Vera Visitor (vera.visitor@example.org) wrote to Contact Assembly (Springfield, MO)');
      expect(item!.message.text).toContain('> We would like to help with respite nights.\n> <b>Thanks</b>');
      expect(item!.message.text).toContain('Sent by a visitor who was not signed in.');
      // Neither point person learns the other's address.
      expect(item!.message.text).not.toContain(keepers[1 - i]!.email);
      expect(item!.message.html).not.toContain('<b>Thanks');
    }
  });

  it('lets a member write as themselves, with no human check', async () => {
    const keeper = await insertMember(t.db);
    const [id] = await churches({ name: 'Member Assembly', pointPersons: [keeper.id] });
    const m = await signedInMember(t, { profile: { firstName: 'Maria', lastName: 'Member' } });
    // What the member typed as name and address is not who they are: the account says so.
    const res = await m.c.post(`/api/churches/${id}/contact`, note({ name: 'Someone Else', email: 'other@example.org' }));
    expect(res.status, await res.clone().text()).toBe(202);
    const item = await t.lastMailTo(keeper.email, MAIL_FORMS.churchContact);
    expect(item!.replyTo).toBe(m.email);
    expect(item!.message.subject).toBe('Maria Member wrote to Member Assembly through the Foster Care Network');
    expect(item!.message.text).toContain('Maria Member is a member of the Foster Care Network and wrote while signed in.');
    expect(item!.message.text).not.toContain('other@example.org');
  });

  it('needs the human check from a visitor, a token good for one message, and refuses the hidden field', async () => {
    const keeper = await insertMember(t.db);
    const [id] = await churches({ pointPersons: [keeper.id] });
    const c = t.client();
    const before = await mailCount();
    const missing = await c.post(`/api/churches/${id}/contact`, note());
    expect(missing.status).toBe(403);
    expect(await missing.json()).toMatchObject({ fieldErrors: { humanToken: HUMAN_CHECK_MESSAGES.missing } });
    const forged = await c.post(`/api/churches/${id}/contact`, note({ humanToken: 'h1.1.a.b' }));
    expect(forged.status).toBe(403);
    const honeypot = await c.post(`/api/churches/${id}/contact`, note({ humanToken: await humanToken(c), website: 'x' }));
    expect(honeypot.status).toBe(400);
    expect(await mailCount()).toBe(before);

    const token = await humanToken(c);
    expect((await c.post(`/api/churches/${id}/contact`, note({ humanToken: token }))).status).toBe(202);
    const again = await c.post(`/api/churches/${id}/contact`, note({ humanToken: token }));
    expect(again.status).toBe(403);
    expect(await again.json()).toMatchObject({ fieldErrors: { humanToken: HUMAN_CHECK_MESSAGES.used } });
  });

  it('names the field of bad input and sends nothing', async () => {
    const [id] = await churches({});
    const c = t.client();
    const before = await mailCount();
    for (const [over, field] of [
      [{ email: 'not an address' }, 'email'],
      [{ message: ' \n ' }, 'message'],
      [{ message: 'a\u0000b' }, 'message'],
      [{ name: '\u0007\u001b' }, 'name'],
    ] as const) {
      const res = await c.post(`/api/churches/${id}/contact`, note({ humanToken: await humanToken(c), ...over }));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect((await res.json()).fieldErrors?.[field]).toEqual(expect.any(String));
    }
    expect(await mailCount()).toBe(before);
  });

  it(`limits a visitor's client and a member to ${CHURCH_CONTACTS_PER_HOUR} messages an hour`, async () => {
    const [id] = await churches({ pointPersons: [(await insertMember(t.db)).id] });
    const c = t.client();
    for (let i = 0; i < CHURCH_CONTACTS_PER_HOUR; i++) {
      expect((await c.post(`/api/churches/${id}/contact`, note({ humanToken: await humanToken(c) }))).status).toBe(202);
    }
    const before = await mailCount();
    const over = await c.post(`/api/churches/${id}/contact`, note({ humanToken: await humanToken(c) }));
    expect(over.status).toBe(429);
    expect((await over.json()).message).toBe(CHURCH_CONTACT_RATE_MESSAGES.sender);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await mailCount()).toBe(before);
    // Another visitor is not held back.
    const other = t.client();
    expect((await other.post(`/api/churches/${id}/contact`, note({ humanToken: await humanToken(other) }))).status).toBe(202);

    // A member counts as themselves, whichever client they write from.
    const m = await signedInMember(t);
    for (let i = 0; i < CHURCH_CONTACTS_PER_HOUR; i++) expect((await m.c.post(`/api/churches/${id}/contact`, note())).status).toBe(202);
    expect((await m.c.post(`/api/churches/${id}/contact`, note())).status).toBe(429);
    // An hour later, they may write again.
    clock.advance(60 * 60 * 1000);
    expect((await m.c.post(`/api/churches/${id}/contact`, note())).status).toBe(202);
  });

  it('sends the message to the team, naming the church, when the church has no point person', async () => {
    const [id] = await churches({ zip: '65802', name: 'Unkept Assembly' });
    const c = t.client();
    const res = await c.post(`/api/churches/${id}/contact`, note({ humanToken: await humanToken(c), name: undefined }));
    expect(res.status).toBe(202);
    const item = await t.lastMailTo(STAFF, MAIL_FORMS.churchContact);
    expect(item).toMatchObject({ to: STAFF, replyTo: 'vera.visitor@example.org' });
    expect(item!.message.subject).toBe('Message for Unkept Assembly, which has no point person yet');
    expect(item!.message.text).toContain('vera.visitor@example.org wrote to Unkept Assembly (Springfield, MO)');
    expect(item!.message.text).toContain('The church has no point person yet, so the message came to the team:');
    expect(item!.message.text).toContain(`/churches/${id}`);
  });

  it('answers 404 for proposed, archived and unknown churches, and mails nobody', async () => {
    const keeper = await insertMember(t.db);
    const ids = await churches({ status: 'proposed', pointPersons: [keeper.id] }, { status: 'archived', pointPersons: [keeper.id] });
    const c = t.client();
    const before = await mailCount();
    for (const id of [...ids, 999_999]) {
      const res = await c.post(`/api/churches/${id}/contact`, note({ humanToken: await humanToken(c) }));
      expect(res.status, String(id)).toBe(404);
      expect((await res.json()).message).toBe(CHURCH_NOT_FOUND);
    }
    expect(await mailCount()).toBe(before);
  });
});
