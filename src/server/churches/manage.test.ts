import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { CHURCH_MESSAGES_PER_HOUR, type ChurchManage } from '../../shared/church-members';
import { PHOTO_OUTPUT_SIZE } from '../../shared/limits';
import { adminActivity, church, churchMember, churchPointPerson, mail } from '../db/schema';
import { MAIL_FORMS } from '../mail';
import { CHURCH_MESSAGE_RATE_MESSAGES } from '../rate-limit/rules';
import { nextLiveEvent, useTestApp } from '../testing/app';
import {
  expectJson,
  fileBlob,
  insertChurch,
  insertMember,
  jpegBytes,
  mailsTo,
  signedInAdmin,
  signedInMember,
  uniqueTag,
  type SignedUpMember,
  type TestClient,
} from '../testing/factories';
import { churchPhotoKey } from './manage';
import { CHURCHES_TOPIC, churchFigures } from './store';

// The point person's page of a church (issue 25): who may use it, what it shows of members (never a private
// field), confirming and removing claims, the page's fields and photo, and writing to the members.

const t = useTestApp();

let keeper: SignedUpMember;
let other: SignedUpMember;
let admin: SignedUpMember;
beforeAll(async () => {
  keeper = await signedInMember(t, { prefix: 'keeper', profile: { firstName: 'Kim', lastName: 'Keeper' } });
  other = await signedInMember(t, { prefix: 'other' });
  admin = await signedInAdmin(t, { prefix: 'church-admin' });
});

/** A church kept by `keeper`, with members: confirmed and claimed ones, with all their private fields filled. */
async function keptChurch(opts: { status?: 'active' | 'proposed' | 'archived' } = {}) {
  const privateFields = { phone: '4175559876', streetAddress: '12 Hidden Lane', userZip: '65809' };
  const confirmed = await insertMember(t.db, {
    firstName: 'Cora',
    lastName: 'Confirmed',
    city: 'Nixa',
    state: 'MO',
    fosterParent: 'Yes',
    numberOfFosterKids: 2,
    agCredentialed: 'Yes',
    ...privateFields,
  });
  const claimed = await insertMember(t.db, { firstName: 'Cal', lastName: 'Claimed', city: 'Ozark', state: 'MO', ...privateFields });
  const id = await insertChurch(t.db, {
    name: `${uniqueTag('Kept')} Assembly`,
    pointPersons: [keeper.id],
    members: [confirmed.id],
    claimed: [claimed.id],
    ...(opts.status ? { status: opts.status } : {}),
  });
  return { id, confirmed, claimed, privateFields };
}

const fields = (overrides: Record<string, unknown> = {}) => ({
  name: 'Central Assembly of God',
  ag: true,
  agDistrict: 'Southern Missouri',
  street: '1301 N Boonville Ave',
  city: 'Springfield',
  state: 'MO',
  zip: '65802',
  website: 'https://central.example.org/',
  phone: '4178625001',
  languages: ['en', 'es'],
  description: 'Care teams for foster families, and a clothing closet.',
  offers: ['care-teams', 'closet'],
  ...overrides,
});

function upload(c: TestClient, id: number, file: Blob) {
  const form = new FormData();
  form.set('photo', file, 'logo.jpg');
  return t.app.request(`/api/churches/${id}/photo`, {
    method: 'POST',
    headers: { origin: t.config.publicUrl, cookie: c.cookieHeader() },
    body: form,
  });
}

