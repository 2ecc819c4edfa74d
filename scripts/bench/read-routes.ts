// The reads that touch the database, loaded one after the other, each as a share of the trivial route
// measured in the same run (issue 14): what reads.ts prints, and all.ts at each size. Also the seed both use.
import autocannon from 'autocannon';
import type { Database } from '../../src/server/db/client';
import { CITIES, FIRST_NAMES, LAST_NAMES, seedDirectory } from './directory-seed';
import { seedForum } from './forum-seed';
import { migrateAndSeed, progress, signUpBenchMember, timedGet, type Server } from './support';

export type RouteKind = 'ceiling' | 'public' | 'member';
export type Route = {
  label: string;
  /** Each connection goes round these, from the first (autocannon gives every connection the same list). */
  paths: string[];
  /** Or every request, whichever connection sends it, takes the next path this makes: all different. */
  next?: () => string;
  kind: RouteKind;
  headers?: Record<string, string>;
};
export type RouteResult = { label: string; kind: RouteKind; rps: number; p50: number; p99: number; errors: number };
export type LoadOptions = { connections: number; seconds: number };

/** Goals: public reads ≥ 50% of /healthz, member reads ≥ 25%, both with p99 < 50 ms. */
export const GOAL_SHARE = { public: 0.5, member: 0.25 } as const;
export const GOAL_P99_MS = 50;

/** Posts and responses in proportion to the members, as a forum of that many would have. */
export const postsFor = (members: number) => ({ posts: members * 5, responses: members * 20 });

/** `members` members with saved profiles, 5 posts and 20 responses per member, after the migrations. */
export async function seedMembersAndForum(database: Database, members: number) {
  const { posts, responses } = postsFor(members);
  const n = (x: number) => x.toLocaleString('en-US');
  await migrateAndSeed(database, `${n(members)} members, ${n(posts)} posts, ${n(responses)} responses`, async (onProgress) => {
    await seedDirectory(database.db, { members, onProgress });
    await seedForum(database.db, { posts, responses, onProgress });
  });
}

/** A search nobody is likely to have made: a first name, a last name and a city (of 1.2 million), at random. */
export function newDirectorySearch(): string {
  const pick = (list: string[]) => list[Math.floor(Math.random() * list.length)]!;
  return `/api/directory?q=${encodeURIComponent(`${pick(FIRST_NAMES)} ${pick(LAST_NAMES)} ${pick(CITIES)}`)}`;
}

export const newDirectorySearches = (count: number) => Array.from({ length: count }, newDirectorySearch);

/**
 * Signs a member up (confirmed, with a listed profile) and answers the routes to load: the ceiling first,
 * then the public reads, then the member's; and the headers that send a request as that member (from
 * their client address, `ip`).
 */
export async function readRoutes(
  base: string,
  servers: Server[],
  opts: { members: number; ip?: string },
): Promise<{ routes: Route[]; member: Record<string, string> }> {
  const ip = opts.ip ?? '198.18.9.1';
  const profile = { firstName: 'Bench', lastName: 'Reader', phone: '4175550100', state: 'MO', agAffiliated: 'Yes' };
  const email = `bench.reader.${Date.now().toString(36)}@bench.example.org`;
  const { cookie } = await signUpBenchMember(base, { email, ip, profile }, servers);
  const member = { cookie, 'x-forwarded-for': ip };
  const categories = (await timedGet(`${base}/api/post-categories`)).body as { categories: Array<{ name: string }> };
  const category = categories.categories[0]?.name ?? 'General';
  await giveNotifications(base, servers, { cookie, ip, category });
  const { posts } = postsFor(opts.members);
  const postIds = Array.from({ length: 50 }, (_, i) => `/api/posts/${1 + ((i * 7919) % posts)}`);
  const routes: Route[] = [
    { label: '/healthz (the ceiling)', paths: ['/healthz'], kind: 'ceiling' },
    { label: '/api/states', paths: ['/api/states'], kind: 'public' },
    { label: '/api/posts (first page)', paths: ['/api/posts'], kind: 'public' },
    { label: '/api/posts?category=…', paths: [`/api/posts?category=${encodeURIComponent(category)}`], kind: 'public' },
    { label: '/api/posts/:id (50 posts)', paths: postIds, kind: 'public' },
    { label: '/api/post-categories', paths: ['/api/post-categories'], kind: 'public' },
    { label: '/api/directory (first page)', paths: ['/api/directory'], kind: 'member', headers: member },
    {
      label: '/api/directory?q=… (a search)',
      paths: ['/api/directory?q=miller', '/api/directory?q=spring'],
      kind: 'member',
      headers: member,
    },
    {
      // A different search every request: what a search costs the database when nobody made it before.
      label: '/api/directory?q=… (new searches)',
      paths: [],
      next: newDirectorySearch,
      kind: 'member',
      headers: member,
    },
    { label: '/api/me', paths: ['/api/me'], kind: 'member', headers: member },
    { label: '/api/profile', paths: ['/api/profile'], kind: 'member', headers: member },
    // The bell asks this on every page a member opens (issue 16); the list is the notifications page.
    { label: '/api/notifications/unread-count', paths: ['/api/notifications/unread-count'], kind: 'member', headers: member },
    { label: '/api/notifications (first page)', paths: ['/api/notifications'], kind: 'member', headers: member },
  ];
  return { routes, member };
}

