import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DIRECTORY_PAGE_SIZE,
  type directoryQuerySchema,
  type MemberMessageInput,
  MEMBER_MESSAGE_MAX,
  MEMBER_MESSAGES_PER_HOUR,
  NEEDS_PROFILE_TO_WRITE,
  type DirectoryPage,
} from '../../shared/directory';
import { PUBLIC_PROFILE_FIELDS } from '../../shared/profile';
import { mail, profile, user } from '../db/schema';
import { MAIL_FORMS } from '../mail/outbox';
import { testClock, useTestApp } from '../testing/app';
import {
  expectAnswer,
  expectJson,
  insertMember,
  signedInAdmin,
  signedInMember,
  uniqueTag,
  type SignedUpMember,
} from '../testing/factories';
import { MEMBER_MESSAGE_RATE_MESSAGES } from '../rate-limit/rules';

const ADMIN_EMAIL = 'directory.admin@example.org';
const clock = testClock();
const t = useTestApp({ clock, config: { adminEmails: [ADMIN_EMAIL] } });

type Client = ReturnType<typeof t.client>;
type Member = SignedUpMember;

/** A signed-in member; with a saved, listed profile unless told otherwise. */
function member(opts: { email?: string; withProfile?: boolean; profile?: Partial<typeof profile.$inferInsert> } = {}): Promise<Member> {
  return signedInMember(t, {
    email: opts.email,
    prefix: 'directory',
    profile:
      opts.withProfile === false
        ? null
        : { firstName: 'Sam', lastName: 'Sender', phone: '4175550199', agAffiliated: 'Yes', ...opts.profile },
  });
}

type Query = z.input<typeof directoryQuerySchema>;

async function list(c: Client, query: Query = {}): Promise<DirectoryPage> {
  return expectAnswer(c.api.directory.$get({ query }));
}

/** Every page of a query, following nextCursor. */
async function listAll(c: Client, query: Query): Promise<DirectoryPage['members']> {
  const members: DirectoryPage['members'] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page: DirectoryPage = await list(c, cursor ? { ...query, after: cursor } : query);
    members.push(...page.members);
    cursor = page.nextCursor;
  } while (cursor && ++pages < 50);
  return members;
}

const names = (page: { members: Array<{ firstName: string | null; lastName: string | null }> }) =>
  page.members.map((m) => `${m.firstName} ${m.lastName}`);

let viewer: Member;
let admin: Member;
beforeAll(async () => {
  viewer = await member({ profile: { firstName: 'Vera', lastName: 'Viewer' } });
  admin = await signedInAdmin(t, {
    email: ADMIN_EMAIL,
    profile: { firstName: 'Ada', lastName: 'Admin', phone: '4175550199', agAffiliated: 'Yes' },
  });
});

