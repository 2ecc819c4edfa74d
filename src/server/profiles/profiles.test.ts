import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { JSON_BODY_MAX_BYTES, PROFILE_COMMENTS_MAX, PROFILE_NAME_MAX } from '../../shared/limits';
import type { LiveEvent } from '../../shared/live';
import { profile } from '../db/schema';
import { testClock, useTestApp } from '../testing/app';
import { buildProfileInput, expectAnswer, signedInMember } from '../testing/factories';
import { toPublicProfile } from './service';

const clock = testClock(new Date('2026-03-01T12:00:00Z'));
const t = useTestApp({ clock });

type Client = ReturnType<typeof t.client>;

/** A member signed up through the API, with no profile saved yet. */
const newMember = () => signedInMember(t, { prefix: 'profile', profile: null });

async function rowOf(uid: string) {
  const [row] = await t.db.select().from(profile).where(eq(profile.uid, uid));
  return row!;
}

// The contract takes any JSON object (the service checks the merged profile), so only bodies that are no
// object at all go raw (putRaw).
const put = (c: Client, json: Record<string, unknown>) => c.api.profile.$put({ json });
const putRaw = (c: Client, body: string) => c.request('PUT', '/api/profile', body);

async function expectFieldError(c: Client, body: Record<string, unknown>, field: string) {
  const json = await expectAnswer(put(c, body), 400);
  expect(json.code).toBe('VALIDATION');
  expect(json.fieldErrors?.[field], `${field} in ${JSON.stringify(json.fieldErrors)}`).toEqual(expect.any(String));
  return json.fieldErrors![field]!;
}

describe('GET /api/profile', () => {
  it('is for signed-in members only', async () => {
    expect((await expectAnswer(t.client().api.profile.$get(), 401)).code).toBe('UNAUTHENTICATED');
  });

  it('answers a new member with an empty profile: nothing saved, state unset, no photo', async () => {
    const { c, id, email } = await newMember();
    const res = await c.api.profile.$get();
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { profile: p } = await expectAnswer(res);
    expect(p).toMatchObject({
      uid: id,
      email,
      savedAt: null,
      isAdmin: false,
      photoUrl: null,
      firstName: null,
      phone: null,
      state: 'NONE',
      agAffiliated: null,
      fosterParent: null,
      numberOfFosterKids: null,
    });
  });
});

