import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { NEED_CONSENT_REQUIRED, NEED_NOT_FOUND, NEEDS_PER_DAY, type NeedInput, type NeedPage } from '../../shared/needs';
import {
  NEED_ASK_FORBIDDEN,
  NEED_CHURCH_NOT_KEPT,
  NEED_NOT_EDITABLE,
  NEED_PROFILE_REQUIRED,
  type MyNeed,
  type NeedEditInput,
  type NeedFieldsAnswer,
} from '../../shared/needs-board';
import { need, needCommitment, profile, user } from '../db/schema';
import { MAIL_FORMS } from '../mail';
import { NEED_ASK_RATE_MESSAGE } from '../rate-limit/rules';
import { nextLiveEvent, testClock, useTestApp } from '../testing/app';
import { expectJson, insertCaseworker, insertChurch, insertMember, insertNeed, signedInAdmin, signedInMember } from '../testing/factories';
import { hashLinkToken, NEED_REVIEWS_TOPIC, NEEDS_TOPIC } from './store';

// Asking for a need and editing it (issue 26, product.md §13): who asks decides where the request waits, the
// privacy refusals name the field, and an edit never takes back what someone committed to.

const clock = testClock(new Date('2026-06-01T12:00:00Z'));
const t = useTestApp({ clock, config: { publicUrl: 'https://network.test' } });
beforeEach(() => clock.advance(1000));

const ask = (overrides: Partial<NeedInput> = {}): NeedInput => ({
  kind: 'items',
  title: 'A twin bunk bed for two brothers',
  description: 'Two brothers arrived this week and share a small room; a bunk bed would give them space.',
  city: 'Springfield',
  state: 'MO',
  zip: '65802',
  urgency: 'normal',
  items: [{ name: 'Twin bunk bed', quantity: 1, unitValue: 300 }],
  familyConsent: true,
  ...overrides,
});

/** The fields of `ask` as an edit sends them. */
const edit = (overrides: Partial<NeedEditInput> = {}): NeedEditInput => {
  const { familyConsent: _consent, churchId: _church, ...fields } = ask();
  return { ...fields, ...overrides };
};

async function stored(id: number) {
  const [row] = await t.db.select().from(need).where(eq(need.id, id));
  return row!;
}

