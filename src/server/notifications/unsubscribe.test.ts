import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  UNSUBSCRIBE_KINDS,
  UNSUBSCRIBE_MESSAGES,
  type UnsubscribeKind,
} from '../../shared/notifications';
import { notificationPreference } from '../db/schema';
import { testClock, useTestApp } from '../testing/app';
import { expectJson, signedInMember } from '../testing/factories';
import { createUnsubscribeToken, UNSUBSCRIBE_TOKEN_TTL_MS } from './unsubscribe-token';

const clock = testClock();
const t = useTestApp({ clock });

const tokenFor = (uid: string, kind: UnsubscribeKind, secret = t.config.sessionSecret) =>
  createUnsubscribeToken(secret, { uid, kind, now: clock.now() });

/** As a mail program sends RFC 8058's one-click POST: no cookie, no Origin, a form body. */
function oneClick(token: string, extra = '') {
  return t.app.request(`/api/notifications/unsubscribe?token=${encodeURIComponent(token)}${extra}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
}

const preferencesOf = async (m: Awaited<ReturnType<typeof signedInMember>>) =>
  expectJson<typeof DEFAULT_NOTIFICATION_PREFERENCES>(await m.c.get('/api/notifications/preferences'));

describe('mail preferences', () => {
  it('start at the defaults and change one at a time, for the member only', async () => {
    const m = await signedInMember(t);
    expect(await preferencesOf(m)).toEqual({
      mailResponse: true,
      mailFollowedResponse: true,
      mailNeed: true,
      mailCare: true,
      digest: 'weekly',
    });
    expect(await expectJson(await m.c.put('/api/notifications/preferences', { digest: 'daily' }))).toEqual({
      mailResponse: true,
      mailFollowedResponse: true,
      mailNeed: true,
      mailCare: true,
      digest: 'daily',
    });
    await expectJson(await m.c.put('/api/notifications/preferences', { mailFollowedResponse: false }));
    expect(await preferencesOf(m)).toEqual({
      mailResponse: true,
      mailFollowedResponse: false,
      mailNeed: true,
      mailCare: true,
      digest: 'daily',
    });
    expect((await t.client().get('/api/notifications/preferences')).status).toBe(401);
    expect((await t.client().put('/api/notifications/preferences', { digest: 'off' })).status).toBe(401);
  });

  it('refuse unknown preferences, wrong values and an empty change with 400, changing nothing', async () => {
    const m = await signedInMember(t);
    for (const body of [{}, { digest: 'hourly' }, { mailResponse: 'no' }, { isAdmin: true }, { mailResponse: false, extra: 1 }]) {
      const res = await m.c.put('/api/notifications/preferences', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await preferencesOf(m)).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  it("turns off exactly the link's kind for the link's member, without cookies, however often it is sent; undo turns it on", async () => {
    const a = await signedInMember(t);
    const b = await signedInMember(t);
    const token = tokenFor(a.id, 'followed_response');

    // GET says what it would do and changes nothing (a link scanner opening it must not unsubscribe anyone).
    expect(await expectJson(await t.client().get(`/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`))).toEqual({
      kind: 'followed_response',
      label: 'Responses in posts you follow',
      mail: true,
    });
    expect(await preferencesOf(a)).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);

    for (let i = 0; i < 2; i++) {
      expect(await expectJson(await oneClick(token))).toEqual({
        kind: 'followed_response',
        label: 'Responses in posts you follow',
        mail: false,
      });
    }
    expect(await preferencesOf(a)).toEqual({
      mailResponse: true,
      mailFollowedResponse: false,
      mailNeed: true,
      mailCare: true,
      digest: 'weekly',
    });
    // Nobody else's mail changed.
    expect(await preferencesOf(b)).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);

    expect(await expectJson(await oneClick(token, '&undo=1'))).toMatchObject({ mail: true });
    expect(await preferencesOf(a)).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
  });

  it('turns the digest off from its own link, and undo brings back the frequency it had', async () => {
    const daily = await signedInMember(t);
    await expectJson(await daily.c.put('/api/notifications/preferences', { digest: 'daily', mailResponse: false }));
    const token = tokenFor(daily.id, 'digest');
    const state = { kind: 'digest', label: 'The digest of new posts' };
    expect(await expectJson(await t.client().get(`/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`))).toEqual({
      ...state,
      mail: true,
    });
    for (let i = 0; i < 2; i++) expect(await expectJson(await oneClick(token))).toEqual({ ...state, mail: false });
    // Only the digest: the other preferences stay as the member left them.
    expect(await preferencesOf(daily)).toEqual({
      mailResponse: false,
      mailFollowedResponse: true,
      mailNeed: true,
      mailCare: true,
      digest: 'off',
    });
    for (let i = 0; i < 2; i++) expect(await expectJson(await oneClick(token, '&undo=1'))).toEqual({ ...state, mail: true });
    expect(await preferencesOf(daily)).toEqual({
      mailResponse: false,
      mailFollowedResponse: true,
      mailNeed: true,
      mailCare: true,
      digest: 'daily',
    });

    // A member who never chose: the default (weekly) is what comes back.
    const plain = await signedInMember(t);
    const plainToken = tokenFor(plain.id, 'digest');
    await expectJson(await oneClick(plainToken));
    expect((await preferencesOf(plain)).digest).toBe('off');
    await expectJson(await oneClick(plainToken, '&undo=1'));
    expect(await preferencesOf(plain)).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);

    // The frequency last chosen on the settings page is the one an undo restores, even after it was turned off there.
    await expectJson(await plain.c.put('/api/notifications/preferences', { digest: 'daily' }));
    await expectJson(await plain.c.put('/api/notifications/preferences', { digest: 'off' }));
    await expectJson(await oneClick(plainToken));
    await expectJson(await oneClick(plainToken, '&undo=1'));
    expect((await preferencesOf(plain)).digest).toBe('daily');
  });

  it('refuses forged, expired, malformed and altered links with a clear 4xx, changing nothing', async () => {
    const a = await signedInMember(t);
    const good = tokenFor(a.id, 'response');
    const [payload, signature] = good.split('.') as [string, string];
    // The same claim for another member, signed with our key, is a different token: flip the member in the payload.
    const otherPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), u: 'someone-else' }),
    ).toString('base64url');
    const cases: Array<[string, number, string]> = [
      [tokenFor(a.id, 'response', 'another-site-secret-0123456789abcdef'), 403, UNSUBSCRIBE_MESSAGES.forged],
      [`${otherPayload}.${signature}`, 403, UNSUBSCRIBE_MESSAGES.forged],
      [`${payload}.${signature.slice(0, -2)}AA`, 403, UNSUBSCRIBE_MESSAGES.forged],
      ['not-a-token', 400, UNSUBSCRIBE_MESSAGES.malformed],
      [`${payload}.${signature}.more`, 400, UNSUBSCRIBE_MESSAGES.malformed],
    ];
    for (const [token, status, message] of cases) {
      for (const res of [
        await oneClick(token),
        await t.client().get(`/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`),
      ]) {
        expect(res.status, token).toBe(status);
        expect(((await res.json()) as { message: string }).message).toBe(message);
      }
    }
    expect((await oneClick('')).status).toBe(400);

    // A genuine link past its 90 days.
    const old = tokenFor(a.id, 'response');
    clock.advance(UNSUBSCRIBE_TOKEN_TTL_MS + 1000);
    const res = await oneClick(old);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe(UNSUBSCRIBE_MESSAGES.expired);
    expect(await preferencesOf(a)).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
  });

  it("answers 410 to a deleted account's link, read or used (undo too), and writes nothing", async () => {
    const leaving = await signedInMember(t);
    const tokens = UNSUBSCRIBE_KINDS.map((kind) => tokenFor(leaving.id, kind));
    expect((await leaving.c.delete('/api/account')).status).toBe(200);
    for (const token of tokens) {
      for (const res of [
        await t.client().get(`/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`),
        await oneClick(token),
        await oneClick(token, '&undo=1'),
      ]) {
        expect(res.status, token).toBe(410);
        expect(await res.json()).toEqual({ code: 'GONE', message: UNSUBSCRIBE_MESSAGES.gone });
      }
    }
    expect(await t.db.select().from(notificationPreference).where(eq(notificationPreference.uid, leaving.id))).toEqual([]);
  });
});