describe('GET /api/directory', () => {
  it('is for signed-in members only', async () => {
    expect((await expectAnswer(t.client().api.directory.$get({ query: {} }), 401)).code).toBe('UNAUTHENTICATED');
  });

  it('lists only members who answered Yes to ag_affiliated and saved their profile, by last name then first name', async () => {
    const church = uniqueTag();
    await insertMember(t.db, { firstName: 'zoe', lastName: 'adams', church, agAffiliated: 'Yes' });
    await insertMember(t.db, { firstName: 'Bob', lastName: 'Baker', church, agAffiliated: 'Yes' });
    await insertMember(t.db, { firstName: 'Amy', lastName: 'Adams', church, agAffiliated: 'Yes' });
    await insertMember(t.db, { firstName: 'Carl', lastName: 'Clark', church, agAffiliated: 'No' });
    await insertMember(t.db, { firstName: 'Dina', lastName: 'Dunn', church, agAffiliated: null });
    await insertMember(t.db, { firstName: 'Eve', lastName: 'Evans', church, agAffiliated: 'Yes', savedAt: null });
    const page = await list(viewer.c, { q: church });
    expect(names(page)).toEqual(['Amy Adams', 'zoe adams', 'Bob Baker']);
    expect(page.nextCursor).toBeNull();
  });

  it('answers each member with the public fields only', async () => {
    const church = uniqueTag();
    const { id } = await insertMember(t.db, {
      firstName: 'Pia',
      lastName: 'Public',
      church,
      city: 'Joplin',
      state: 'MO',
      agAffiliated: 'Yes',
      agChurch: 'Yes',
      agCredentialed: 'No',
      fosterParent: 'Yes',
      orgAg: 'AG U.S. Missions',
      orgAgTitle: 'Chaplain',
      orgAgUrl: 'https://usmissions.ag.org/',
      socialMedia: 'https://facebook.com/pia',
      comments: 'Respite on weekends.',
      streetAddress: '1 Hidden Lane',
      userZip: '64801',
      phone: '4175550123',
      photoVersion: 2,
    });
    const [found] = (await list(viewer.c, { q: church })).members;
    expect(Object.keys(found!).sort()).toEqual([...PUBLIC_PROFILE_FIELDS, 'uid', 'photoUrl', 'savedAt'].sort());
    expect(found).toMatchObject({
      uid: id,
      firstName: 'Pia',
      city: 'Joplin',
      state: 'MO',
      church,
      agChurch: 'Yes',
      fosterParent: 'Yes',
      orgAgTitle: 'Chaplain',
      photoUrl: `/api/photos/${id}?v=2`,
    });
  });

  it('lets a member without a saved profile read the directory', async () => {
    const m = await member({ withProfile: false });
    const page = await list(m.c);
    expect(page.members.length).toBeGreaterThan(0);
  });

  it('pages through the list without gaps or repeats, ties of names included', async () => {
    const church = uniqueTag();
    // 60 members, many with the same names in different cases, so pages end in the middle of equal names.
    const inserted: Array<{ id: string; first: string; last: string }> = [];
    for (let i = 0; i < 60; i++) {
      const last = ['Nguyen', 'nguyen', 'Ng', 'Óscar', 'Young'][i % 5]!;
      const first = ['Anna', 'anna', 'Ben'][i % 3]!;
      const { id } = await insertMember(t.db, { firstName: first, lastName: last, church, agAffiliated: 'Yes' });
      inserted.push({ id, first, last });
    }
    const all = await listAll(viewer.c, { q: church });
    // The order of one query over the whole list, in the database's own collation.
    const expected = await t.db
      .select({ uid: profile.uid })
      .from(profile)
      .where(eq(profile.church, church))
      .orderBy(sql`lower(${profile.lastName})`, sql`lower(${profile.firstName})`, profile.uid);
    expect(all.map((m) => m.uid)).toEqual(expected.map((r) => r.uid));
    expect(new Set(all.map((m) => m.uid))).toEqual(new Set(inserted.map((m) => m.id)));
    const first = await list(viewer.c, { q: church });
    expect(first.members).toHaveLength(DIRECTORY_PAGE_SIZE);
    expect(first.nextCursor).toEqual(expect.any(String));
  });

  describe('search and filters', () => {
    const town = uniqueTag();
    let ids: Record<string, string>;
    beforeAll(async () => {
      const base = { city: town, agAffiliated: 'Yes' as const };
      ids = {
        foster: (await insertMember(t.db, { ...base, firstName: 'Fran', lastName: 'Foster', fosterParent: 'Yes', state: 'TX' })).id,
        credentialed: (await insertMember(t.db, { ...base, firstName: 'Cred', lastName: 'Minister', agCredentialed: 'Yes', state: 'TX' }))
          .id,
        both: (
          await insertMember(t.db, { ...base, firstName: 'Bo', lastName: 'Both', fosterParent: 'Yes', agCredentialed: 'Yes', state: 'OK' })
        ).id,
        neither: (await insertMember(t.db, { ...base, firstName: 'Nel', lastName: 'Neither', state: 'OK', church: 'Hillside Assembly' }))
          .id,
        org: (
          await insertMember(t.db, {
            ...base,
            firstName: 'Ola',
            lastName: 'Org',
            state: 'KS',
            orgOther: 'Hope Family Services',
            orgAg: 'Central Bible',
          })
        ).id,
      };
    });
    const uids = (page: DirectoryPage) => page.members.map((m) => m.uid).sort();
    const idsOf = (...keys: string[]) => keys.map((k) => ids[k]!).sort();

    it('finds members by the words of their name, church, city or organisation, in any case', async () => {
      expect(uids(await list(viewer.c, { q: town }))).toEqual(idsOf('foster', 'credentialed', 'both', 'neither', 'org'));
      // Raw: a space written %20, as some clients write it (the typed client writes +).
      expect(uids(await expectJson<DirectoryPage>(await viewer.c.get(`/api/directory?q=${town}%20fran`)))).toEqual(idsOf('foster'));
      expect(uids(await list(viewer.c, { q: `${town.toUpperCase()} MINIST` }))).toEqual(idsOf('credentialed'));
      expect(uids(await list(viewer.c, { q: `${town} hillside` }))).toEqual(idsOf('neither'));
      expect(uids(await list(viewer.c, { q: `${town} hope family` }))).toEqual(idsOf('org'));
      expect(uids(await list(viewer.c, { q: `${town} central bible` }))).toEqual(idsOf('org'));
      // Every word must match somewhere.
      expect(uids(await list(viewer.c, { q: `${town} fran hillside` }))).toEqual([]);
    });

    it('narrows by foster parent, AG credentialed and state, combined with each other and with the search', async () => {
      expect(uids(await list(viewer.c, { q: town, foster: '1' }))).toEqual(idsOf('foster', 'both'));
      expect(uids(await list(viewer.c, { q: town, credentialed: '1' }))).toEqual(idsOf('credentialed', 'both'));
      expect(uids(await list(viewer.c, { q: town, state: 'TX' }))).toEqual(idsOf('foster', 'credentialed'));
      expect(uids(await list(viewer.c, { q: town, state: 'ok', foster: 'true' }))).toEqual(idsOf('both'));
      expect(uids(await list(viewer.c, { q: town, foster: '1', credentialed: '1' }))).toEqual(idsOf('both'));
      expect(uids(await list(viewer.c, { q: town, foster: '0', credentialed: '' }))).toHaveLength(5);
      expect(uids(await list(viewer.c, { q: town, state: 'KS', foster: '1' }))).toEqual([]);
    });

    it('never matches the street address, phone, email, ZIP code or comments', async () => {
      const secret = uniqueTag();
      await insertMember(t.db, {
        agAffiliated: 'Yes',
        streetAddress: `12 ${secret} Street`,
        phone: '4175559876',
        userZip: '65899',
        comments: `${secret}comment`,
        email: `${secret.toLowerCase()}@example.org`,
      });
      for (const q of [secret, '4175559876', '65899', `${secret}comment`]) {
        expect((await list(viewer.c, { q })).members, q).toEqual([]);
      }
    });

    it('treats what is typed as words, never as a pattern', async () => {
      for (const q of ['%', '_', '%25', "'; drop table profile; --", '\\', '(', '*']) {
        const res = await viewer.c.api.directory.$get({ query: { q } });
        expect(res.status, q).toBe(200);
      }
      // Only punctuation: no words, so no search (the whole directory, as with an empty box).
      const all = await list(viewer.c, { q: '%' });
      expect(all.members.length).toBeGreaterThan(0);
    });
  });

  it('refuses malformed filters and list positions with 400 and the field', async () => {
    // Raw: malformed on purpose, as an address typed by hand would be.
    for (const [query, field] of [
      ['?state=XX', 'state'],
      ['?state=NONE', 'state'],
      ['?foster=yes', 'foster'],
      ['?credentialed=2', 'credentialed'],
      [`?q=${'x'.repeat(101)}`, 'q'],
      ['?after=not+base64!', 'after'],
      [`?after=${Buffer.from('["a","b"]').toString('base64url')}`, 'after'],
      [`?after=${Buffer.from('not json').toString('base64url')}`, 'after'],
    ] as const) {
      const res = await viewer.c.get(`/api/directory${query}`);
      expect(res.status, query).toBe(400);
      const body = await res.json();
      expect(body.code, query).toBe('VALIDATION');
      expect(body.fieldErrors?.[field], `${query}: ${JSON.stringify(body)}`).toEqual(expect.any(String));
    }
  });

  it('gives admins the count of the filter and the total with the first page; members get none', async () => {
    const [{ n: total } = { n: 0 }] = await t.db
      .select({ n: count() })
      .from(profile)
      .where(and(eq(profile.agAffiliated, 'Yes'), isNotNull(profile.savedAt)));
    const church = uniqueTag();
    for (let i = 0; i < 3; i++) await insertMember(t.db, { church, agAffiliated: 'Yes', fosterParent: i < 2 ? 'Yes' : 'No' });

    const mine = await list(admin.c, { q: church, foster: '1' });
    expect(mine.counts).toEqual({ matching: 2, total: total + 3 });
    const unfiltered = await list(admin.c);
    expect(unfiltered.counts!.matching).toBe(unfiltered.counts!.total);
    if (unfiltered.nextCursor) expect((await list(admin.c, { after: unfiltered.nextCursor })).counts).toBeNull();

    expect((await list(viewer.c, { q: church, foster: '1' })).counts).toBeNull();
    expect((await list(viewer.c)).counts).toBeNull();
  });
});

