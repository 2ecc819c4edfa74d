import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostListResponse, PostWithResponses } from '../../shared/forum';
import { loadConfig } from '../config';
import { mail } from '../db/schema';
import { createTestApp } from '../testing/app';
import { seedDemoForum } from './forum';
import { DEMO_ADMIN, DEMO_MEMBER_PASSWORD, seedDemo } from './seed';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo content', () => {
  it('adds a demo admin, members with profiles and a few conversations, once', async () => {
    expect(await seedDemo(t.db, t.auth)).toEqual({ created: 7 });
    expect(await seedDemoForum(t.deps)).toEqual({ created: 7 });
    // A restart adds nothing and keeps what people changed.
    expect(await seedDemo(t.db, t.auth)).toEqual({ created: 0 });
    expect(await seedDemoForum(t.deps)).toEqual({ created: 0 });

    const admin = t.client();
    expect((await admin.signIn(DEMO_ADMIN.email, DEMO_ADMIN.password)).status).toBe(200);
    const me = (await (await admin.get('/api/me')).json()) as { user: { isAdmin: boolean } };
    expect(me.user.isAdmin).toBe(true);

    const member = t.client();
    expect((await member.signIn('grace.miller@demo.example.org', DEMO_MEMBER_PASSWORD)).status).toBe(200);
    const profile = (await (await member.get('/api/profile')).json()) as { profile: { firstName: string; state: string } };
    expect(profile.profile).toMatchObject({ firstName: 'Grace', state: 'MO' });

    const list = (await (await t.client().get('/api/posts')).json()) as PostListResponse;
    expect(list.posts.map((p) => p.title)).toHaveLength(3);
    const thread = (await (await t.client().get(`/api/posts/${list.posts[1]!.id}`)).json()) as PostWithResponses;
    expect(thread.responses.map((r) => r.author.name)).toEqual(['Samuel Brooks', 'Grace Miller']);
    // Real posts: the team's new-post alerts are in the outbox like any others.
    expect((await t.db.select().from(mail)).filter((m) => m.form === 'new post alert')).toHaveLength(3);
  });

  it('is never on in production, whatever SEED_DEMO says', () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://network.example.org' };
    expect(loadConfig({ ...production, SEED_DEMO: 'true' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).seedDemo).toBe(true);
  });
});
