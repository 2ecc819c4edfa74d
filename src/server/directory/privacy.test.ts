import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { directoryQuerySchema } from '../../shared/directory';
import { US_STATES } from '../../shared/states';
import { type profile, user } from '../db/schema';
import { photoKey } from '../storage/storage';
import { useTestApp } from '../testing/app';
import { insertMember, signedInMember } from '../testing/factories';

// The privacy proof of issue 5: an ordinary member walks every directory and profile response the app can
// give them, and no other member's street address, phone, email or ZIP code appears anywhere in them.

const ADMIN_EMAIL = 'privacy.admin@example.org';
const t = useTestApp({ config: { adminEmails: [ADMIN_EMAIL] } });

type Secret = { id: string; email: string; phone: string; streetAddress: string; userZip: string };
const others: Secret[] = [];

async function other(n: number, overrides: Partial<typeof profile.$inferInsert>, opts: { admin?: boolean } = {}) {
  const secret = {
    email: opts.admin ? ADMIN_EMAIL : `Private.Person${n}.${Date.now().toString(36)}@Example.org`.toLowerCase(),
    phone: `41755${String(70000 + n * 137).padStart(5, '0')}`,
    streetAddress: `${100 + n} Secretwood Lane ${n}`,
    userZip: `6${String(5000 + n * 7).padStart(4, '0')}`,
  };
  const { id } = await insertMember(t.db, {
    firstName: `Other${n}`,
    lastName: `Person${n}`,
    city: 'Springfield',
    state: (['MO', 'TX', 'KS'] as const)[n % 3],
    church: 'Central Assembly',
    orgAg: 'AG U.S. Missions',
    agAffiliated: 'Yes',
    agChurch: 'Yes',
    fosterParent: n % 2 ? 'Yes' : 'No',
    agCredentialed: n % 3 ? 'No' : 'Yes',
    comments: 'Happy to help.',
    ...secret,
    ...overrides,
  });
  others.push({ id, ...secret });
  return id;
}

let viewer: ReturnType<typeof t.client>;
let viewerId: string;
beforeAll(async () => {
  // Listed members (one with a photo), one who is not AG-affiliated, one without a saved profile, an admin.
  for (let n = 1; n <= 6; n++) await other(n, {});
  const withPhoto = await other(7, { photoVersion: 1 });
  await t.deps.storage.put(photoKey(withPhoto), Buffer.from([0xff, 0xd8, 0xff, 0xd9]), 'image/jpeg');
  await other(8, { agAffiliated: 'No' });
  await other(9, { savedAt: null });
  await other(10, { isAdmin: true }, { admin: true });
  await t.db.insert(user).values({ id: 'blank-account', name: '', email: 'blank.account@example.org' });
  others.push({ id: 'blank-account', email: 'blank.account@example.org', phone: '', streetAddress: '', userZip: '' });

  ({ c: viewer, id: viewerId } = await signedInMember(t, { prefix: 'privacy-viewer', profile: null }));
});

const message = (uid: string, text: string) => viewer.api.directory[':uid'].message.$post({ param: { uid }, json: { message: text } });

/** Every response body the walk saw, with where it came from. */
const seen: Array<{ what: string; status: number; body: string }> = [];
async function record(what: string, res: Response) {
  const body = Buffer.from(await res.arrayBuffer()).toString('latin1');
  seen.push({ what, status: res.status, body });
  return body;
}

async function walkDirectory(query: z.input<typeof directoryQuerySchema>) {
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = cursor ? { ...query, after: cursor } : query;
    const body = await record(`/api/directory?${new URLSearchParams(page)}`, await viewer.api.directory.$get({ query: page }));
    cursor = body.startsWith('{"members"') ? (JSON.parse(body) as { nextCursor: string | null }).nextCursor : null;
  } while (cursor && ++pages < 20);
}

