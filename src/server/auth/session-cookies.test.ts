import { describe, expect, it } from 'vitest';
import type { Me } from '../../shared/account';
import { ADMIN_TOPICS } from '../../shared/admin';
import { useTestApp, type TestApp } from '../testing/app';
import { signedInAdmin, signedInMember } from '../testing/factories';

// Issue 23, defect 1: a browser may hold a second cookie under the session cookie's name, planted by
// someone else (from a sibling subdomain with Domain=, or over plain http). Better Auth verifies the first
// one it parses; the session cache once kept the answer under the last one, so the planted value alone was
// then answered as the victim (an admin, second factor included). Now a request that carries more than one
// session cookie is signed out everywhere (the site's routes, Better Auth's, the live stream), and a lone
// cookie is kept in memory only under what Better Auth verified.

const BASE = 'better-auth.session_token';
const NAMES = [BASE, `__Secure-${BASE}`] as const;

type Asker = (url: string, cookie: string, init?: { method?: string; body?: string }) => Promise<Response>;

function askerOf(t: TestApp): Asker {
  let n = 0;
  return async (url, cookie, init = {}) =>
    await t.app.request(url, {
      method: init.method ?? 'GET',
      headers: {
        origin: t.config.publicUrl,
        'x-test-client-ip': `10.231.${Math.floor(++n / 250) % 250}.${n % 250}`,
        cookie,
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: init.body,
    });
}

async function meOf(ask: Asker, cookie: string): Promise<Me | null> {
  const res = await ask('/api/me', cookie);
  expect(res.status).toBe(200);
  return ((await res.json()) as { user: Me | null }).user;
}

/** Every class of route, asked with `cookie`: who each says is asking (an admin's powers included). */
async function whoEveryRouteSees(ask: Asker, cookie: string) {
  const me = await meOf(ask, cookie);
  const csv = await ask('/api/admin/profiles.csv', cookie);
  await csv.body?.cancel();
  const betterAuth = await ask('/api/auth/get-session', cookie);
  const got = (await betterAuth.json()) as { user?: { id: string } } | null;
  const live = await ask(`/api/live?topics=${ADMIN_TOPICS.users}`, cookie);
  await live.body?.cancel();
  return { me: me?.id ?? null, csv: csv.status, betterAuth: got?.user?.id ?? null, live: live.status };
}

const SIGNED_OUT = { me: null, csv: 401, betterAuth: null, live: 401 };

describe.each([
  ['http', 'http://localhost:3000', BASE],
  ['https', 'https://network.example.org', `__Secure-${BASE}`],
])('two session cookies in one request (%s)', (_, publicUrl, ourName) => {
  const t = useTestApp({ config: { publicUrl } });

  /** An admin past the second factor (the victim), and a member's real session cookie value (the planted one). */
  async function victimAndPlanted() {
    // Made directly (decision 033): the cookies are what this file tests, and they are the ones Better Auth signs.
    const admin = await signedInAdmin(t);
    const attacker = await signedInMember(t);
    const victimValue = admin.c.jar.get(ourName);
    const plantedValue = attacker.c.jar.get(ourName);
    expect(victimValue, 'the victim has a session cookie').toBeTruthy();
    expect(plantedValue, 'the attacker has a session cookie').toBeTruthy();
    return { admin, attacker, victimValue: victimValue!, plantedValue: plantedValue! };
  }

  it('the victim alone is the admin on every route class (the baseline)', async () => {
    const ask = askerOf(t);
    const { admin, victimValue } = await victimAndPlanted();
    expect(await whoEveryRouteSees(ask, `${ourName}=${victimValue}`)).toEqual({
      me: admin.id,
      csv: 200,
      betterAuth: admin.id,
      live: 200,
    });
  });

  for (const plantedName of NAMES) {
    for (const order of ['victim first', 'planted first'] as const) {
      it(`sign out every route class, and never hand the victim's session to the planted cookie (planted as ${plantedName}, ${order})`, async () => {
        const ask = askerOf(t);
        const { admin, attacker, victimValue, plantedValue } = await victimAndPlanted();
        const victim = `${ourName}=${victimValue}`;
        const planted = `${plantedName}=${plantedValue}`;
        const both = order === 'victim first' ? `${victim}; ${planted}` : `${planted}; ${victim}`;

        // The victim's browser sends both (the victim's own requests keep coming too)...
        const withBoth = await whoEveryRouteSees(ask, both);
        expect((await meOf(ask, victim))?.id).toBe(admin.id);
        const withBothAgain = await whoEveryRouteSees(ask, both);

        // ...and the planted value alone names at most its own session: never the victim's.
        const alone = await whoEveryRouteSees(ask, planted);
        expect(alone.me).not.toBe(admin.id);
        expect(alone.betterAuth).not.toBe(admin.id);
        expect(alone.csv).not.toBe(200);
        expect(alone.live).not.toBe(200);
        // Under our own cookie name it is the attacker's session; under the other name Better Auth reads nothing.
        expect(alone.me).toBe(plantedName === ourName ? attacker.id : null);
        // With both, nobody is signed in, whatever the route.
        expect(withBoth).toEqual(SIGNED_OUT);
        expect(withBothAgain).toEqual(SIGNED_OUT);
      });
    }
  }

  it('answer a request with two session cookies by expiring them, so the browser can sign in again', async () => {
    const ask = askerOf(t);
    const { victimValue, plantedValue } = await victimAndPlanted();
    const res = await ask('/api/me', `${ourName}=${victimValue}; ${ourName}=${plantedValue}`);
    const expired = res.headers.getSetCookie().filter((line) => /max-age=0/i.test(line));
    expect(expired.some((line) => line.startsWith(`${ourName}=;`))).toBe(true);
  });

  it("refuse Better Auth's own routes the session when two cookies come: signing out ends neither session", async () => {
    const ask = askerOf(t);
    const { admin, attacker, victimValue, plantedValue } = await victimAndPlanted();
    const res = await ask('/api/auth/sign-out', `${ourName}=${victimValue}; ${ourName}=${plantedValue}`, { method: 'POST', body: '{}' });
    expect(res.status).toBeLessThan(500);
    expect((await meOf(ask, `${ourName}=${victimValue}`))?.id).toBe(admin.id);
    expect((await meOf(ask, `${ourName}=${plantedValue}`))?.id).toBe(attacker.id);
  });
});