describe('PUT /api/profile', () => {
  it('saves the form, normalised, stamps the time of the save, and the member now has a profile', async () => {
    const { c, id, email } = await newMember();
    const { profile: p } = await expectAnswer(put(c, buildProfileInput()));
    expect(p).toMatchObject({
      uid: id,
      email,
      firstName: 'Grace',
      phone: '4175550100',
      orgAgUrl: 'https://usmissions.ag.org/',
      orgOther: null,
      orgOtherUrl: null,
      numberOfFosterKids: 3,
      state: 'MO',
      streetAddress: '12 Elm Street',
      savedAt: clock.now().toISOString(),
    });
    expect((await rowOf(id)).savedAt?.toISOString()).toBe('2026-03-01T12:00:00.000Z');
    const me = (await c.me())!;
    expect(me).toMatchObject({ hasProfile: true, firstName: 'Grace', lastName: 'Miller' });
    expect((await expectAnswer(c.api.profile.$get())).profile).toEqual(p);
  });

  it('is for signed-in members only', async () => {
    expect((await put(t.client(), buildProfileInput())).status).toBe(401);
  });

  it("announces the change on the admins' live 'users' topic", async () => {
    const { c, id } = await newMember();
    const other = await newMember();
    const events: LiveEvent[] = [];
    const off = t.deps.live.subscribe((e) => events.push(e));
    // On PostgreSQL notices arrive in commit order over one connection: once another member's save is
    // heard, everything committed before it has been heard too.
    let saves = 0;
    const settle = async () => {
      await put(other.c, buildProfileInput({ city: `Settled ${++saves}` }));
      await expect.poll(() => events.filter((e) => e.id === other.id).length).toBe(saves);
    };
    try {
      await put(c, buildProfileInput());
      await settle();
      expect(events.filter((e) => e.id === id).map((e) => [e.topic, e.kind])).toContainEqual(['users', 'updated']);
      events.length = 0;
      saves = 0;
      await put(c, buildProfileInput({ phone: 'nope' }));
      await settle();
      expect(events.filter((e) => e.id === id)).toEqual([]);
    } finally {
      off();
    }
  });

  describe('refuses each required field missing or malformed with that field’s error, and saves nothing', () => {
    const cases: Array<[string, Record<string, unknown>]> = [
      ['firstName', { firstName: undefined }],
      ['firstName', { firstName: '' }],
      ['firstName', { firstName: '   ' }],
      ['firstName', { firstName: null }],
      ['firstName', { firstName: 42 }],
      ['lastName', { lastName: undefined }],
      ['lastName', { lastName: '' }],
      ['phone', { phone: undefined }],
      ['phone', { phone: '' }],
      ['phone', { phone: 'call me' }],
      ['phone', { phone: '555-01' }],
      ['phone', { phone: '1234567890123456' }],
      ['phone', { phone: 4175550100 }],
      ['state', { state: undefined }],
      ['state', { state: 'NONE' }],
      ['state', { state: 'XX' }],
      ['state', { state: '' }],
    ];
    for (const [field, overrides] of cases) {
      it(`${field} = ${JSON.stringify(overrides[field]) ?? 'missing'}`, async () => {
        const { c, id } = await newMember();
        const body = buildProfileInput(overrides);
        const message = await expectFieldError(c, body, field);
        expect(message.length).toBeGreaterThan(5);
        const row = await rowOf(id);
        expect(row.savedAt).toBeNull();
        expect(row.firstName).toBeNull();
        expect(row.state).toBe('NONE');
      });
    }

    it('and a saved profile keeps its values when a later save is refused', async () => {
      const { c, id } = await newMember();
      await put(c, buildProfileInput());
      const before = await rowOf(id);
      clock.advance(60_000);
      await expectFieldError(c, buildProfileInput({ firstName: 'Changed', phone: 'nope' }), 'phone');
      expect(await rowOf(id)).toEqual(before);
    });

    it('names every problem at once', async () => {
      const { c } = await newMember();
      const { fieldErrors = {} } = await expectAnswer(put(c, { comments: 'only this' }), 400);
      expect(Object.keys(fieldErrors).sort()).toEqual(['firstName', 'lastName', 'phone', 'state']);
      expect(fieldErrors.state).toBe('Choose your state');
      expect(fieldErrors.firstName).toBe('First name is required');
    });
  });

  it('writes only the signed-in member’s profile: uid, email and isAdmin in the body are ignored', async () => {
    const me = await newMember();
    const other = await newMember();
    await put(other.c, buildProfileInput({ firstName: 'Other' }));
    const otherBefore = await rowOf(other.id);

    const res = await put(
      me.c,
      buildProfileInput({ uid: other.id, email: other.email, isAdmin: true, savedAt: '2001-01-01T00:00:00Z', photoVersion: 9 }),
    );
    expect(res.status).toBe(200);
    expect(await rowOf(other.id)).toEqual(otherBefore);
    const mine = await rowOf(me.id);
    expect(mine).toMatchObject({ email: me.email, isAdmin: false, photoVersion: null, firstName: 'Grace' });
    expect(mine.savedAt?.toISOString()).toBe(clock.now().toISOString());
  });

  it('ignores unknown fields', async () => {
    const { c, id } = await newMember();
    const body = JSON.stringify(buildProfileInput({ favouriteColour: 'teal' })).replace(/^\{/, '{"__proto__":{"isAdmin":true},');
    // Raw: the key __proto__ as JSON text, which no object literal would send.
    const res = await putRaw(c, body);
    expect(res.status).toBe(200);
    expect((await res.json()).profile).not.toHaveProperty('favouriteColour');
    expect((await rowOf(id)).isAdmin).toBe(false);
  });

  it('merges: fields left out keep their value, blank ones are cleared', async () => {
    const { c, id } = await newMember();
    await put(c, buildProfileInput());
    const res = await put(c, { city: 'Joplin', church: '', numberOfFosterKids: null });
    expect(res.status).toBe(200);
    expect(await rowOf(id)).toMatchObject({
      firstName: 'Grace',
      phone: '4175550100',
      state: 'MO',
      city: 'Joplin',
      church: null,
      numberOfFosterKids: null,
      fosterParent: 'Yes',
    });
  });

  it('normalises phone numbers to digits', async () => {
    const { c } = await newMember();
    for (const [typed, stored] of [
      ['(417) 555-0100', '4175550100'],
      ['417.555.0100', '4175550100'],
      ['+1 417 555 0100', '14175550100'],
      [' 4175550100 ', '4175550100'],
    ]) {
      const { profile: p } = await expectAnswer(put(c, buildProfileInput({ phone: typed })));
      expect(p.phone, typed).toBe(stored);
    }
  });

  it('stores web addresses as http(s) URLs and refuses every other kind', async () => {
    const { c } = await newMember();
    for (const [typed, stored] of [
      ['example.org', 'https://example.org/'],
      ['www.example.org/about', 'https://www.example.org/about'],
      ['http://example.org/a?b=1', 'http://example.org/a?b=1'],
      ['HTTPS://Example.org', 'https://example.org/'],
    ]) {
      const { profile: p } = await expectAnswer(put(c, buildProfileInput({ orgAgUrl: typed, orgOtherUrl: typed, socialMedia: typed })));
      expect([p.orgAgUrl, p.orgOtherUrl, p.socialMedia], typed).toEqual([stored, stored, stored]);
    }
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      'mailto:someone@example.org',
      'ftp://example.org',
      'http:example.org',
      'https://user:secret@example.org',
      'localhost:3000',
      'not a url',
    ]) {
      for (const field of ['orgAgUrl', 'orgOtherUrl', 'socialMedia']) {
        await expectFieldError(c, buildProfileInput({ [field]: bad }), field);
      }
    }
  });

  it('takes Yes/No answers only as explicit Yes or No, and never assumes Yes', async () => {
    const { c, id } = await newMember();
    const res = await put(
      c,
      buildProfileInput({ agAffiliated: undefined, agCredentialed: undefined, agChurch: undefined, fosterParent: undefined }),
    );
    expect(res.status).toBe(200);
    expect(await rowOf(id)).toMatchObject({ agAffiliated: null, agCredentialed: null, agChurch: null, fosterParent: null });
    for (const bad of ['yes', 'Y', true, 1, 'Maybe']) {
      await expectFieldError(c, buildProfileInput({ fosterParent: bad }), 'fosterParent');
    }
    await put(c, buildProfileInput({ agChurch: 'No', fosterParent: '' }));
    expect(await rowOf(id)).toMatchObject({ agChurch: 'No', fosterParent: null });
  });

  it('takes the number of foster children as a whole number from 0 to 99', async () => {
    const { c, id } = await newMember();
    for (const [given, stored] of [
      [0, 0],
      [99, 99],
      ['7', 7],
      ['', null],
    ] as const) {
      expect((await put(c, buildProfileInput({ numberOfFosterKids: given }))).status).toBe(200);
      expect((await rowOf(id)).numberOfFosterKids).toBe(stored);
    }
    for (const bad of [-1, 100, 2.5, 'two', '3 kids', '1e2', true]) {
      await expectFieldError(c, buildProfileInput({ numberOfFosterKids: bad }), 'numberOfFosterKids');
    }
  });

  it('limits the length of text and checks the ZIP code', async () => {
    const { c } = await newMember();
    await expectFieldError(c, buildProfileInput({ firstName: 'x'.repeat(PROFILE_NAME_MAX + 1) }), 'firstName');
    await expectFieldError(c, buildProfileInput({ comments: 'x'.repeat(PROFILE_COMMENTS_MAX + 1) }), 'comments');
    for (const field of ['church', 'city', 'orgAg', 'orgAgTitle', 'orgOther', 'orgOtherTitle', 'streetAddress']) {
      await expectFieldError(c, buildProfileInput({ [field]: 'x'.repeat(201) }), field);
    }
    expect((await put(c, buildProfileInput({ comments: 'x'.repeat(PROFILE_COMMENTS_MAX) }))).status).toBe(200);
    for (const ok of ['65802', '65802-1234']) expect((await put(c, buildProfileInput({ userZip: ok }))).status).toBe(200);
    for (const bad of ['6580', 'ABCDE', '65802-12']) await expectFieldError(c, buildProfileInput({ userZip: bad }), 'userZip');
  });

  it('refuses bodies that are not a JSON object', async () => {
    const { c } = await newMember();
    expect((await putRaw(c, '[1,2]')).status).toBe(400);
    expect((await putRaw(c, '"text"')).status).toBe(400);
    const bad = await putRaw(c, '{"firstName":');
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe('BAD_JSON');
    const form = await c.request('PUT', '/api/profile', 'firstName=x', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
  });

  it('keeps the 64 KB body limit', async () => {
    const { c, id } = await newMember();
    const res = await put(c, buildProfileInput({ comments: 'x'.repeat(JSON_BODY_MAX_BYTES) }));
    expect(res.status).toBe(413);
    expect((await rowOf(id)).savedAt).toBeNull();
  });
});

