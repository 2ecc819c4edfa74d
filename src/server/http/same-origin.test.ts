import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { mail, post, profile } from '../db/schema';
import { TEST_PASSWORD, testClock, useTestApp } from '../testing/app';
import { recordingLogger } from '../testing/recording-logger';
import { signedInMember } from '../testing/factories';
import { FOREIGN_ORIGIN_MESSAGE } from './same-origin';

// Issue 12, defect 5: PUT /api/profile, POST /api/posts and POST /api/contact answered 200/201/202 to a
// request from https://evil.example. A page of another site must not act with a member's cookie.

const t = useTestApp();

const EVIL = 'https://evil.example';
const profileChange = { firstName: 'Mallory', lastName: 'Changed', phone: '4175550100', state: 'MO' };
const postBody = { category: 'General', title: 'Forged', body: 'Posted by another site' };
const contactBody = { email: 'victim@example.org', message: 'Forged message' };

async function rows() {
  const [posts] = await t.db.select({ n: count() }).from(post);
  const [mails] = await t.db.select({ n: count() }).from(mail);
  return { posts: posts!.n, mails: mails!.n };
}

describe('state-changing /api routes', () => {
  it('refuse another site with 403, by Origin, by Referer, or a cookie with neither, and change nothing', async () => {
    const m = await signedInMember(t);
    const before = await rows();
    const attempts: Array<Record<string, string>> = [
      { origin: EVIL },
      { origin: 'null' },
      { origin: '', referer: `${EVIL}/page` },
      { origin: '', referer: 'not a url' },
      { origin: '' },
    ];
    for (const headers of attempts) {
      for (const [method, url, body] of [
        ['PUT', '/api/profile', profileChange],
        ['POST', '/api/posts', postBody],
        ['POST', '/api/contact', contactBody],
        ['DELETE', '/api/account', undefined],
      ] as const) {
        const res = await m.c.request(method, url, body, headers);
        expect(res.status, `${method} ${url} ${JSON.stringify(headers)}`).toBe(403);
        expect((await res.json()).message).toBe(FOREIGN_ORIGIN_MESSAGE);
      }
    }
    expect(await rows()).toEqual(before);
    const [row] = await t.db.select().from(profile).where(eq(profile.uid, m.id));
    expect(row!.firstName).toBe('Grace');
    expect(await m.c.me()).not.toBeNull();
  });

  it('accept our own pages, reads from anywhere, and cookie-less tools', async () => {
    const m = await signedInMember(t);
    expect((await m.c.request('PUT', '/api/profile', profileChange)).status).toBe(200);
    expect((await m.c.post('/api/posts', postBody)).status).toBe(201);
    expect((await m.c.post('/api/posts', postBody, { origin: '', referer: `${t.config.publicUrl}/discuss` })).status).toBe(201);
    expect((await m.c.get('/api/posts', { origin: EVIL })).status).toBe(200);
    // No cookie, no Origin: a script or another tool, with no session to misuse.
    const res = await t.app.request('/api/contact/human', { method: 'POST', headers: { 'x-test-client-ip': '10.9.9.9' } });
    expect(res.status).toBe(200);
  });
});

describe('refusals in the log', () => {
  // Issue 23: every foreign-origin POST to /api/auth was logged at error level, so anyone could fill the error log.
  const { logger, lines } = recordingLogger();
  const clock = testClock();
  const t = useTestApp({ logger, clock });
  const refusals = () => lines.filter((l) => l.level === 'warn' && l.msg === 'request from another site refused');

  it('are warnings, at most one per client a minute, naming the address to use', async () => {
    const c = t.client();
    const other = t.client();
    for (let i = 0; i < 5; i++) {
      const signIn = await c.post('/api/auth/sign-in/email', { email: 'a@example.org', password: 'whatever it is' }, { origin: EVIL });
      expect(signIn.status).toBe(403);
      expect((await c.post('/api/posts', postBody, { origin: EVIL })).status).toBe(403);
    }
    expect(
      (await other.post('/api/auth/sign-up/email', { email: 'b@example.org', password: 'whatever it is', name: '' }, { origin: EVIL }))
        .status,
    ).toBe(403);
    expect(lines.filter((l) => l.level === 'error')).toEqual([]);
    expect(refusals()).toHaveLength(2);
    expect(refusals()[0]!.fields).toMatchObject({ from: EVIL, siteAddress: t.config.publicUrl });
    clock.advance(61_000);
    expect((await c.post('/api/auth/sign-in/email', { email: 'a@example.org', password: 'whatever it is' }, { origin: EVIL })).status).toBe(
      403,
    );
    expect(refusals()).toHaveLength(3);
  });
});

describe('the site opened at another loopback name of its port (issue 23: 127.0.0.1 for localhost)', () => {
  describe('outside production', () => {
    const t = useTestApp({ config: { env: 'development', port: 3000, publicUrl: 'http://localhost:3000' } });

    it("is the same site: our check and Better Auth's sign-in take it", async () => {
      const m = await signedInMember(t);
      for (const origin of ['http://127.0.0.1:3000', 'http://[::1]:3000', 'http://localhost:3000']) {
        const c = t.client();
        const signIn = await c.post('/api/auth/sign-in/email', { email: m.email, password: TEST_PASSWORD }, { origin });
        expect(signIn.status, origin).toBe(200);
        expect((await c.post('/api/posts', postBody, { origin })).status, origin).toBe(201);
        expect((await c.post('/api/auth/sign-out', {}, { origin })).status, origin).toBe(200);
      }
      // Another port is another site, and so is a name that is not loopback.
      for (const origin of ['http://127.0.0.1:3001', 'http://localhost:5174', 'http://127.0.0.2.nip.io:3000']) {
        expect((await m.c.post('/api/posts', postBody, { origin })).status, origin).toBe(403);
        const c = t.client();
        expect((await c.post('/api/auth/sign-in/email', { email: m.email, password: TEST_PASSWORD }, { origin })).status, origin).toBe(403);
      }
    });
  });

  describe('in production', () => {
    const { logger, lines } = recordingLogger();
    const t = useTestApp({ logger, config: { env: 'production', port: 3000, publicUrl: 'http://localhost:3000' } });

    it('is refused, and the log says which address to use', async () => {
      const m = await signedInMember(t);
      const c = t.client();
      const signIn = await c.post(
        '/api/auth/sign-in/email',
        { email: m.email, password: TEST_PASSWORD },
        { origin: 'http://127.0.0.1:3000' },
      );
      expect(signIn.status).toBe(403);
      expect((await m.c.post('/api/posts', postBody, { origin: 'http://127.0.0.1:3000' })).status).toBe(403);
      const refusal = lines.find((l) => l.level === 'warn' && l.msg === 'request from another site refused');
      expect(refusal?.fields).toMatchObject({ from: 'http://127.0.0.1:3000', siteAddress: 'http://localhost:3000' });
      expect(String(refusal?.fields?.hint)).toContain('http://localhost:3000 (PUBLIC_URL)');
    });
  });
});