describe('POST /api/needs', () => {
  it("puts a family's request in the admins' queue, not on the board, with the consent time and the ZIP code's place", async () => {
    const m = await signedInMember(t);
    const heard = nextLiveEvent(t.deps.live, (e) => e.topic === NEED_REVIEWS_TOPIC);
    const asked = await expectJson<MyNeed>(await m.c.post('/api/needs', ask({ zip: '65807' })), 201);
    expect(asked).toMatchObject({
      status: 'review',
      title: 'A twin bunk bed for two brothers',
      totalUnits: 1,
      totalValue: 300,
      approvedAt: null,
    });
    expect((await heard).id).toBe(String(asked.id));
    const row = await stored(asked.id);
    expect(row).toMatchObject({ askedAs: 'family', askerUid: m.id, zip: '65807', churchId: null, supervisorTokenHash: null });
    expect(row.familyConsentAt.toISOString()).toBe(clock.now().toISOString());
    expect(row.latitude).toBeCloseTo(37.2, 0);
    // Not public yet: a visitor and another member get the board's 404; the asker sees it.
    expect((await t.client().get(`/api/needs/${asked.id}`)).status).toBe(404);
    expect((await (await signedInMember(t)).c.get(`/api/needs/${asked.id}`)).status).toBe(404);
    expect((await expectJson<NeedPage>(await m.c.get(`/api/needs/${asked.id}`))).may).toEqual({ edit: true, close: false, commit: false });
  });

  it("sends a caseworker's request to the supervisor's work address with a single-use link, Reply-To the caseworker", async () => {
    const m = await signedInMember(t, { profile: null });
    await insertCaseworker(t.db, m.id, {
      name: 'Casey Worker',
      agency: 'Greene County',
      supervisorName: 'Sam Boss',
      supervisorEmail: 'sam@agency.test',
    });
    const items = [
      { name: 'Twin bunk bed', quantity: 1, unitValue: 300 },
      // Time given has no money value: the mail names it without "about $0".
      { name: 'Help carrying it upstairs', quantity: 2, unitValue: 0 },
    ];
    const asked = await expectJson<MyNeed>(await m.c.post('/api/needs', ask({ items })), 201);
    expect(asked.status).toBe('supervisor');
    const row = await stored(asked.id);
    expect(row).toMatchObject({
      askedAs: 'caseworker',
      agency: 'Greene County',
      supervisorName: 'Sam Boss',
      supervisorEmail: 'sam@agency.test',
    });
    expect(row.supervisorLinkExpiresAt!.getTime() - clock.now().getTime()).toBe(4 * 24 * 3600 * 1000);
    const mail = await t.lastMailTo('sam@agency.test', MAIL_FORMS.needSupervisor);
    expect(mail!.replyTo).toBe(m.email);
    expect(mail!.message.text).toContain('Dear Sam Boss,');
    expect(mail!.message.text).toContain('Twin bunk bed × 1 (about $300 each)');
    expect(mail!.message.text).toMatch(/Help carrying it upstairs × 2$/m);
    const token = /https:\/\/network\.test\/needs\/approve\/([\w-]+)/.exec(mail!.message.text)![1]!;
    expect(hashLinkToken(token)).toBe(row.supervisorTokenHash);
  });

  it("writes the supervisor's mail in the language of the caseworker who asked (the supervisor has no account)", async () => {
    const m = await signedInMember(t, { profile: null });
    await t.db.update(user).set({ locale: 'es' }).where(eq(user.id, m.id));
    await insertCaseworker(t.db, m.id, {
      name: 'Carla Ruiz',
      agency: 'Greene County',
      supervisorName: 'Sara Jefa',
      supervisorEmail: 'sara@agency.test',
    });
    await expectJson<MyNeed>(await m.c.post('/api/needs', ask()), 201);
    const mail = await t.lastMailTo('sara@agency.test', MAIL_FORMS.needSupervisor);
    expect(mail!.message.subject).toBe('Carla Ruiz le pide aprobar una solicitud para una familia de crianza');
    expect(mail!.message.text).toContain('Estimado/a Sara Jefa:');
    expect(mail!.message.text).toContain('durante 4 días');
  });

  it('lets a point person ask for their church, and refuses a church they do not keep', async () => {
    const m = await signedInMember(t);
    const kept = await insertChurch(t.db, { pointPersons: [m.id] });
    const other = await insertChurch(t.db);
    const asked = await expectJson<MyNeed>(await m.c.post('/api/needs', ask({ churchId: kept })), 201);
    expect(await stored(asked.id)).toMatchObject({ askedAs: 'church', churchId: kept, status: 'review' });
    const refused = await expectJson<{ fieldErrors: Record<string, string> }>(await m.c.post('/api/needs', ask({ churchId: other })), 403);
    expect(refused.fieldErrors.churchId).toBe(NEED_CHURCH_NOT_KEPT);
  });

  it("puts an admin's need on the board at once", async () => {
    const admin = await signedInAdmin(t);
    const heard = nextLiveEvent(t.deps.live, (e) => e.topic === NEEDS_TOPIC);
    const asked = await expectJson<MyNeed>(await admin.c.post('/api/needs', ask()), 201);
    expect(asked.status).toBe('open');
    expect(asked.approvedAt).toBe(clock.now().toISOString());
    expect((await heard).id).toBe(String(asked.id));
    expect(await stored(asked.id)).toMatchObject({ askedAs: 'admin', approvedBy: admin.id, radiusMiles: 15, announcedMiles: null });
    expect((await t.client().get(`/api/needs/${asked.id}`)).status).toBe(200);
  });

  it('refuses a phone number, an email address or a street address, naming the field, and writes nothing', async () => {
    const m = await signedInMember(t);
    const before = (await t.db.select({ id: need.id }).from(need)).length;
    const cases: Array<[Partial<NeedInput>, string, RegExp]> = [
      [{ description: 'Call me at 417-555-0100 any time.' }, 'description', /^Description must not hold a phone number/],
      [{ title: 'Write to grace@example.com' }, 'title', /^Title must not hold an email address/],
      [{ description: 'We live at 1445 N Boonville Ave.' }, 'description', /^Description must not hold a street address/],
      [
        { items: [{ name: 'Bed', quantity: 1, unitValue: 10, note: 'Bring it to 12 Oak Street' }] },
        'items.0.note',
        /^Details must not hold a street address/,
      ],
    ];
    for (const [fields, field, message] of cases) {
      const res = await expectJson<{ fieldErrors: Record<string, string> }>(await m.c.post('/api/needs', ask(fields)), 400);
      expect(res.fieldErrors[field]).toMatch(message);
    }
    const noConsent = await expectJson<{ fieldErrors: Record<string, string> }>(
      await m.c.post('/api/needs', { ...ask(), familyConsent: false }),
      400,
    );
    expect(noConsent.fieldErrors.familyConsent).toBe(NEED_CONSENT_REQUIRED);
    const wrongState = await expectJson<{ fieldErrors: Record<string, string> }>(await m.c.post('/api/needs', ask({ state: 'KS' })), 400);
    expect(wrongState.fieldErrors.zip).toBeTruthy();
    expect((await t.db.select({ id: need.id }).from(need)).length).toBe(before);
  });

  it('refuses unconfirmed, suspended and profile-less accounts', async () => {
    const unconfirmed = await signedInMember(t, { confirm: false });
    expect((await unconfirmed.c.post('/api/needs', ask())).status).toBe(403);
    const noProfile = await signedInMember(t, { profile: null });
    const res = await expectJson<{ message: string }>(await noProfile.c.post('/api/needs', ask()), 403);
    expect(res.message).toBe(NEED_PROFILE_REQUIRED);
    const suspended = await signedInMember(t);
    await t.db.update(profile).set({ suspendedAt: clock.now() }).where(eq(profile.uid, suspended.id));
    expect((await suspended.c.post('/api/needs', ask())).status).toBeGreaterThanOrEqual(401);
    expect((await t.client().post('/api/needs', ask())).status).toBe(401);
  });

  it(`takes ${NEEDS_PER_DAY} requests a day from a member`, async () => {
    const m = await signedInMember(t);
    for (let i = 0; i < NEEDS_PER_DAY; i++) expect((await m.c.post('/api/needs', ask())).status).toBe(201);
    const refused = await expectJson<{ message: string }>(await m.c.post('/api/needs', ask()), 429);
    expect(refused.message).toBe(NEED_ASK_RATE_MESSAGE);
  });
});