describe('POST /api/directory/:uid/message', () => {
  const send = (c: Client, uid: string, json: MemberMessageInput) => c.api.directory[':uid'].message.$post({ param: { uid }, json });
  /** For ids and bodies malformed on purpose, which the typed client would not send. */
  const sendRaw = (c: Client, uid: string, body: unknown) => c.post(`/api/directory/${uid}/message`, body);
  async function mailCount() {
    const [row] = await t.db.select({ n: count() }).from(mail);
    return row!.n;
  }

  it('queues the message for the member, replyTo the sender, and never answers with the recipient’s address', async () => {
    const sender = await member({ profile: { firstName: 'Alma', lastName: 'Author' } });
    const recipient = await insertMember(t.db, { firstName: 'Ben', lastName: 'Reader', agAffiliated: 'Yes' });
    const message = 'Could you help with a ride on Sunday?\n<script>alert(1)</script> & thanks';
    const res = await send(sender.c, recipient.id, { message });
    expect(res.status).toBe(202);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ ok: true });
    expect(text).not.toContain(recipient.email);

    const item = await t.lastMailTo(recipient.email, 'member message');
    expect(item).toMatchObject({ form: MAIL_FORMS.memberMessage, to: recipient.email, replyTo: sender.email, state: 'PENDING' });
    expect(item!.message.subject).toBe('Alma Author wrote to you through the Foster Care Network');
    expect(item!.message.text).toContain('Hello Ben,');
    expect(item!.message.text).toContain('Alma Author, a member of the Foster Care Network, is reaching out to you');
    expect(item!.message.text).toContain('> Could you help with a ride on Sunday?\n> <script>alert(1)</script> & thanks');
    expect(item!.message.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; thanks');
    expect(item!.message.html).not.toContain('<script>');
  });

  it('frames the message in the recipient’s language, and leaves the sender’s words as written', async () => {
    const sender = await member({ profile: { firstName: 'Alma', lastName: 'Author' } });
    const recipient = await insertMember(t.db, { firstName: 'Beatriz', lastName: 'Lectora', agAffiliated: 'Yes' });
    await t.db.update(user).set({ locale: 'es' }).where(eq(user.id, recipient.id));
    expect((await send(sender.c, recipient.id, { message: 'Could you help on Sunday?' })).status).toBe(202);

    const item = await t.lastMailTo(recipient.email, 'member message');
    expect(item!.message.subject).toBe('Alma Author le escribió a través de Foster Care Network');
    expect(item!.message.text).toContain('Hola, Beatriz:');
    expect(item!.message.text).toContain('Alma Author, miembro de Foster Care Network, se comunica con usted');
    expect(item!.message.text).toContain('> Could you help on Sunday?');
    expect(item!.message.text).toContain(`Para contestar, responda a este correo: su respuesta le llega a Alma Author en ${sender.email}.`);
    expect(item!.message.html).toContain('<html lang="es">');
  });

  it('needs a signed-in member (401) with a saved profile (403, saying how to get one)', async () => {
    const recipient = await insertMember(t.db, { agAffiliated: 'Yes' });
    const noProfile = await member({ withProfile: false });
    const before = await mailCount();
    expect((await send(t.client(), recipient.id, { message: 'Hi' })).status).toBe(401);
    expect(await expectAnswer(send(noProfile.c, recipient.id, { message: 'Hi' }), 403)).toMatchObject({
      code: 'NEEDS_PROFILE',
      message: NEEDS_PROFILE_TO_WRITE,
    });
    expect(await mailCount()).toBe(before);
  });

  it('only reaches members of the directory: others, unknown and malformed ids get the same 404', async () => {
    const sender = await member();
    const notAffiliated = await insertMember(t.db, { agAffiliated: 'No' });
    const unsaved = await insertMember(t.db, { agAffiliated: 'Yes', savedAt: null });
    const before = await mailCount();
    for (const uid of [notAffiliated.id, unsaved.id, 'no-such-member', 'a%20b', 'x'.repeat(65)]) {
      const res = await sendRaw(sender.c, uid, { message: 'Hello there' });
      expect(res.status, uid).toBe(404);
      const text = await res.text();
      expect(JSON.parse(text).message).toBe('This member is not in the directory (any more).');
      expect(text).not.toContain('@');
    }
    expect(await mailCount()).toBe(before);
  });

  it('refuses an empty, overlong or malformed message and a message to oneself, queueing nothing', async () => {
    const sender = await member();
    const recipient = await insertMember(t.db, { agAffiliated: 'Yes' });
    const before = await mailCount();
    for (const body of [{}, { message: '' }, { message: '   \n ' }, { message: 42 }, { message: 'x'.repeat(MEMBER_MESSAGE_MAX + 1) }]) {
      const res = await sendRaw(sender.c, recipient.id, body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect((await res.json()).fieldErrors?.message).toEqual(expect.any(String));
    }
    expect((await sendRaw(sender.c, recipient.id, 'not json')).status).toBe(400);
    const wrongType = await sender.c.post(`/api/directory/${recipient.id}/message`, 'message=hi', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(wrongType.status).toBe(415);
    const self = await send(sender.c, sender.id, { message: 'Hello me' });
    expect(self.status).toBe(400);
    expect(await mailCount()).toBe(before);
  });

  it(`allows ${MEMBER_MESSAGES_PER_HOUR} messages an hour per sender, then says so with 429 and Retry-After`, async () => {
    const sender = await member();
    const recipient = await insertMember(t.db, { agAffiliated: 'Yes' });
    for (let i = 0; i < MEMBER_MESSAGES_PER_HOUR; i++) {
      expect((await send(sender.c, recipient.id, { message: `Message ${i}` })).status).toBe(202);
    }
    const before = await mailCount();
    const res = await send(sender.c, recipient.id, { message: 'One too many' });
    expect((await expectAnswer(res, 429)).message).toBe(MEMBER_MESSAGE_RATE_MESSAGES.hour);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await mailCount()).toBe(before);
    // Another sender is not affected.
    const other = await member();
    expect((await send(other.c, recipient.id, { message: 'Hello' })).status).toBe(202);
    // In the next hour the sender may write again.
    clock.advance(60 * 60 * 1000);
    expect((await send(sender.c, recipient.id, { message: 'Later' })).status).toBe(202);
  });
});
