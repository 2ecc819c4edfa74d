import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { profile } from '../db/schema';
import { createTestApp } from '../testing/app';
import { signUpMember } from '../testing/members';
import { passSecondFactor } from '../testing/second-factor';

// Issue 12, defect 2: thirteen inputs answered 500. PostgreSQL text cannot hold NUL and `integer` ends at
// 2,147,483,647; both are refused at validation now, by the shared schemas, with a 400 that says which field.

const ADMIN = 'bounds.admin@example.org';
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: ReturnType<typeof t.client>;
beforeAll(async () => {
  t = await createTestApp({ config: { adminEmails: [ADMIN] } });
  admin = t.client();
  await admin.signUp(ADMIN);
  await passSecondFactor(admin);
});
afterAll(() => t.close());

const cursorHolding = (value: string) => Buffer.from(JSON.stringify([value, 'a', 'b']), 'utf8').toString('base64url');

describe('input PostgreSQL cannot store', () => {
  it('query parameters with NUL or out-of-range numbers are a 400, never a 500', async () => {
    const m = await signUpMember(t);
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

  it('a profile with NUL in any text field is refused field by field, and nothing is saved', async () => {
    const m = await signUpMember(t);
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
    const m = await signUpMember(t);
    expect((await m.c.post('/api/posts', { category: 'General', title: 'Bad\u0000title', body: 'x' })).status).toBe(400);
    expect((await m.c.post('/api/posts', { category: 'Gen\u001beral', title: 'Title', body: 'x' })).status).toBe(400);
    expect((await m.c.post('/api/posts', { category: 'General', title: 'Title', body: 'a\u0000b' })).status).toBe(400);
    const ok = await m.c.post('/api/posts', { category: 'General', title: 'Title', body: 'Two\nlines\twith a tab' });
    expect(ok.status).toBe(201);
    const { id } = (await ok.json()) as { id: number };
    expect((await m.c.post(`/api/posts/${id}/responses`, { body: 'a\u0000b' })).status).toBe(400);
  });
});
