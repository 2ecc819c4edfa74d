import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { session, user } from '../db/schema';
import { TEST_PASSWORD, useTestApp, type TestApp } from '../testing/app';
import { uniqueEmail } from '../testing/factories';

// Issue 23: Better Auth was told to read X-Forwarded-For itself, whose first hops are whatever the client wrote.
// A session must record the client the site's own limits count (http/client-ip.ts).

async function ipAddressesOf(t: TestApp, email: string): Promise<Array<string | null>> {
  const rows = await t.db
    .select({ ipAddress: session.ipAddress })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(user.email, email));
  return rows.map((r) => r.ipAddress);
}

describe('behind a trusted proxy', () => {
  const t = useTestApp({ config: { trustProxy: true } });

  it("a session records the last X-Forwarded-For hop (the proxy's), not what the client wrote before it", async () => {
    const email = uniqueEmail('forwarded');
    const c = t.client();
    const forwarded = { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' };
    // A sign-up makes no session (decision 029): the first sign-in does.
    const made = await c.request('POST', '/api/auth/sign-up/email', { email, password: TEST_PASSWORD, name: '' }, forwarded);
    expect(made.status).toBe(200);
    expect((await c.request('POST', '/api/auth/sign-in/email', { email, password: TEST_PASSWORD }, forwarded)).status).toBe(200);
    expect(await ipAddressesOf(t, email)).toEqual(['203.0.113.9']);
    const again = await t.client().request(
      'POST',
      '/api/auth/sign-in/email',
      { email, password: TEST_PASSWORD },
      {
        'x-forwarded-for': '6.6.6.6,2001:db8:1:2::77',
      },
    );
    expect(again.status).toBe(200);
    // Better Auth writes an IPv6 address out in full.
    expect((await ipAddressesOf(t, email)).sort()).toEqual(['2001:0db8:0001:0002:0000:0000:0000:0077', '203.0.113.9']);
  });
});

describe('without a proxy', () => {
  const t = useTestApp();

  it("a session records the socket's address, whatever X-Forwarded-For says", async () => {
    const email = uniqueEmail('direct');
    const c = t.client('198.51.100.4');
    const made = await c.request(
      'POST',
      '/api/auth/sign-up/email',
      { email, password: TEST_PASSWORD, name: '' },
      {
        'x-forwarded-for': '6.6.6.6',
      },
    );
    expect(made.status).toBe(200);
    const signedIn = await c.request(
      'POST',
      '/api/auth/sign-in/email',
      { email, password: TEST_PASSWORD },
      { 'x-forwarded-for': '6.6.6.6' },
    );
    expect(signedIn.status).toBe(200);
    expect(await ipAddressesOf(t, email)).toEqual(['198.51.100.4']);
  });
});