describe('GET /api/me/needs', () => {
  it("lists the member's own requests, newest first, with a decline's reason, and nobody else's", async () => {
    const m = await signedInMember(t);
    const declined = await insertNeed(t.db, {
      askerUid: m.id,
      status: 'declined',
      declineReason: 'Please leave out the school.',
      createdAt: new Date(clock.now().getTime() - 5000),
    });
    const open = await insertNeed(t.db, { askerUid: m.id, createdAt: clock.now() });
    await insertNeed(t.db, { askerUid: (await insertMember(t.db)).id });
    const mine = await expectJson<{ needs: MyNeed[] }>(await m.c.get('/api/me/needs'));
    expect(mine.needs.map((n) => [n.id, n.status, n.declineReason])).toEqual([
      [open.id, 'open', null],
      [declined.id, 'declined', 'Please leave out the school.'],
    ]);
  });
});

describe('PATCH /api/needs/:id', () => {
  it('lets the asker change the fields and items, keeps what is committed, and tells open pages', async () => {
    const m = await signedInMember(t);
    const { id, itemIds } = await insertNeed(t.db, {
      askerUid: m.id,
      items: [
        { name: 'Dinner', quantity: 4, unitValue: 40 },
        { name: 'Car seat', quantity: 1 },
      ],
    });
    const responder = await insertMember(t.db);
    await t.db.insert(needCommitment).values({ needId: id, itemId: itemIds[0]!, uid: responder.id, quantity: 2, createdAt: clock.now() });

    const fields = await expectJson<NeedFieldsAnswer>(await m.c.get(`/api/needs/${id}/edit`));
    expect(fields.items.map((i) => [i.id, i.committed])).toEqual([
      [itemIds[0], 2],
      [itemIds[1], 0],
    ]);
    const heard = nextLiveEvent(t.deps.live, (e) => e.topic === NEEDS_TOPIC && e.id === String(id));
    const page = await expectJson<NeedPage>(
      await m.c.patch(
        `/api/needs/${id}`,
        edit({
          title: 'Dinners for a family of five',
          zip: '65807',
          items: [
            { name: 'Blanket', quantity: 2, unitValue: 20 },
            { id: itemIds[0], name: 'Dinner for five', quantity: 3, unitValue: 45 },
          ],
        }),
      ),
    );
    await heard;
    expect(page.title).toBe('Dinners for a family of five');
    expect(page.items.map((i) => [i.name, i.quantity, i.committed])).toEqual([
      ['Blanket', 2, 0],
      ['Dinner for five', 3, 2],
    ]);
    expect(page.items[1]!.id).toBe(itemIds[0]);
    expect((await stored(id)).zip).toBe('65807');
  });

  it('refuses a quantity below what is committed, or removing an item someone committed to, naming the field', async () => {
    const m = await signedInMember(t);
    const { id, itemIds } = await insertNeed(t.db, { askerUid: m.id, items: [{ name: 'Dinner', quantity: 4 }] });
    await t.db
      .insert(needCommitment)
      .values({ needId: id, itemId: itemIds[0]!, uid: (await insertMember(t.db)).id, quantity: 3, createdAt: clock.now() });
    const below = await expectJson<{ fieldErrors: Record<string, string> }>(
      await m.c.patch(`/api/needs/${id}`, edit({ items: [{ id: itemIds[0], name: 'Dinner', quantity: 2, unitValue: 40 }] })),
      400,
    );
    expect(below.fieldErrors['items.0.quantity']).toBe('Quantity must be at least 3: that many are already committed');
    const removed = await expectJson<{ fieldErrors: Record<string, string> }>(
      await m.c.patch(`/api/needs/${id}`, edit({ items: [{ name: 'Something else', quantity: 1, unitValue: 5 }] })),
      400,
    );
    expect(removed.fieldErrors.items).toBe(
      '"Dinner" has commitments, so it cannot be removed; lower its quantity to what is committed instead',
    );
    const foreign = await insertNeed(t.db);
    const unknown = await expectJson<{ fieldErrors: Record<string, string> }>(
      await m.c.patch(
        `/api/needs/${id}`,
        edit({
          items: [
            { id: itemIds[0], name: 'Dinner', quantity: 4, unitValue: 40 },
            { id: foreign.itemIds[0], name: 'X', quantity: 1, unitValue: 1 },
          ],
        }),
      ),
      400,
    );
    expect(unknown.fieldErrors['items.1.id']).toBeTruthy();
  });

  it('refuses anyone but the asker or an admin, and a closed need; an admin edits a request waiting for review', async () => {
    const asker = await signedInMember(t);
    const open = await insertNeed(t.db, { askerUid: asker.id });
    const waiting = await insertNeed(t.db, { askerUid: asker.id, status: 'review' });
    const closed = await insertNeed(t.db, { askerUid: asker.id, status: 'closed', outcome: 'met' });
    const other = await signedInMember(t);
    expect((await expectJson<{ message: string }>(await other.c.patch(`/api/needs/${open.id}`, edit()), 403)).message).toBe(
      NEED_ASK_FORBIDDEN,
    );
    expect((await expectJson<{ message: string }>(await other.c.patch(`/api/needs/${waiting.id}`, edit()), 404)).message).toBe(
      NEED_NOT_FOUND,
    );
    expect((await other.c.get(`/api/needs/${open.id}/edit`)).status).toBe(403);
    expect((await expectJson<{ message: string }>(await asker.c.patch(`/api/needs/${closed.id}`, edit()), 409)).message).toBe(
      NEED_NOT_EDITABLE,
    );
    const admin = await signedInAdmin(t);
    const edited = await expectJson<NeedPage>(await admin.c.patch(`/api/needs/${waiting.id}`, edit({ title: 'Edited by the team' })));
    expect(edited).toMatchObject({ title: 'Edited by the team', status: 'review' });
    expect((await t.client().patch(`/api/needs/${open.id}`, edit())).status).toBe(401);
  });
});

