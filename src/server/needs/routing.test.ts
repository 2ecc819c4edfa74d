import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { NEED_EXPIRE_DAYS, NEED_REMIND_DAYS, NEED_WIDEN_AFTER_HOURS } from '../../shared/needs';
import type { NotificationListResponse } from '../../shared/notifications';
import { milesBetween, zipPlace } from '../churches';
import { mail, need, needAlert, needCommitment, needRecipient, notification, notificationPreference, profile } from '../db/schema';
import { MAIL_FORMS } from '../mail';
import { JOBS } from '../site-jobs';
import { NEEDS_TOPIC } from './store';
import { testClock, useOtherInstance, useTestApp } from '../testing/app';
import { expectJson, insertChurch, insertMember, insertNeed, signedInMember } from '../testing/factories';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const clock = testClock(new Date('2031-03-03T15:00:00Z'));
const t = useTestApp({ clock });
/** A second instance on the same database, for the work two instances do at once. */
const other = useOtherInstance(t);

/** Runs a job as the runner does, and gives back what it did. */
async function run(name: string): Promise<unknown> {
  const outcome = await t.jobs.runNow(name);
  if (outcome.status === 'failed') throw outcome.error;
  expect(outcome).toMatchObject({ status: 'done' });
  return (outcome as { result: unknown }).result;
}

/** Who has heard of a need so far, and at which distance. */
async function toldOf(needId: number): Promise<Map<string, number>> {
  const rows = await t.db.select().from(needRecipient).where(eq(needRecipient.needId, needId));
  return new Map(rows.map((r) => [r.uid, r.miles]));
}

/** The announcements of one need mailed to one address. */
const announcementsTo = async (email: string, needId: number) =>
  (await mailsTo(email, MAIL_FORMS.notifyNeed)).filter((m) => new RegExp(`/needs/${needId}(?!\\d)`).test(m.message.text));

const mailsTo = (email: string, form: string) =>
  t.db
    .select()
    .from(mail)
    .where(and(eq(mail.to, email), eq(mail.form, form)));

/** A point person of an active church that responds to needs, at this ZIP code. */
async function keeperAt(zip: string, values: Parameters<typeof insertChurch>[1] = {}) {
  const keeper = await insertMember(t.db);
  await insertChurch(t.db, { zip, offers: ['needs'], pointPersons: [keeper.id], ...values });
  return keeper;
}

async function needRow(id: number) {
  const [row] = await t.db.select().from(need).where(eq(need.id, id));
  return row!;
}

describe('distances between ZIP codes (the centroids the routing measures from)', () => {
  it('puts 65804 within 15 miles of 65802 (Springfield, MO), and Kansas City about 150 miles away', () => {
    const springfield = zipPlace('65802')!;
    expect(milesBetween(springfield, zipPlace('65804')!)).toBeLessThan(15);
    const kansasCity = milesBetween(springfield, zipPlace('64101')!);
    expect(kansasCity).toBeGreaterThan(130);
    expect(kansasCity).toBeLessThan(160);
    // Symmetric, and nothing from a place to itself.
    expect(milesBetween(zipPlace('64101')!, springfield)).toBeCloseTo(kansasCity, 6);
    expect(milesBetween(springfield, springfield)).toBe(0);
  });
});