describe('an ordinary member sees no other member’s private fields', () => {
  it('in any directory, profile, photo or message response', async () => {
    // Their own profile, before and after saving it (listed, so they are in the directory too).
    await record('GET /api/me', await viewer.api.me.$get());
    await record('GET /api/profile', await viewer.api.profile.$get());
    await record(
      'PUT /api/profile',
      await viewer.api.profile.$put({
        json: {
          firstName: 'Vic',
          lastName: 'Viewer',
          phone: '417 555 0000',
          state: 'MO',
          agAffiliated: 'Yes',
          streetAddress: '1 Own Street',
        },
      }),
    );
    // Raw: a phone that is no phone (this and the bad filters below are malformed on purpose).
    await record('PUT /api/profile (invalid)', await viewer.request('PUT', '/api/profile', { phone: 'x' }));

    // The directory: every filter, alone and together, with and without words, and every page.
    const searches = [
      '',
      'Springfield',
      'Central Assembly',
      'Missions',
      'Other1',
      'Person7',
      'Secretwood',
      '41755',
      'example.org',
      'private',
    ];
    for (const q of searches) {
      for (const foster of [false, true]) {
        for (const credentialed of [false, true]) {
          for (const state of ['', 'MO', 'TX', 'KS']) {
            await walkDirectory({
              ...(q && { q }),
              ...(foster && { foster: '1' }),
              ...(credentialed && { credentialed: '1' }),
              ...(state && { state }),
            });
          }
        }
      }
    }
    for (const s of US_STATES) await walkDirectory({ state: s.code });
    for (const bad of ['?state=XX', '?foster=maybe', '?after=%%%', `?q=${'x'.repeat(200)}`]) {
      await record(`GET /api/directory${bad}`, await viewer.get(`/api/directory${bad}`));
    }

    // Photos, and a message to each of the others (sent, or refused), and to nobody.
    for (const o of others) {
      await record(`GET photo of ${o.id}`, await viewer.api.photos[':uid'].$get({ param: { uid: o.id }, query: { v: '1' } }));
      await record(`message to ${o.id}`, await message(o.id, 'Hello from the privacy walk'));
      await record(`empty message to ${o.id}`, await message(o.id, ''));
    }
    await record('message to nobody', await message('nobody', 'Hello'));

    // The walk covered what it should: every listed member was seen, with their public fields.
    const listed = seen
      .filter((s) => s.what.startsWith('/api/directory') && s.status === 200)
      .map((s) => s.body)
      .join('\n');
    for (const n of [1, 2, 3, 4, 5, 6, 7, 10]) expect(listed).toContain(`"firstName":"Other${n}"`);
    expect(listed).not.toContain('Other8');
    expect(listed).not.toContain('Other9');
    expect(seen.some((s) => s.what.startsWith('message to') && s.status === 202)).toBe(true);
    expect(seen.some((s) => s.what.startsWith('GET photo') && s.status === 200)).toBe(true);
    expect(seen.length).toBeGreaterThan(250);

    const secrets = others
      .flatMap((o) => [
        ['email', o.email],
        ['email', o.email.toUpperCase()],
        ['phone', o.phone],
        ['street address', o.streetAddress],
        ['ZIP code', o.userZip],
      ])
      .filter(([, value]) => value);
    const leaks: string[] = [];
    for (const { what, body } of seen) {
      for (const [field, value] of secrets) {
        if (body.toLowerCase().includes(value!.toLowerCase())) leaks.push(`${field} ${value} in ${what}`);
      }
    }
    expect(leaks).toEqual([]);

    // No directory answer names a private field at all, whoever it belongs to.
    for (const { what, body, status } of seen.filter((s) => s.what.startsWith('/api/directory') && s.status === 200)) {
      expect(status).toBe(200);
      for (const key of ['"email"', '"phone"', '"streetAddress"', '"userZip"', '"isAdmin"']) {
        expect(body.includes(key), `${key} in ${what}`).toBe(false);
      }
    }
    // The viewer's own card is there too, without their own private fields.
    expect(listed).toContain(`"uid":"${viewerId}"`);
    expect(listed).not.toContain('1 Own Street');
  });
});
