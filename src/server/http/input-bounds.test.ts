import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { profile } from '../db/schema';
import { useTestApp } from '../testing/app';
import { signedInAdmin, signedInMember } from '../testing/factories';

// Issue 12, defect 2: thirteen inputs answered 500. PostgreSQL text cannot hold NUL and `integer` ends at
// 2,147,483,647; both are refused at validation now, by the shared schemas, with a 400 that says which field.

const ADMIN = 'bounds.admin@example.org';
let admin: ReturnType<typeof t.client>;
const t = useTestApp({ config: { adminEmails: [ADMIN] } });
beforeAll(async () => {
  admin = (await signedInAdmin(t, { email: ADMIN, profile: null })).c;
});

const cursorHolding = (value: string) => Buffer.from(JSON.stringify([value, 'a', 'b']), 'utf8').toString('base64url');

describe('input PostgreSQL cannot store', () => {
  it('query parameters with NUL or out-of-range numbers are a 400, never a 500', async () => {
    const m = await signedInMember(t);
    const cases: Array<[ReturnType<typeof t.client>, string]> = [
      [m.c, '/api/posts?category=%00'],
      [m.c, '/api/posts?q=a%00b'],
      [m.c, '/api/posts?before=1.9999999999'],
      [m.c, '/api/posts?before=1.2147483648'],
      [m.c, `/api/directory?after=${cursorHolding('\u0000')}`],
      [m.c, '/api/directory?q=%00'],
      [admin, '/api/admin/profiles?q=%00'],
      [admin, '/api/admin/mail?form=%00'],
    ];
    for (const [c, url] of cases) {
      const res = await c.get(url);
      expect(res.status, url).toBe(400);
      expect((await res.json()).code, url).toBe('VALIDATION');
    }
    // The largest id an integer holds is only "not found".
    expect((await m.c.get('/api/posts?before=1.2147483647')).status).toBe(200);
  });

  it('an email address with NUL or odd code points is refused by sign-up, sign-in and reset, never a 500', async () => {
    // Found by the fuzz suite: the per-address limit stored the address as typed in its key, and
    // PostgreSQL's text refuses NUL. Keys that are not short printable ASCII are stored as a digest now.
    const c = t.client();
    for (const email of ['a\u0000b@example.org', 'x\u0000', '\u{10FFFF}\u0011@example.org', `${'é'.repeat(300)}@example.org`]) {
      for (const [url, body] of [
        ['/api/auth/sign-up/email', { email, password: 'correct horse 1', name: '' }],
        ['/api/auth/sign-in/email', { email, password: 'correct horse 1' }],
        ['/api/auth/request-password-reset', { email, redirectTo: '/reset-password' }],
      ] as const) {
        const res = await c.post(url, body);
        expect(res.status, `${url} ${JSON.stringify(email)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${url} ${JSON.stringify(email)}`).toBeLessThan(500);
      }
    }
  });

  it('NUL or half a surrogate pair anywhere in a Better Auth body is a 400, never a 500 (found by the fuzz suite)', async () => {
    // A reset token holding NUL reached Better Auth's verification query, and PostgreSQL's text refused it.
    const c = t.client();
    for (const token of ['\\u0000', 'abc\\u0000def', '\\ud800']) {
      for (const [url, body] of [
        ['/api/auth/reset-password', `{"token":"${token}","newPassword":"another horse 2"}`],
        ['/api/auth/two-factor/verify-totp', `{"code":"12${token}3456"}`],
        ['/api/auth/sign-in/email', `{"email":"a@example.org","password":"pass${token}word"}`],
        ['/api/auth/sign-up/email', `{"email":"nul@example.org","password":"correct horse 1","name":"","x${token}":1}`],
      ] as const) {
        const res = await c.request('POST', url, body);
        expect(res.status, `${url} ${body}`).toBe(400);
        expect((await res.json()).code, `${url} ${body}`).toBe('VALIDATION');
      }
    }
  });

  it('NUL in the query of a Better Auth POST is a 400 too: Better Auth reads a reset token from either (found by the fuzz suite)', async () => {
    const c = t.client();
    for (const query of ['token=%00', 'token=a%00b', 'x%00=1']) {
      const res = await c.request('POST', `/api/auth/reset-password?${query}`, '{"newPassword":"another horse 2"}');
      expect(res.status, query).toBe(400);
      expect((await res.json()).code, query).toBe('VALIDATION');
    }
  });

  it('half a surrogate pair in a suspension reason is a 400, never a 500 (found by the fuzz suite)', async () => {
    const m = await signedInMember(t);
    const res = await admin.request('PUT', `/api/admin/profiles/${m.id}/suspension`, '{"reason":"\\ud83d"}');
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('VALIDATION');
  });

  it('a profile with NUL in any text field is refused field by field, and nothing is saved', async () => {
    const m = await signedInMember(t);
    const valid = { firstName: 'Nula', lastName: 'Byte', phone: '4175550100', state: 'MO' };
    for (const [field, value] of [
      ['firstName', 'Nu\u0000la'],
      ['city', 'Spring\u0000field'],
      ['comments', 'Hello\u0000there'],
      ['streetAddress', '1 Main\u0000 St'],
      ['church', '\u0007Bell'],
    ] as const) {
      const res = await m.c.request('PUT', '/api/profile', { ...valid, [field]: value });
      expect(res.status, field).toBe(400);
      expect((await res.json()).fieldErrors[field], field).toMatch(/not allowed/);
    }
    const [row] = await t.db.select().from(profile).where(eq(profile.uid, m.id));
    expect(row!.firstName).toBe('Grace');
    // Line breaks and tabs are fine where a field has several lines.
    expect((await m.c.request('PUT', '/api/profile', { ...valid, comments: 'Line one\n\tLine two' })).status).toBe(200);
  });

  it('posts, responses and member messages with control characters are refused', async () => {
    const m = await signedInMember(t);
    expect((await m.c.post('/api/posts', { category: 'General', title: 'Bad\u0000title', body: 'x' })).status).toBe(400);
    expect((await m.c.post('/api/posts', { category: 'Gen\u001beral', title: 'Title', body: 'x' })).status).toBe(400);
    expect((await m.c.post('/api/posts', { category: 'General', title: 'Title', body: 'a\u0000b' })).status).toBe(400);
    const ok = await m.c.post('/api/posts', { category: 'General', title: 'Title', body: 'Two\nlines\twith a tab' });
    expect(ok.status).toBe(201);
    const { id } = (await ok.json()) as { id: number };
    expect((await m.c.post(`/api/posts/${id}/responses`, { body: 'a\u0000b' })).status).toBe(400);
  });
});