describe('the language a need is written in (issue 28)', () => {
  it('is the one chosen, or else the asker’s own; an edit keeps it unless it says another', async () => {
    const spanish = await signedInMember(t);
    await t.db.update(user).set({ locale: 'es' }).where(eq(user.id, spanish.id));
    const english = await signedInMember(t);
    const own = await expectJson<MyNeed>(await spanish.c.post('/api/needs', ask()), 201);
    const chosen = await expectJson<MyNeed>(await english.c.post('/api/needs', ask({ language: 'es' })), 201);
    const plain = await expectJson<MyNeed>(await english.c.post('/api/needs', ask()), 201);
    expect([own.language, chosen.language, plain.language]).toEqual(['es', 'es', 'en']);
    expect((await stored(chosen.id)).language).toBe('es');
    expect((await expectJson<NeedFieldsAnswer>(await english.c.get(`/api/needs/${chosen.id}/edit`))).language).toBe('es');

    const admin = await signedInAdmin(t);
    expect((await expectJson<NeedPage>(await admin.c.patch(`/api/needs/${chosen.id}`, edit({ title: 'Tidied' })))).language).toBe('es');
    expect((await expectJson<NeedPage>(await english.c.patch(`/api/needs/${chosen.id}`, edit({ language: 'en' })))).language).toBe('en');
    expect((await stored(chosen.id)).language).toBe('en');
  });

  it('refuses a language it does not know with 400, writing and changing nothing', async () => {
    const m = await signedInMember(t);
    const { id } = await insertNeed(t.db, { askerUid: m.id, title: 'As it was', language: 'es' });
    const before = (await t.db.select({ id: need.id }).from(need)).length;
    const asked = await m.c.post('/api/needs', { ...ask(), language: 'fr' }, { 'accept-language': 'es' });
    expect(await expectJson(asked, 400)).toMatchObject({ fieldErrors: { language: 'Elija inglés o español.' } });
    const edited = await m.c.patch(`/api/needs/${id}`, { ...edit({ title: 'Changed' }), language: 'spanish' });
    expect(await expectJson(edited, 400)).toMatchObject({ fieldErrors: { language: 'Choose English or Spanish.' } });
    expect((await t.db.select({ id: need.id }).from(need)).length).toBe(before);
    expect(await stored(id)).toMatchObject({ title: 'As it was', language: 'es' });
  });
});
