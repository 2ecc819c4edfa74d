import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { SupervisorRequest } from '../../shared/needs-approvals';
import { SUPERVISOR_LINK_USED } from '../../shared/needs';
import { need } from '../db/schema';
import { MAIL_FORMS } from '../mail';
import { nextLiveEvent, testClock, useTestApp } from '../testing/app';
import { expectJson, insertCaseworker, insertNeed, mailsTo, signedInMember } from '../testing/factories';
import { NEEDS_TOPIC, newSupervisorLink } from './store';

// Issue 26, "the supervisor's link": a caseworker's request goes to their supervisor as a link that shows it,
// approves or declines it once, signs nobody in, and stops working after 4 days, when the request expires and
// the caseworker is told.

const HOUR_MS = 60 * 60 * 1000;
const clock = testClock();
const t = useTestApp({ clock });

/** A caseworker's request waiting for the supervisor, as POST /needs makes one, and its link's token. */
async function waitingRequest(over: { language?: 'en' | 'es' } = {}) {
  const cw = await signedInMember(t, { prefix: 'caseworker', profile: { firstName: 'Casey', lastName: 'Worker' } });
  await insertCaseworker(t.db, cw.id, { name: 'Casey Worker', agency: 'Greene County Children’s Division' });
  const link = newSupervisorLink(clock.now());
  const { id } = await insertNeed(t.db, {
    status: 'supervisor',
    supervisorTokenHash: link.tokenHash,
    supervisorLinkExpiresAt: link.expiresAt,
    askerUid: cw.id,
    askedAs: 'caseworker',
    agency: 'Greene County Children’s Division',
    supervisorName: 'Sam Supervisor',
    supervisorEmail: 'sam@agency.example.org',
    createdAt: clock.now(),
    items: [{ name: 'Car seat', quantity: 1, unitValue: 120, note: 'rear-facing' }],
    ...over,
  });
  return { cw, id, token: link.token, path: `/api/needs/approve/${link.token}` };
}

const rowOf = async (id: number) => (await t.db.select().from(need).where(eq(need.id, id)))[0]!;

describe("the supervisor's link", () => {
  it('shows the request to whoever holds it, without a session, kept by no cache', async () => {
    const { path } = await waitingRequest();
    const visitor = t.client();
    const res = await visitor.get(path);
    const shown = await expectJson<SupervisorRequest>(res);
    expect(shown).toMatchObject({
      kind: 'items',
      language: 'en',
      caseworker: { name: 'Casey Worker', agency: 'Greene County Children’s Division' },
      supervisorName: 'Sam Supervisor',
      items: [{ name: 'Car seat', quantity: 1, unitValue: 120, note: 'rear-facing' }],
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
    // The address holds the token: it is never sent to another site.
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    // Signs nobody in.
    expect(await visitor.me()).toBeNull();
    expect([...visitor.jar.keys()]).toEqual([]);
  });

  it('says which language the caseworker wrote in, so the page marks the text with it (issue 28)', async () => {
    const { path } = await waitingRequest({ language: 'es' });
    expect(await expectJson<SupervisorRequest>(await t.client().get(path))).toMatchObject({ language: 'es' });
  });

  it('approves once: the need goes on the board, the caseworker is told; the link is then used', async () => {
    const { cw, id, path } = await waitingRequest();
    const heard = nextLiveEvent(t.deps.live, (e) => e.topic === NEEDS_TOPIC && e.id === String(id));
    expect(await expectJson(await t.client().post(path, { decision: 'approve' }))).toEqual({ status: 'open' });
    await heard;
    expect(await rowOf(id)).toMatchObject({ status: 'open', approvedBy: null, supervisorTokenHash: null, radiusMiles: 15 });
    const told = await t.lastMailTo(cw.email, MAIL_FORMS.needApproved);
    expect(told!.message.text).toContain('Your supervisor, Sam Supervisor, approved your request');
    expect(told!.message.text).toContain(`/needs/${id}`);

    for (const send of [() => t.client().get(path), () => t.client().post(path, { decision: 'decline', reason: 'No' })]) {
      const used = await send();
      expect(used.status).toBe(410);
      expect((await used.json()).message).toBe(SUPERVISOR_LINK_USED);
    }
    expect((await rowOf(id)).status).toBe('open');
  });

  it('declines with a reason the caseworker is sent; a decline needs one', async () => {
    const { cw, id, path } = await waitingRequest();
    const blank = await t.client().post(path, { decision: 'decline', reason: '   ' });
    expect(blank.status).toBe(400);
    expect((await blank.json()).fieldErrors).toEqual({ reason: 'Say why you decline it: the caseworker is sent your reason' });
    expect((await t.client().post(path, { decision: 'maybe' })).status).toBe(400);
    expect((await rowOf(id)).status).toBe('supervisor');

    expect(await expectJson(await t.client().post(path, { decision: 'decline', reason: 'Ask the family first.' }))).toEqual({
      status: 'declined',
    });
    expect(await rowOf(id)).toMatchObject({ status: 'declined', declineReason: 'Ask the family first.', supervisorTokenHash: null });
    const told = await t.lastMailTo(cw.email, MAIL_FORMS.needDeclined);
    expect(told!.message.text).toContain('Ask the family first.');
    expect((await t.client().post(path, { decision: 'approve' })).status).toBe(410);
  });

  it('decides once when two answers come at the same moment', async () => {
    const { id, path } = await waitingRequest();
    const answers = await Promise.all([
      t.client().post(path, { decision: 'approve' }),
      t.client().post(path, { decision: 'decline', reason: 'No' }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 410]);
    expect(['open', 'declined']).toContain((await rowOf(id)).status);
  });

  it('refuses a token it never made, and one that is not a token at all', async () => {
    await waitingRequest();
    const unknown = await t.client().get(`/api/needs/approve/${newSupervisorLink(clock.now()).token}`);
    expect(unknown.status).toBe(410);
    expect((await t.client().get('/api/needs/approve/short')).status).toBe(404);
  });

  it('stops working after 4 days, when the expiry job marks the request expired and tells the caseworker once', async () => {
    const { cw, id, path } = await waitingRequest();
    clock.advance(4 * 24 * HOUR_MS - HOUR_MS);
    expect((await t.client().get(path)).status).toBe(200);
    await t.jobs.runNow('need-supervisor-expiry');
    expect((await rowOf(id)).status).toBe('supervisor');

    clock.advance(HOUR_MS);
    expect((await t.client().get(path)).status).toBe(410);
    expect((await t.client().post(path, { decision: 'approve' })).status).toBe(410);
    expect(await t.jobs.runNow('need-supervisor-expiry')).toMatchObject({ status: 'done' });
    expect(await rowOf(id)).toMatchObject({ status: 'expired', supervisorTokenHash: null, approvedAt: null });
    const told = await t.lastMailTo(cw.email, MAIL_FORMS.needLinkExpired);
    expect(told!.message.text).toContain('did not answer your request within the 4 days');
    await t.jobs.runNow('need-supervisor-expiry');
    expect(await mailsTo(t.db, cw.email, MAIL_FORMS.needLinkExpired)).toHaveLength(1);
  });
});
