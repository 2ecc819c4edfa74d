import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { PostListResponse, PostWithResponses } from '../../shared/forum';
import { loadConfig } from '../config';
import type { ChurchManage, MyChurch, NewChurchMembers } from '../../shared/church-members';
import { churchFigures } from '../churches/store';
import { eq } from 'drizzle-orm';
import { church, mail, need, profile as profileRow } from '../db/schema';
import type { ChurchPage } from '../../shared/churches';
import type { NeedFigures } from '../../shared/need-figures';
import type { NeedBoard } from '../../shared/needs-board';
import { useTestApp } from '../testing/app';
import { verifySecondFactor } from '../testing/second-factor';
import { seedDemoAvatars } from './avatars';
import { DEMO_CHURCH_NAMES, seedDemoChurches } from './churches';
import { seedDemoForum } from './forum';
import { DEMO_CASEWORKER, seedDemoNeeds } from './needs';
import { DEMO_ADMIN, DEMO_MEMBER_PASSWORD, seedDemo } from './seed';

const t = useTestApp();

describe('demo content', () => {
  it('adds a demo admin, members with profiles and a few conversations, once', async () => {
    const first = await seedDemo(t.db, t.auth);
    expect(first).toMatchObject({ created: 11, adminSecondFactor: { isNew: true } });
    expect(await seedDemoForum(t.deps)).toEqual({ created: 9 });
    expect(await seedDemoChurches(t.db)).toEqual({ created: 20 });
    expect(await seedDemoNeeds(t.db, t.auth)).toEqual({ created: 10 });
    // A restart adds nothing and keeps what people changed.
    expect(await seedDemo(t.db, t.auth)).toEqual({ created: 0, adminSecondFactor: { ...first.adminSecondFactor, isNew: false } });
    expect(await seedDemoForum(t.deps)).toEqual({ created: 0 });
    expect(await seedDemoChurches(t.db)).toEqual({ created: 0 });
    expect(await seedDemoNeeds(t.db, t.auth)).toEqual({ created: 0 });

    const admin = t.client();
    expect(await (await admin.signIn(DEMO_ADMIN.email, DEMO_ADMIN.password)).json()).toMatchObject({ twoFactorRedirect: true });
    await verifySecondFactor(admin, first.adminSecondFactor);
    const me = (await (await admin.get('/api/me')).json()) as { user: { isAdmin: boolean } };
    expect(me.user.isAdmin).toBe(true);
    expect((await admin.get('/api/admin/overview')).status).toBe(200);

    const member = t.client();
    expect((await member.signIn('grace.miller@demo.example.org', DEMO_MEMBER_PASSWORD)).status).toBe(200);
    const profile = (await (await member.get('/api/profile')).json()) as { profile: { firstName: string; state: string } };
    expect(profile.profile).toMatchObject({ firstName: 'Grace', state: 'MO' });

    const list = (await (await t.client().get('/api/posts')).json()) as PostListResponse;
    expect(list.posts.map((p) => p.title)).toHaveLength(4);
    // People write in the language they like (issue 28): one conversation is in Spanish.
    expect(list.posts.map((p) => p.language).sort()).toEqual(['en', 'en', 'en', 'es']);
    const thread = (await (await t.client().get(`/api/posts/${list.posts[1]!.id}`)).json()) as PostWithResponses;
    expect(thread.responses.map((r) => r.author.name)).toEqual(['Samuel Brooks', 'Grace Miller']);
    // Churches in several states, some Spanish-speaking, two proposals waiting; Grace keeps hers, whose three
    // confirmed members make figures that show.
    const churches = await t.db.select().from(church);
    const active = churches.filter((c) => c.status === 'active');
    expect(active.length).toBeGreaterThanOrEqual(15);
    expect(new Set(active.map((c) => c.state)).size).toBeGreaterThanOrEqual(8);
    expect(active.filter((c) => c.languages.includes('es')).length).toBeGreaterThanOrEqual(3);
    expect(churches.filter((c) => c.status === 'proposed')).toHaveLength(2);
    const mine = (await (await member.get('/api/me/church')).json()) as MyChurch;
    expect(mine.church).toMatchObject({ listing: { name: 'Central Assembly of God' }, status: 'confirmed' });
    const manage = (await (await member.get(`/api/churches/${mine.keeps[0]!.id}/manage`)).json()) as ChurchManage;
    expect(manage.members.map((m) => m.name).sort()).toEqual(['Grace Miller', 'Linda Park', 'Tom Baker']);
    const figures = await churchFigures(t.db, [mine.church!.listing.id], false);
    expect(figures.get(mine.church!.listing.id)).toEqual({ members: 3, fosterFamilies: 3, fosterChildren: 6 });

    // Needs in several states and in every part of their life, counted by the board's figures.
    const needs = await t.db.select().from(need);
    expect(needs.map((n) => n.status).sort()).toEqual([
      'closed',
      'closed',
      'closed',
      'open',
      'open',
      'open',
      'open',
      'open',
      'review',
      'supervisor',
    ]);
    expect(new Set(needs.filter((n) => n.status === 'open').map((n) => n.state)).size).toBeGreaterThanOrEqual(4);
    expect(needs.some((n) => n.status === 'open' && n.urgency === 'urgent')).toBe(true);
    expect(needs.some((n) => n.outcome === 'met' && n.thankYou)).toBe(true);
    const board = (await (await t.client().get('/api/needs/figures')).json()) as NeedFigures;
    expect(board.open).toBe(5);
    expect(needs.filter((n) => n.language === 'es').map((n) => n.status)).toEqual(['open']);
    const central = (await (await t.client().get(`/api/churches/${mine.church!.listing.id}`)).json()) as ChurchPage;
    expect(central.needs).toMatchObject({ responded: 2, met: 1, valueCommitted: 180 + 120 + 40 });
    // The member's home (issue 29): Grace's ZIP code is her town's, so needs near her show; two members joined
    // her church lately, the newest first.
    const own = (await (await member.get('/api/profile')).json()) as { profile: { userZip: string } };
    expect(own.profile.userZip).toBe('65804');
    const near = (await (await member.get(`/api/needs?zip=${own.profile.userZip}&radius=30`)).json()) as NeedBoard;
    expect(near.needs.length).toBeGreaterThan(0);
    const fresh = (await (await member.get('/api/me/church/new-members')).json()) as NewChurchMembers;
    expect(fresh.members.map((m) => m.name)).toEqual(['Linda Park', 'Tom Baker']);
    // Demo data made before gave every member the ZIP code 00000: a restart gives them their town's, and keeps
    // one a member chose.
    const zipOf = async (email: string) =>
      (await t.db.select({ zip: profileRow.userZip }).from(profileRow).where(eq(profileRow.email, email)))[0]?.zip;
    await t.db.update(profileRow).set({ userZip: '00000' }).where(eq(profileRow.email, 'grace.miller@demo.example.org'));
    await t.db.update(profileRow).set({ userZip: '65810' }).where(eq(profileRow.email, 'tom.baker@demo.example.org'));
    await seedDemo(t.db, t.auth);
    expect(await zipOf('grace.miller@demo.example.org')).toBe('65804');
    expect(await zipOf('tom.baker@demo.example.org')).toBe('65810');
    const caseworker = t.client();
    expect((await caseworker.signIn(DEMO_CASEWORKER.email, DEMO_MEMBER_PASSWORD)).status).toBe(200);

    // Real posts: the team's new-post alerts are in the outbox like any others.
    expect((await t.db.select().from(mail)).filter((m) => m.form === 'new post alert')).toHaveLength(4);

    // Illustrated faces (issue 29): every demo member and demo church has one, served as any photo is; once.
    const drawn = await seedDemoAvatars(t.deps);
    // Twelve accounts (the admin, ten members, the caseworker) and twenty churches.
    expect(drawn.created).toBe(12 + DEMO_CHURCH_NAMES.length);
    expect(await seedDemoAvatars(t.deps)).toEqual({ created: 0 });
    const withPhoto = (await (await member.get('/api/me')).json()) as { user: { photoUrl: string | null } };
    expect(withPhoto.user.photoUrl).toMatch(/^\/api\//);
    const photo = await member.get(withPhoto.user.photoUrl!);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    // (At a start they are drawn before the site answers anyone; here the church's page is in memory already.)
    expect((await t.db.select().from(church)).every((c) => c.photoVersion === 1)).toBe(true);
  });

  it('prints a working key and an unused recovery code on every start', async () => {
    const { adminSecondFactor: printed } = await seedDemo(t.db, t.auth);
    const tester = t.client();
    await tester.signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    expect((await tester.post('/api/auth/two-factor/verify-backup-code', { code: printed.recoveryCode })).status).toBe(200);
    expect((await tester.get('/api/admin/overview')).status).toBe(200);

    // The next start prints the same key and the next recovery code; the used one is gone.
    const { adminSecondFactor: next } = await seedDemo(t.db, t.auth);
    expect(next).toMatchObject({ key: printed.key, isNew: false });
    expect(next.recoveryCode).not.toBe(printed.recoveryCode);
    const again = t.client();
    await again.signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    expect((await again.post('/api/auth/two-factor/verify-backup-code', { code: printed.recoveryCode })).status).toBe(401);
    expect((await again.post('/api/auth/two-factor/verify-backup-code', { code: next.recoveryCode })).status).toBe(200);
  });

  it('is never on in production, whatever SEED_DEMO says', () => {
    const production = {
      NODE_ENV: 'production',
      SESSION_SECRET: randomBytes(32).toString('base64'),
      PUBLIC_URL: 'https://network.example.org',
    };
    expect(loadConfig({ ...production, SEED_DEMO: 'true' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).seedDemo).toBe(true);
  });
});