describe('toPublicProfile (what other members may see)', () => {
  it('leaves out the street address, phone, email, ZIP code and isAdmin', async () => {
    const { c, id } = await newMember();
    await put(c, buildProfileInput());
    const shown = toPublicProfile(await rowOf(id));
    for (const secret of ['streetAddress', 'phone', 'email', 'userZip', 'isAdmin']) expect(shown).not.toHaveProperty(secret);
    const text = JSON.stringify(shown);
    expect(text).not.toContain('12 Elm Street');
    expect(text).not.toContain('4175550100');
    expect(text).not.toContain('65802');
    expect(shown).toEqual({
      uid: id,
      firstName: 'Grace',
      lastName: 'Miller',
      city: 'Springfield',
      state: 'MO',
      church: 'Central Assembly',
      agChurch: 'Yes',
      agAffiliated: 'Yes',
      agCredentialed: 'No',
      orgAg: 'AG U.S. Missions',
      orgAgTitle: 'Chaplain',
      orgAgUrl: 'https://usmissions.ag.org/',
      orgOther: null,
      orgOtherTitle: null,
      orgOtherUrl: null,
      fosterParent: 'Yes',
      numberOfFosterKids: 3,
      socialMedia: 'https://facebook.com/grace.miller',
      comments: 'Happy to help with respite care.',
      photoUrl: null,
      savedAt: clock.now().toISOString(),
    });
  });
});