describe('who may manage a church', () => {
  it('lets its point persons and admins in, refuses other members (403), visitors (401), and says 404 for no church', async () => {
    const { id, confirmed } = await keptChurch();
    const requests: Array<[string, string, unknown?]> = [
      ['GET', `/api/churches/${id}/manage`],
      ['PATCH', `/api/churches/${id}`, fields({ name: `${uniqueTag('Renamed')} Church` })],
      ['POST', `/api/churches/${id}/members/${confirmed.id}/confirm`, {}],
      ['DELETE', `/api/churches/${id}/photo`],
    ];
    for (const [method, path, body] of requests) {
      expect((await t.client().request(method, path, body)).status, `${method} ${path} visitor`).toBe(401);
      expect((await other.c.request(method, path, body)).status, `${method} ${path} other`).toBe(403);
      expect((await keeper.c.request(method, path, body)).status, `${method} ${path} keeper`).toBe(200);
      expect((await admin.c.request(method, path, body)).status, `${method} ${path} admin`).toBe(200);
    }
    expect((await keeper.c.get('/api/churches/2000000000/manage')).status).toBe(404);
    expect((await keeper.c.get('/api/churches/nope/manage')).status).toBe(404);
    expect((await other.c.delete(`/api/churches/${id}/members/${confirmed.id}`)).status).toBe(403);
    expect((await other.c.post(`/api/churches/${id}/members/message`, { message: 'Hi' })).status).toBe(403);
    expect((await upload(other.c, id, fileBlob(await jpegBytes()))).status).toBe(403);
  });

  it('keeps an admin without the second factor out, as a member like any other', async () => {
    const { id } = await keptChurch();
    const early = await signedInAdmin(t, { prefix: 'early-admin', secondFactor: false });
    expect((await early.c.get(`/api/churches/${id}/manage`)).status).toBe(403);
  });

  it('lets a point person prepare the page of a proposal, but not keep an archived church', async () => {
    const proposed = await keptChurch({ status: 'proposed' });
    expect((await keeper.c.get(`/api/churches/${proposed.id}/manage`)).status).toBe(200);
    const archived = await keptChurch({ status: 'archived' });
    expect((await keeper.c.get(`/api/churches/${archived.id}/manage`)).status).toBe(404);
    expect((await admin.c.get(`/api/churches/${archived.id}/manage`)).status).toBe(200);
  });
});

describe('the members a point person sees', () => {
  it('names each member with city and role, and never a private field', async () => {
    const { id, confirmed, claimed, privateFields } = await keptChurch();
    const res = await keeper.c.get(`/api/churches/${id}/manage`);
    const text = await res.clone().text();
    const page = await expectJson<ChurchManage>(res);
    expect(page.members).toEqual([
      expect.objectContaining({ uid: claimed.id, name: 'Cal Claimed', city: 'Ozark', status: 'claimed', roles: [] }),
      expect.objectContaining({
        uid: confirmed.id,
        name: 'Cora Confirmed',
        city: 'Nixa',
        status: 'confirmed',
        roles: ['foster-parent', 'ag-credentialed'],
      }),
    ]);
    for (const m of page.members) {
      expect(Object.keys(m).sort()).toEqual(['city', 'claimedAt', 'isPointPerson', 'name', 'roles', 'state', 'status', 'uid']);
    }
    for (const secret of [confirmed.email, claimed.email, privateFields.phone, privateFields.streetAddress, privateFields.userZip]) {
      expect(text).not.toContain(secret);
    }
    expect(page.pointPersons).toEqual([{ uid: keeper.id, name: 'Kim Keeper' }]);
    // The church's own figures, exact: one confirmed member, a foster family with two children.
    expect(page.figures).toEqual({ members: 1, fosterFamilies: 1, fosterChildren: 2 });
  });

  it('confirms a claim, which then counts in the figures, and removes one', async () => {
    const { id, claimed, confirmed } = await keptChurch();
    const heard = nextLiveEvent(t.deps.live, (e) => e.topic === CHURCHES_TOPIC && e.id === String(id));
    expect((await keeper.c.post(`/api/churches/${id}/members/${claimed.id}/confirm`)).status).toBe(200);
    await heard;
    const [row] = await t.db.select().from(churchMember).where(eq(churchMember.uid, claimed.id));
    expect(row).toMatchObject({ status: 'confirmed', churchId: id });
    expect((await churchFigures(t.db, [id], true)).get(id)).toMatchObject({ members: 2 });

    expect((await keeper.c.delete(`/api/churches/${id}/members/${confirmed.id}`)).status).toBe(200);
    expect(await t.db.select().from(churchMember).where(eq(churchMember.uid, confirmed.id))).toHaveLength(0);
    expect((await churchFigures(t.db, [id], true)).get(id)).toMatchObject({ members: 1 });

    // A member of another church (or of none) is not this church's to confirm or remove.
    expect((await keeper.c.post(`/api/churches/${id}/members/${confirmed.id}/confirm`)).status).toBe(404);
    const elsewhere = await keptChurch();
    expect((await keeper.c.delete(`/api/churches/${id}/members/${elsewhere.claimed.id}`)).status).toBe(404);
    expect(await t.db.select().from(churchMember).where(eq(churchMember.uid, elsewhere.claimed.id))).toHaveLength(1);
  });
});