/**
 * A page of notifications for the reader, as the bell and the notifications page would find them: they write a
 * post, and another member responds 20 times (the forum's limit for ten minutes).
 */
async function giveNotifications(base: string, servers: Server[], reader: { cookie: string; ip: string; category: string }) {
  const post = async (path: string, cookie: string, ip: string, body: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { origin: base, 'x-forwarded-for': ip, 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { id: number };
  };
  const { id } = await post('/api/posts', reader.cookie, reader.ip, {
    category: reader.category,
    title: 'Bench question',
    body: 'Who has answers?',
  });
  const ip = '198.18.9.2';
  const profile = { firstName: 'Bench', lastName: 'Responder', phone: '4175550101', state: 'KS', agAffiliated: 'Yes' };
  const email = `bench.responder.${Date.now().toString(36)}@bench.example.org`;
  const responder = await signUpBenchMember(base, { email, ip, profile }, servers);
  for (let i = 1; i <= 20; i++) await post(`/api/posts/${id}/responses`, responder.cookie, ip, { body: `Answer number ${i}.` });
}

/** One route under load: autocannon, `connections` for `seconds`, GETs round its paths. */
export async function loadRoute(base: string, route: Route, opts: LoadOptions): Promise<RouteResult> {
  const result = await autocannon({
    url: base,
    connections: opts.connections,
    duration: opts.seconds,
    headers: route.headers,
    requests: route.next
      ? [{ method: 'GET' as const, setupRequest: (request) => ({ ...request, path: route.next!() }) }]
      : route.paths.map((path) => ({ method: 'GET' as const, path })),
  });
  return {
    label: route.label,
    kind: route.kind,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** Every route, one after the other, with the progress bar; first the ceiling for 2 s, not counted, to warm up. */
export async function loadRoutes(base: string, routes: Route[], opts: LoadOptions): Promise<RouteResult[]> {
  const started = Date.now();
  progress('warming up'.padEnd(36), 0, routes.length, started);
  if (routes[0]) await loadRoute(base, routes[0], { ...opts, seconds: 2 });
  const results: RouteResult[] = [];
  for (const [i, route] of routes.entries()) {
    progress(route.label.padEnd(36), i, routes.length, started);
    results.push(await loadRoute(base, route, opts));
    await settle(base);
  }
  progress('routes'.padEnd(36), routes.length, routes.length, started);
  return results;
}

/**
 * Waits until the database answers at once again (/readyz, twice under 50 ms; two minutes at most). autocannon
 * stops when its time is up, but the requests it left behind still queue for the database: slow searches
 * would otherwise eat into the next route's seconds (on PGlite, all of them).
 */
export async function settle(base: string) {
  const deadline = Date.now() + 120_000;
  let quick = 0;
  while (quick < 2 && Date.now() < deadline) {
    const started = performance.now();
    const ok = (await fetch(`${base}/readyz`)).ok;
    quick = ok && performance.now() - started < 50 ? quick + 1 : 0;
    if (quick < 2) await new Promise((r) => setTimeout(r, 100));
  }
}

/** A result against its goal, given the ceiling's requests per second (undefined for the ceiling). */
export function verdictOf(result: RouteResult, ceilingRps: number): { share: number; ok?: boolean; goal?: string } {
  const share = result.rps / ceilingRps;
  if (result.kind === 'ceiling') return { share };
  const goalShare = GOAL_SHARE[result.kind];
  return {
    share,
    ok: share >= goalShare && result.p99 < GOAL_P99_MS && result.errors === 0,
    goal: `≥ ${goalShare * 100}%, p99 < ${GOAL_P99_MS} ms`,
  };
}