describe('announcing an open need', () => {
  it('tells the point persons of active churches within 15 miles that respond to needs, and members whose alert reaches it, once', async () => {
    const near = await keeperAt('65804');
    const notNeeds = await keeperAt('65804', { offers: ['worship'] });
    const archived = await keeperAt('65804', { status: 'archived' });
    const bolivar = await keeperAt('65613'); // 28 miles: only once it widens
    const kansasCity = await keeperAt('64101');
    const suspended = await keeperAt('65807');
    await t.db.update(profile).set({ suspendedAt: clock.now() }).where(eq(profile.uid, suspended.id));
    const unconfirmed = await insertMember(t.db, { emailVerified: false });
    await insertChurch(t.db, { zip: '65807', offers: ['needs'], pointPersons: [unconfirmed.id] });

    const watcher = await insertMember(t.db);
    await t.db.insert(needAlert).values({ uid: watcher.id, zip: '65810', ...latLon('65810'), radiusMiles: 10, createdAt: clock.now() });
    const farWatcher = await insertMember(t.db); // 60 miles around Kansas City does not reach Springfield
    await t.db.insert(needAlert).values({ uid: farWatcher.id, zip: '64101', ...latLon('64101'), radiusMiles: 60, createdAt: clock.now() });
    // The asker keeps a nearby church's page too: they know of their own need.
    const asker = await keeperAt('65807');

    const { id } = await insertNeed(t.db, { askerUid: asker.id, approvedAt: clock.now(), title: 'Twin bunk bed for two brothers' });
    await run(JOBS.needAnnounce);

    const told = await toldOf(id);
    expect([...told.keys()].sort()).toEqual([near.id, watcher.id].sort());
    expect(told.get(near.id)).toBe(4);
    for (const m of [notNeeds, archived, bolivar, kansasCity, suspended, unconfirmed, farWatcher, asker])
      expect(told.has(m.id)).toBe(false);
    expect((await needRow(id)).announcedMiles).toBe(15);

    const [toChurch] = await announcementsTo(near.email, id);
    expect(toChurch!.message.subject).toBe('A need near your church: Twin bunk bed for two brothers');
    expect(toChurch!.message.text).toContain('in Springfield, MO, about 4 miles from');
    expect(toChurch!.message.text).toContain('Twin bunk bed × 1 (about $300)');
    expect(toChurch!.message.text).toContain(`${t.config.publicUrl}/needs/${id}`);
    expect(toChurch!.message.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const [toWatcher] = await announcementsTo(watcher.email, id);
    expect(toWatcher!.message.subject).toBe('A need near you: Twin bunk bed for two brothers');
    expect(toWatcher!.message.text).toContain('you asked to hear of needs within 10 miles of 65810');

    // Nothing new to announce: nobody hears twice.
    expect(await run(JOBS.needAnnounce)).toMatchObject({ told: 0 });
    expect(await announcementsTo(near.email, id)).toHaveLength(1);
  });

  it("rings the member's bell with the need (its town, title and page), and keeps mail off for whoever turned it off", async () => {
    const keeper = await signedInMember(t);
    await insertChurch(t.db, { zip: '65804', offers: ['needs'], pointPersons: [keeper.id] });
    await t.db.insert(notificationPreference).values({ uid: keeper.id, mailNeed: false });
    const { id } = await insertNeed(t.db, { approvedAt: clock.now(), title: 'A week of dinners' });
    await run(JOBS.needAnnounce);

    const list = await expectJson<NotificationListResponse>(await keeper.c.get('/api/notifications'));
    expect(list.unread).toBe(1);
    expect(list.notifications[0]).toMatchObject({
      kind: 'need',
      actor: { name: 'Springfield, MO', isFormerMember: false },
      post: null,
      need: { id, title: 'A week of dinners', language: 'en' },
      link: `/needs/${id}`,
    });
    expect(await announcementsTo(keeper.email, id)).toEqual([]);
  });

  it("one-click unsubscribe from an announcement turns that mail off; the need's notification stays", async () => {
    const keeper = await keeperAt('65804');
    const { id } = await insertNeed(t.db, { approvedAt: clock.now() });
    await run(JOBS.needAnnounce);
    const [sent] = await announcementsTo(keeper.email, id);
    const url = /^<(.+)>$/.exec(sent!.message.headers!['List-Unsubscribe']!)![1]!;
    const res = await t.client().post(url.slice(t.config.publicUrl.length));
    expect(await expectJson(res)).toEqual({ kind: 'need', label: 'Needs near you or your church', mail: false });
    const [pref] = await t.db.select().from(notificationPreference).where(eq(notificationPreference.uid, keeper.id));
    expect(pref!.mailNeed).toBe(false);
    // The next need near it rings the bell, without mail.
    const next = await insertNeed(t.db, { approvedAt: clock.now() });
    await run(JOBS.needAnnounce);
    expect(await announcementsTo(keeper.email, next.id)).toEqual([]);
    expect(
      await t.db
        .select()
        .from(notification)
        .where(and(eq(notification.recipientUid, keeper.id), eq(notification.needId, next.id))),
    ).toHaveLength(1);
  });

  it('does not announce a need that is not open', async () => {
    const keeper = await keeperAt('65804');
    const waiting = await insertNeed(t.db, { status: 'review' });
    const declined = await insertNeed(t.db, { status: 'declined' });
    await run(JOBS.needAnnounce);
    for (const n of [waiting, declined]) expect(await toldOf(n.id)).toEqual(new Map());
    expect(await mailsTo(keeper.email, MAIL_FORMS.notifyNeed)).toEqual([]);
  });

  it('two instances announcing at once tell each person once', async () => {
    const keepers = await Promise.all(['65804', '65807', '65810'].map((zip) => keeperAt(zip)));
    const needs = await Promise.all([1, 2, 3].map(() => insertNeed(t.db, { approvedAt: clock.now() })));
    await Promise.all([t.jobs.runNow(JOBS.needAnnounce), other.jobs.runNow(JOBS.needAnnounce)]);
    for (const n of needs) {
      for (const k of keepers) expect(await announcementsTo(k.email, n.id)).toHaveLength(1);
      expect((await needRow(n.id)).announcedMiles).toBe(15);
    }
  });
});

describe('widening a need nobody has committed to', () => {
  it('widens to 30 then 60 miles after 3 days each (normal), announcing each step to those it adds, and stops at 60', async () => {
    const near = await keeperAt('65804');
    const bolivar = await keeperAt('65613'); // 28 miles
    const lebanon = await keeperAt('65536'); // 48 miles
    const joplin = await keeperAt('64801'); // 67 miles
    const { id } = await insertNeed(t.db, { approvedAt: clock.now(), urgency: 'normal', radiusMiles: 15, announcedMiles: null });
    await run(JOBS.needAnnounce);
    const first = await toldOf(id);
    expect(first.has(near.id)).toBe(true);
    for (const k of [bolivar, lebanon, joplin]) expect(first.has(k.id)).toBe(false);

    clock.advance(NEED_WIDEN_AFTER_HOURS.normal * HOUR_MS - 60_000);
    await run(JOBS.needWiden);
    expect((await needRow(id)).radiusMiles).toBe(15);

    clock.advance(60_000);
    expect(await run(JOBS.needWiden)).toMatchObject({ widened: expect.arrayContaining([id]) });
    expect(await needRow(id)).toMatchObject({ radiusMiles: 30, widenedAt: clock.now(), announcedMiles: 15 });
    // Widening again at once does nothing: the clock starts from the step.
    await run(JOBS.needWiden);
    expect((await needRow(id)).radiusMiles).toBe(30);
    await run(JOBS.needAnnounce);
    expect((await toldOf(id)).get(bolivar.id)).toBe(28);
    expect(await announcementsTo(near.email, id)).toHaveLength(1);
    expect((await announcementsTo(bolivar.email, id))[0]!.message.text).toContain('about 28 miles from');

    clock.advance(NEED_WIDEN_AFTER_HOURS.normal * HOUR_MS);
    await run(JOBS.needWiden);
    await run(JOBS.needAnnounce);
    expect(await needRow(id)).toMatchObject({ radiusMiles: 60, announcedMiles: 60 });
    const told = await toldOf(id);
    expect(told.has(lebanon.id)).toBe(true);
    expect(told.has(joplin.id)).toBe(false);

    clock.advance(NEED_WIDEN_AFTER_HOURS.normal * HOUR_MS);
    await run(JOBS.needWiden);
    expect((await needRow(id)).radiusMiles).toBe(60);
    for (const k of [near, bolivar, lebanon]) expect(await announcementsTo(k.email, id)).toHaveLength(1);
  });

  it('widens an urgent need after a day', async () => {
    const { id } = await insertNeed(t.db, { approvedAt: clock.now(), urgency: 'urgent' });
    clock.advance(NEED_WIDEN_AFTER_HOURS.urgent * HOUR_MS);
    await run(JOBS.needWiden);
    expect((await needRow(id)).radiusMiles).toBe(30);
  });

  it('does not widen a need somebody committed to (a prayer alone does not stop it)', async () => {
    const member = await insertMember(t.db);
    const committed = await insertNeed(t.db, { approvedAt: clock.now() });
    await t.db
      .insert(needCommitment)
      .values({ needId: committed.id, itemId: committed.itemIds[0]!, uid: member.id, quantity: 1, createdAt: clock.now() });
    const prayed = await insertNeed(t.db, { approvedAt: clock.now() });
    await t.db.insert(needCommitment).values({ needId: prayed.id, itemId: null, uid: member.id, quantity: 0, createdAt: clock.now() });
    const withdrawn = await insertNeed(t.db, { approvedAt: clock.now() });
    await t.db.insert(needCommitment).values({
      needId: withdrawn.id,
      itemId: withdrawn.itemIds[0]!,
      uid: member.id,
      quantity: 1,
      createdAt: clock.now(),
      withdrawnAt: clock.now(),
    });
    clock.advance(NEED_WIDEN_AFTER_HOURS.normal * HOUR_MS);
    await run(JOBS.needWiden);
    expect((await needRow(committed.id)).radiusMiles).toBe(15);
    expect((await needRow(prayed.id)).radiusMiles).toBe(30);
    expect((await needRow(withdrawn.id)).radiusMiles).toBe(30);
  });
});

describe("the board's clock: reminders and expiry", () => {
  it('reminds the asker to record the outcome at 14 and 28 days, once each', async () => {
    const asker = await insertMember(t.db);
    const { id } = await insertNeed(t.db, { askerUid: asker.id, approvedAt: clock.now(), title: 'Car seat' });
    const reminders = () => mailsTo(asker.email, MAIL_FORMS.needOutcomeReminder);

    clock.advance(NEED_REMIND_DAYS[0] * DAY_MS - 60_000);
    await run(JOBS.needRemind);
    expect(await reminders()).toEqual([]);
    clock.advance(60_000);
    await run(JOBS.needRemind);
    await run(JOBS.needRemind);
    const [first] = await reminders();
    expect(first!.message.subject).toBe('How is it going? "Car seat"');
    expect(first!.message.text).toContain('for 14 days; 0 of 1 thing it asks for is committed');
    expect(first!.message.text).toContain(`${t.config.publicUrl}/needs/${id}`);
    // It closes 40 days after its approval.
    const closes = new Date((await needRow(id)).approvedAt!.getTime() + NEED_EXPIRE_DAYS * DAY_MS);
    expect(first!.message.text).toContain(
      `closes it by itself on ${closes.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' })}.`,
    );
    expect((await needRow(id)).remindersSent).toBe(1);

    clock.advance((NEED_REMIND_DAYS[1] - NEED_REMIND_DAYS[0]) * DAY_MS);
    await run(JOBS.needRemind);
    await run(JOBS.needRemind);
    expect(await reminders()).toHaveLength(2);
    expect((await needRow(id)).remindersSent).toBe(2);
  });

  it('sends one reminder, not two, for a need whose first reminder was missed', async () => {
    const asker = await insertMember(t.db);
    const { id } = await insertNeed(t.db, { askerUid: asker.id, approvedAt: new Date(clock.now().getTime() - 30 * DAY_MS) });
    await run(JOBS.needRemind);
    expect(await mailsTo(asker.email, MAIL_FORMS.needOutcomeReminder)).toHaveLength(1);
    expect((await needRow(id)).remindersSent).toBe(2);
  });

  it(`closes open needs after ${NEED_EXPIRE_DAYS} days with the outcome their commitments made, and tells the asker`, async () => {
    const asker = await insertMember(t.db);
    const member = await insertMember(t.db);
    const approvedAt = clock.now();
    const none = await insertNeed(t.db, { askerUid: asker.id, approvedAt, title: 'Nothing came' });
    const some = await insertNeed(t.db, { askerUid: asker.id, approvedAt, items: [{ quantity: 4 }] });
    const all = await insertNeed(t.db, { askerUid: asker.id, approvedAt, items: [{ quantity: 2 }] });
    await t.db.insert(needCommitment).values([
      { needId: some.id, itemId: some.itemIds[0]!, uid: member.id, quantity: 1, createdAt: approvedAt },
      { needId: all.id, itemId: all.itemIds[0]!, uid: member.id, quantity: 2, createdAt: approvedAt },
    ]);
    const waiting = await insertNeed(t.db, { status: 'review', createdAt: approvedAt });

    clock.advance(NEED_EXPIRE_DAYS * DAY_MS - 60_000);
    await run(JOBS.needExpire);
    expect((await needRow(none.id)).status).toBe('open');

    clock.advance(60_000);
    await run(JOBS.needExpire);
    expect(await needRow(none.id)).toMatchObject({ status: 'closed', closeReason: 'expired', outcome: 'not_met', closedAt: clock.now() });
    expect(await needRow(some.id)).toMatchObject({ status: 'closed', outcome: 'partly_met' });
    expect(await needRow(all.id)).toMatchObject({ status: 'closed', outcome: 'met' });
    expect((await needRow(waiting.id)).status).toBe('review');
    const told = await mailsTo(asker.email, MAIL_FORMS.needExpired);
    expect(told).toHaveLength(3);
    expect(told.map((m) => m.message.subject)).toContain('Your request "Nothing came" has closed');

    // Closed needs are neither reminded, widened nor closed again.
    await run(JOBS.needExpire);
    await run(JOBS.needRemind);
    expect(await mailsTo(asker.email, MAIL_FORMS.needExpired)).toHaveLength(3);
  });
});

/** The place columns of a ZIP code, as the alert's service stores them. */
function latLon(zip: string) {
  const p = zipPlace(zip)!;
  return { latitude: p.latitude, longitude: p.longitude };
}

describe('the runner', () => {
  it('announces a need as soon as the board hears of it, without waiting for the next look', async () => {
    const keeper = await keeperAt('65804');
    const before = t.jobs.status(JOBS.needAnnounce).runs;
    t.jobs.start();
    try {
      // The first look of every job happens at the start; the next would be a minute away.
      await vi.waitFor(() => expect(t.jobs.status(JOBS.needAnnounce)).toMatchObject({ runs: before + 1, isRunning: false }));
      const { id } = await insertNeed(t.db, { approvedAt: clock.now() });
      await t.announce({ topic: NEEDS_TOPIC, id: String(id) });
      await vi.waitFor(async () => expect((await toldOf(id)).has(keeper.id)).toBe(true), { timeout: 5000 });
      // The run that told is counted when it has finished, a moment after its row can be read (on PostgreSQL,
      // from another connection): one run more than the first look, not a look a minute later.
      await vi.waitFor(() => expect(t.jobs.status(JOBS.needAnnounce)).toMatchObject({ runs: before + 2, isRunning: false }));
    } finally {
      await t.jobs.stop();
    }
  });
});