describe("editing the church's page", () => {
  it('saves every field, places the church by its ZIP code, and announces it', async () => {
    const { id } = await keptChurch();
    const heard = nextLiveEvent(t.deps.live, (e) => e.topic === CHURCHES_TOPIC && e.id === String(id));
    const page = await expectJson<ChurchManage>(
      await keeper.c.patch(`/api/churches/${id}`, fields({ city: 'Dallas', state: 'TX', zip: '75201' })),
    );
    await heard;
    expect(page.fields).toEqual({ ...fields({ city: 'Dallas', state: 'TX', zip: '75201' }) });
    const [row] = await t.db.select().from(church).where(eq(church.id, id));
    expect(row!.latitude).toBeCloseTo(32.8, 0);
    expect(row!.mapX).not.toBeNull();
  });

  it("writes an admin's changes to the activity log, not its point persons' own", async () => {
    const { id, claimed } = await keptChurch();
    const entries = async () => (await t.db.select().from(adminActivity)).filter((a) => (a.details as { church?: number }).church === id);
    expect((await keeper.c.patch(`/api/churches/${id}`, fields({ name: `${uniqueTag('Own')} Church` }))).status).toBe(200);
    expect(await entries()).toHaveLength(0);
    expect((await admin.c.patch(`/api/churches/${id}`, fields({ name: `${uniqueTag('Admin')} Church` }))).status).toBe(200);
    expect((await admin.c.post(`/api/churches/${id}/members/${claimed.id}/confirm`)).status).toBe(200);
    const logged = await entries();
    expect(logged.map((a) => [a.action, a.actorUid])).toEqual([
      ['church.update', admin.id],
      ['church.update', admin.id],
    ]);
    expect(logged.map((a) => a.details)).toContainEqual({ church: id, member: claimed.id, claim: 'confirmed' });
  });

  it('refuses a ZIP code outside the state on the zip field, and bad fields on theirs, changing nothing', async () => {
    const { id } = await keptChurch();
    const [before] = await t.db.select().from(church).where(eq(church.id, id));
    const res = await keeper.c.patch(`/api/churches/${id}`, fields({ state: 'TX' }));
    expect(res.status).toBe(400);
    expect((await res.json()).fieldErrors).toEqual({ zip: 'This ZIP code is not in Texas.' });
    const bad = await keeper.c.patch(`/api/churches/${id}`, fields({ street: 'x'.repeat(500), offers: ['bingo'], languages: [] }));
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).fieldErrors).sort()).toEqual(['languages', 'offers.0', 'street']);
    const [after] = await t.db.select().from(church).where(eq(church.id, id));
    expect(after).toEqual(before);
  });
});

describe("the church's photo", () => {
  it('goes through the profile photo pipeline: one 512×512 JPEG, its metadata stripped', async () => {
    const { id } = await keptChurch();
    const original = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#336699' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneMaker', Copyright: 'Someone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '37/1 12/1 3000/100' } })
      .toBuffer();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload(keeper.c, id, fileBlob(original));
    const { photoUrl } = await expectJson<{ photoUrl: string }>(res);
    expect(photoUrl).toBe(`/api/churches/${id}/photo?v=1`);
    const stored = (await t.deps.storage.get(churchPhotoKey(id)))!.data;
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: PHOTO_OUTPUT_SIZE, height: PHOTO_OUTPUT_SIZE });
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('PhoneMaker', 'latin1'))).toBe(false);

    // An active church's photo is public, and kept by any cache at its current version.
    const served = await t.client().get(photoUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('cache-control')).toContain('public');
    expect(Buffer.from(await served.arrayBuffer()).equals(stored)).toBe(true);

    expect((await keeper.c.delete(`/api/churches/${id}/photo`)).status).toBe(200);
    expect((await t.client().get(photoUrl)).status).toBe(404);
    expect(await t.deps.storage.exists(churchPhotoKey(id))).toBe(false);
  });

  it('refuses what is not an image', async () => {
    const { id } = await keptChurch();
    const res = await upload(keeper.c, id, fileBlob(Buffer.from('%PDF-1.4 not an image'), 'image/jpeg'));
    expect(res.status).toBe(415);
    const [row] = await t.db.select().from(church).where(eq(church.id, id));
    expect(row!.photoVersion).toBeNull();
  });

  it("shows a proposal's photo only to its point persons and admins", async () => {
    const { id } = await keptChurch({ status: 'proposed' });
    expect((await upload(keeper.c, id, fileBlob(await jpegBytes()))).status).toBe(200);
    const path = `/api/churches/${id}/photo?v=1`;
    expect((await t.client().get(path)).status).toBe(404);
    expect((await other.c.get(path)).status).toBe(404);
    expect((await keeper.c.get(path)).status).toBe(200);
    const forAdmin = await admin.c.get(path);
    expect(forAdmin.status).toBe(200);
    expect(forAdmin.headers.get('cache-control')).toContain('private');
  });
});

