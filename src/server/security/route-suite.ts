import { expect } from 'vitest';
import type { App } from '../app';
import type { Config } from '../config';
import { eq } from 'drizzle-orm';
import { post } from '../db/schema';
import type { ForumAuthor } from '../forum/service';
import { seedStateStats } from '../states/service';
import { createTestApp } from '../testing/app';
import {
  fileBlob,
  insertMail,
  insertMember,
  insertPost,
  insertResponse,
  jpegBytes,
  signUpMember,
  type MemberOverrides,
  type TestApp,
} from '../testing/factories';
import { servedRoutes } from '../testing/routes';

// What the two suites that go through every route the app serves share (authorization-matrix.test.ts and
// fuzz.test.ts): the app with everything it can serve, a client address per request, the check that a
// suite lists every route, and fresh things for a request to be about.

/** The token of /metrics in the route suites' app. */
export const METRICS_TOKEN = 'route-suite-metrics-token-0123456789';

/**
 * The whole app: its pages, the admin command line's routes (behind the control token), /metrics (behind its
 * token), the state figures loaded.
 */
export async function createRouteSuiteApp(controlToken: string, config?: Partial<Config>): Promise<TestApp> {
  const t = await createTestApp({ config: { metricsToken: METRICS_TOKEN, ...config }, pages: true, appOptions: { controlToken } });
  await seedStateStats(t.db);
  return t;
}

/** Client addresses in 10.<block>.x.y, a new one at each call, so no rate limit counts one request against another. */
export function addressesIn(block: number): () => string {
  let n = 0;
  return () => {
    n++;
    return `10.${block}.${Math.floor(n / 250) % 250}.${n % 250}`;
  };
}

/**
 * The suite lists every route the app serves, so a route added without it fails; and no route the app no
 * longer serves. `what` names one entry of the suite ("a row in the matrix").
 */
export function expectEveryServedRoute(app: App, listed: readonly string[], what: { missing: string; extra: string }) {
  const served = servedRoutes(app);
  expect(
    served.filter((r) => !listed.includes(r)),
    what.missing,
  ).toEqual([]);
  expect(
    listed.filter((r) => !served.includes(r)),
    what.extra,
  ).toEqual([]);
}

/** A photo as a browser uploads it. */
export async function photoFile(): Promise<Blob> {
  return fileBlob(await jpegBytes());
}

/** A member listed in the directory: someone to write to, whose photo other members see. */
export function signUpListedMember(t: TestApp, prefix: string) {
  return signUpMember(t, { prefix, profile: { agAffiliated: 'Yes' } });
}

// Fresh things, written straight to the database (no request, no rate limit): the id a route's path takes.

export async function newPostId(t: TestApp, author: ForumAuthor): Promise<number> {
  return insertPost(t.deps, author);
}

/** The category of a post (every post has one). */
export async function categoryIdOf(t: TestApp, postId: number): Promise<number> {
  const [row] = await t.db.select({ id: post.postCategory }).from(post).where(eq(post.id, postId));
  return row!.id;
}

/** A response to the given post, or to a new post of the author's. */
export async function newResponseId(t: TestApp, author: ForumAuthor, postId?: number): Promise<number> {
  return insertResponse(t.deps, author, postId ?? (await newPostId(t, author)));
}

export function newMailId(t: TestApp, state: 'SUCCESS' | 'ERROR' = 'SUCCESS'): Promise<string> {
  return insertMail(t.db, { state });
}

export async function newMemberId(t: TestApp, overrides: MemberOverrides = {}): Promise<string> {
  return (await insertMember(t.db, overrides)).id;
}