describe('writing to the members', () => {
  it('mails each confirmed member once, Reply-To the point person, without showing any address', async () => {
    const { id, confirmed, claimed } = await keptChurch();
    const second = await insertMember(t.db, { firstName: 'Sue', lastName: 'Second' });
    await t.db
      .insert(churchMember)
      .values({ uid: second.id, churchId: id, status: 'confirmed', claimedAt: new Date(), confirmedAt: new Date() });
    const res = await keeper.c.post(`/api/churches/${id}/members/message`, {
      subject: 'Respite night on Friday',
      message: 'Bring snacks!',
    });
    const body = await expectJson<{ recipients: number }>(res, 202);
    expect(body).toEqual({ recipients: 2 });
    expect(JSON.stringify(body)).not.toContain('@');
    for (const m of [confirmed, second]) {
      const items = await mailsTo(t.db, m.email, MAIL_FORMS.churchMembersMessage);
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({ replyTo: keeper.email });
      expect(items[0]!.message.subject).toBe('Respite night on Friday');
      expect(items[0]!.message.text).toContain('Bring snacks!');
      // Each mail names its own recipient only: no other member's address is in it.
      for (const n of [confirmed, second, claimed]) if (n !== m) expect(items[0]!.message.text).not.toContain(n.email);
    }
    // A claim not confirmed gets nothing; neither does the sender.
    expect(await mailsTo(t.db, claimed.email, MAIL_FORMS.churchMembersMessage)).toHaveLength(0);
    expect(await mailsTo(t.db, keeper.email, MAIL_FORMS.churchMembersMessage)).toHaveLength(0);
  });

  it('says so when there is nobody to write to, and refuses an empty message', async () => {
    const id = await insertChurch(t.db, { pointPersons: [keeper.id] });
    expect((await keeper.c.post(`/api/churches/${id}/members/message`, { message: 'Anyone?' })).status).toBe(409);
    const empty = await keeper.c.post(`/api/churches/${id}/members/message`, { message: '  ' });
    expect(empty.status).toBe(400);
    expect((await empty.json()).fieldErrors).toHaveProperty('message');
  });

  it(`allows ${CHURCH_MESSAGES_PER_HOUR} messages an hour`, async () => {
    const writer = await signedInMember(t, { prefix: 'writer' });
    const { id } = await keptChurch();
    await t.db.insert(churchPointPerson).values({ churchId: id, uid: writer.id, since: new Date() });
    const before = (await t.db.select().from(mail)).length;
    for (let i = 0; i < CHURCH_MESSAGES_PER_HOUR; i++) {
      expect((await writer.c.post(`/api/churches/${id}/members/message`, { message: `Note ${i}` })).status).toBe(202);
    }
    const res = await writer.c.post(`/api/churches/${id}/members/message`, { message: 'One too many' });
    expect(res.status).toBe(429);
    expect((await res.json()).message).toBe(CHURCH_MESSAGE_RATE_MESSAGES.hour);
    expect((await t.db.select().from(mail)).length).toBe(before + CHURCH_MESSAGES_PER_HOUR);
  });
});
