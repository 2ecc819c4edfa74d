import { describe, expect, it, inject } from 'vitest';
import { request, type APIRequestContext, type Page } from 'playwright-core';
import { seriousViolations } from './support/a11y';
import { clientAddress, openApi, openSite, useBrowser } from './support/browser';
import { expectNoPageErrors } from './support/journey';
import { markPage, wasNotReloaded } from './support/live-page';
import { waitForMail, type ReceivedMail } from './support/mail';
import { memberProfile, signUpMember, uniqueTag } from './support/members';

const browser = useBrowser();

/** What an open page must show within, with no reload: the event, then a refetch of the count. */
const LIVE_MS = 3000;
const PHONE = { width: 390, height: 844 };

/** The header's bell (the one shown at this width: the other is not displayed). */
const bellOf = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Notifications/ });

async function expectBell(page: Page, unread: number, timeout = LIVE_MS) {
  const name = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  await page.getByRole('banner').getByRole('link', { name, exact: true }).waitFor({ timeout });
  // The badge shows the number; none at all when nothing is unread.
  expect((await bellOf(page).innerText()).trim()).toBe(unread > 0 ? String(unread) : '');
}

async function createPost(api: APIRequestContext, post: { title: string; category?: string; body?: string }): Promise<number> {
  const res = await api.post('/api/posts', {
    data: { category: post.category ?? 'General', title: post.title, body: post.body ?? 'Words.' },
    headers: { origin: inject('baseUrl') },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function respond(api: APIRequestContext, postId: number, body: string) {
  const res = await api.post(`/api/posts/${postId}/responses`, { data: { body }, headers: { origin: inject('baseUrl') } });
  expect(res.status(), await res.text()).toBe(201);
}

/** A header of a received mail, its folded lines joined. */
function headerOf(mail: ReceivedMail, name: string): string {
  const line = mail.parsed.headerLines.find((h) => h.key === name.toLowerCase())?.line ?? '';
  return line.replace(/\r?\n[ \t]+/g, ' ').replace(/^[^:]+:\s*/, '');
}

describe('notifications: the bell, the mail and its one-click unsubscribe', () => {
  it('A’s bell rises live when B responds; the mail links the post; unsubscribing without cookies stops that mail but not the bell', async () => {
    const origin = inject('baseUrl');
    const a = await openSite(browser());
    const { email: aEmail } = await signUpMember(a.page, {
      prefix: 'bell-a',
      profile: memberProfile({ firstName: 'Ada', lastName: 'Author' }),
    });
    const b = await openApi();
    await signUpMember(b, { prefix: 'bell-b', profile: memberProfile({ firstName: 'Ben', lastName: 'Responder' }) });

    const title = `Car seats ${uniqueTag('')}`;
    const postId = await createPost(a.page.request, { title, body: 'Who has a spare car seat?' });
    await a.page.goto(`/discuss/${postId}`);
    await a.page.getByRole('heading', { level: 1, name: title }).waitFor();
    await expectBell(a.page, 0);
    await markPage(a.page);

    // B responds → A's open page shows the count rise, without a reload.
    await respond(b, postId, 'I have one, clean and recent.');
    await expectBell(a.page, 1);
    expect(await wasNotReloaded(a.page)).toBe(true);

    // The mail: a link to the post, and both headers of RFC 8058 with the signed link.
    const mail = await waitForMail(aEmail, (m) => m.subject.includes(title));
    expect(mail.subject).toBe(`Ben Responder responded to your post "${title}"`);
    expect(mail.text).toContain(`${origin}/discuss/${postId}`);
    expect(mail.text).toContain('I have one, clean and recent.');
    const listUnsubscribe = headerOf(mail, 'List-Unsubscribe');
    const unsubscribeUrl = /^<(https?:\/\/[^>\s]+)>$/.exec(listUnsubscribe)?.[1];
    expect(unsubscribeUrl, listUnsubscribe).toMatch(/^https?:\/\/.+\/api\/notifications\/unsubscribe\?token=[\w-]+(\.|%2E)[\w-]+$/);
    expect(headerOf(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    // A mail program's one-click unsubscribe: a POST from its own servers, no cookies, no Origin.
    const mailProgram = await request.newContext({ extraHTTPHeaders: { 'x-forwarded-for': clientAddress() } });
    const unsubscribed = await mailProgram.post(unsubscribeUrl!, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      data: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.status(), await unsubscribed.text()).toBe(200);
    expect(await unsubscribed.json()).toMatchObject({ kind: 'response', mail: false });
    expect((await mailProgram.storageState()).cookies).toEqual([]);
    await mailProgram.dispose();

    // A follows a post of B's from its page: the next response there mails A (another kind of mail).
    const markerTitle = `Booster seats ${uniqueTag('')}`;
    const markerPost = await createPost(b, { title: markerTitle });
    await a.page.goto(`/discuss/${markerPost}`);
    await a.page.getByRole('button', { name: 'Follow this post' }).click();
    await a.page.getByRole('status').filter({ hasText: 'You follow this post' }).waitFor();
    await a.page.reload();
    await a.page.getByRole('button', { name: 'Unfollow this post' }).waitFor();
    await expectBell(a.page, 1);
    await markPage(a.page);

    // B responds to A's post again: the bell rises (on whatever page A has open) ...
    const unmailed = `Second response ${uniqueTag('')}`;
    await respond(b, postId, unmailed);
    await expectBell(a.page, 2);
    // ... and B's response to the followed post, sent after it, reaches A by mail. The outbox sends the
    // oldest mail first, a batch at a time: a mail for the second response, had one been queued, would
    // have gone out before or beside this one, so once this one is here, that one would be too.
    await respond(b, markerPost, 'A response in the post Ada follows.');
    const marker = await waitForMail(aEmail, (m) => m.subject === `New response in "${markerTitle}"`);
    expect(marker.text).toContain(`${origin}/discuss/${markerPost}`);
    await expectBell(a.page, 3);
    expect(await wasNotReloaded(a.page)).toBe(true);
    await expect(waitForMail(aEmail, (m) => m.text.includes(unmailed), 1500)).rejects.toThrow(/No mail/);

    expectNoPageErrors(a.errors);
    await a.context.close();
    await b.dispose();
  });
});

describe('notifications: the bell after a lost connection', () => {
  it('counts again whenever the live stream (re)opens, even when no event came through', async () => {
    const a = await openSite(browser());
    await signUpMember(a.page, { prefix: 'bell-reconnect', profile: memberProfile({ firstName: 'Rex', lastName: 'Reconnect' }) });
    const postId = await createPost(a.page.request, { title: `Reconnects ${uniqueTag('')}` });
    const b = await openApi();
    await signUpMember(b, { prefix: 'bell-reconnect', profile: memberProfile() });

    // Every stream this page opens says 'ready' and ends at once, as a connection that keeps dropping
    // would: no change event ever arrives, so only the refetch on each (re)open can move the count.
    let opened = 0;
    await a.page.route('**/api/live?**', (route) => {
      opened++;
      return route.fulfill({
        status: 200,
        headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store' },
        body: 'retry: 300\nevent: ready\ndata: {}\n\n',
      });
    });
    await a.page.goto(`/discuss/${postId}`);
    await expectBell(a.page, 0);
    await markPage(a.page);
    const before = opened;
    await respond(b, postId, 'While the connection was down.');
    await expectBell(a.page, 1, 10_000);
    expect(opened).toBeGreaterThan(before);
    expect(await wasNotReloaded(a.page)).toBe(true);
    expectNoPageErrors(a.errors);
    await a.context.close();
    await b.dispose();
  });
});

describe('notifications: the page', () => {
  it('lists who did what where and when, live; opening one marks it read; Load more; Mark all read zeroes the bell', async () => {
    const a = await openSite(browser());
    await signUpMember(a.page, { prefix: 'bell-page', profile: memberProfile({ firstName: 'Nora', lastName: 'Notified' }) });
    // Over twenty notifications and no mail for them: the mail is the first journey's business.
    const off = await a.page.request.put('/api/notifications/preferences', {
      data: { mailResponse: false },
      headers: { origin: inject('baseUrl') },
    });
    expect(off.status()).toBe(200);
    const title = `Respite ${uniqueTag('')}`;
    const postId = await createPost(a.page.request, { title });
    const b = await openApi();
    await signUpMember(b, { prefix: 'bell-page', profile: memberProfile({ firstName: 'Bea', lastName: 'First' }) });
    const c = await openApi();
    await signUpMember(c, { prefix: 'bell-page', profile: memberProfile({ firstName: 'Cal', lastName: 'Second' }) });
    // 21 in all, one more than a page; within each member's limit of responses.
    for (let i = 1; i <= 11; i++) await respond(b, postId, `Response ${i} from Bea`);
    for (let i = 1; i <= 10; i++) await respond(c, postId, `Response ${i} from Cal`);

    // A visitor has no bell, and the page is for members.
    const visitor = await openSite(browser());
    await visitor.page.goto('/notifications');
    await visitor.page.waitForURL(/\/signin\?next=%2Fnotifications$/);
    expect(await bellOf(visitor.page).count()).toBe(0);

    // The bell leads to the page.
    await a.page.goto('/dashboard');
    await expectBell(a.page, 21);
    await bellOf(a.page).click();
    await a.page.waitForURL(/\/notifications$/);
    await a.page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    expect(await a.page.title()).toBe('Notifications | Foster Care Network');
    const list = a.page.getByRole('list', { name: 'Your notifications, newest first' });
    const items = list.getByRole('listitem');
    await expect.poll(() => items.count()).toBe(20);
    await a.page.getByRole('status').filter({ hasText: '21 unread' }).waitFor();
    // Newest first: who, what, on which post, when; unread marked in words.
    const first = items.first();
    // What a screen reader reads: 'New' is said, not only shown (in a badge, besides the colour).
    const says = (item: typeof first, name: string) => item.getByRole('link', { name, exact: true }).count();
    expect(await says(first, `New: Cal Second responded to your post “${title}”`)).toBe(1);
    await expect.poll(() => first.getByText('New', { exact: true }).isVisible()).toBe(true);
    expect(await first.getByRole('link').getAttribute('href')).toBe(`/discuss/${postId}`);
    expect(await first.locator('time').innerText()).toMatch(/^(just now|\d+ minutes? ago)$/);
    expect(await seriousViolations(a.page)).toEqual([]);

    await a.page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => items.count()).toBe(21);
    // Reading goes on at the first of the older ones.
    await expect
      .poll(() => items.nth(20).evaluate((item) => item.contains(document.activeElement) && document.activeElement?.tagName))
      .toBe('A');
    expect(await a.page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    expect(await says(items.last(), `New: Bea First responded to your post “${title}”`)).toBe(1);

    // Live: a new one appears at the top without a reload.
    await markPage(a.page);
    await respond(b, postId, 'One more from Bea');
    await expect.poll(() => says(items.first(), `New: Bea First responded to your post “${title}”`), { timeout: LIVE_MS }).toBe(1);
    await a.page.getByRole('status').filter({ hasText: '22 unread' }).waitFor({ timeout: LIVE_MS });
    await expectBell(a.page, 22);
    expect(await wasNotReloaded(a.page)).toBe(true);

    // Opening one (by keyboard) marks it read.
    await items.first().getByRole('link').focus();
    await a.page.keyboard.press('Enter');
    await a.page.waitForURL(new RegExp(`/discuss/${postId}$`));
    await expectBell(a.page, 21);
    await a.page.goBack();
    await a.page.waitForURL(/\/notifications$/);
    await expect.poll(() => says(items.first(), `Bea First responded to your post “${title}”`)).toBe(1);
    await a.page.getByRole('status').filter({ hasText: '21 unread' }).waitFor();

    // At a phone's width too.
    await a.page.setViewportSize(PHONE);
    await expectBell(a.page, 21);
    expect(await seriousViolations(a.page)).toEqual([]);

    const markAll = a.page.getByRole('button', { name: 'Mark all read' });
    await markAll.focus();
    await a.page.keyboard.press('Enter');
    await a.page.getByRole('status').filter({ hasText: 'All read' }).waitFor();
    // Focus stays where it was (a button that turned disabled would drop it to the page).
    expect(await markAll.evaluate((button) => button === document.activeElement)).toBe(true);
    await expectBell(a.page, 0);
    await expect.poll(() => list.getByText('New', { exact: true }).count()).toBe(0);
    await a.page.reload();
    await a.page.getByRole('status').filter({ hasText: 'All read' }).waitFor();
    await expectBell(a.page, 0);

    expectNoPageErrors(a.errors);
    expectNoPageErrors(visitor.errors);
    await b.dispose();
    await c.dispose();
  });

  it('says so when there are none yet', async () => {
    const m = await openSite(browser(), { viewport: PHONE });
    await signUpMember(m.page, { prefix: 'bell-empty' });
    await m.page.goto('/notifications');
    await m.page.getByText('No notifications yet.').waitFor();
    expect(await m.page.getByRole('button', { name: 'Mark all read' }).count()).toBe(0);
    await expectBell(m.page, 0);
    expectNoPageErrors(m.errors);
  });
});

describe('following', () => {
  it('a member follows and unfollows a post and a category, and it stays so after a reload', async () => {
    const author = await openApi();
    await signUpMember(author, { prefix: 'follow', profile: memberProfile({ firstName: 'Otto', lastName: 'Other' }) });
    const category = `Prayer requests ${uniqueTag('')}`;
    const title = `Court hearing ${uniqueTag('')}`;
    const postId = await createPost(author, { title, category });

    const m = await openSite(browser());
    await signUpMember(m.page, { prefix: 'follow', profile: memberProfile({ firstName: 'Fay', lastName: 'Follower' }) });
    await m.page.goto(`/discuss/${postId}`);
    const follow = m.page.getByRole('button', { name: 'Follow this post' });
    await follow.waitFor();
    await expect.poll(() => m.page.getByText('Follow it to get a notification of every new response.').isVisible()).toBe(true);
    expect(await seriousViolations(m.page)).toEqual([]);
    await follow.click();
    await m.page.getByRole('status').filter({ hasText: 'You follow this post' }).waitFor();
    await m.page.reload();
    const unfollow = m.page.getByRole('button', { name: 'Unfollow this post' });
    await unfollow.waitFor();
    await m.page.setViewportSize(PHONE);
    expect(await seriousViolations(m.page)).toEqual([]);
    await unfollow.click();
    await follow.waitFor();
    await m.page.reload();
    await follow.waitFor();

    // The category, from the category list: chosen, then followed.
    await m.page.setViewportSize({ width: 1280, height: 900 });
    await m.page.goto('/discuss');
    await m.page.getByText('Choose a category to follow it.').waitFor();
    await m.page.getByRole('button', { name: `${category} (1 post)` }).click();
    await m.page.getByRole('button', { name: `Follow “${category}”` }).click();
    await m.page.getByRole('status').filter({ hasText: 'You follow this category' }).waitFor();
    await m.page.reload();
    await m.page.getByRole('button', { name: `Unfollow “${category}”` }).waitFor();
    // The list says which categories are followed.
    await m.page.getByRole('button', { name: `${category} (followed, 1 post)` }).waitFor();
    expect(await seriousViolations(m.page)).toEqual([]);
    // Its posts count as followed (the one unfollowed by hand above excepted): a new one shows it.
    const second = await createPost(author, { title: `Second ${title}`, category });
    await m.page.goto(`/discuss/${second}`);
    await m.page.getByRole('button', { name: 'Unfollow this post' }).waitFor();

    await m.page.goto(`/discuss?category=${encodeURIComponent(category)}`);
    await m.page.getByRole('button', { name: `Unfollow “${category}”` }).click();
    await m.page.getByRole('button', { name: `Follow “${category}”` }).waitFor();
    await m.page.reload();
    await m.page.getByRole('button', { name: `Follow “${category}”` }).waitFor();
    await expect.poll(() => m.page.getByRole('button', { name: `${category} (2 posts)` }).isVisible()).toBe(true);

    // The author of a post hears of every response to it: their page says so instead of offering a button.
    const own = await createPost(m.page.request, { title: `Mine ${title}` });
    await m.page.goto(`/discuss/${own}`);
    await m.page.getByText('This is your post: you get a notification of every response to it.').waitFor();
    expect(await m.page.getByRole('button', { name: /follow this post/i }).count()).toBe(0);
    expectNoPageErrors(m.errors);

    // Who may not post may not follow: no buttons for a member without a profile, nor for a visitor.
    const noProfile = await openSite(browser());
    await signUpMember(noProfile.page, { prefix: 'follow-no-profile' });
    const visitor = await openSite(browser());
    for (const who of [noProfile, visitor]) {
      await who.page.goto(`/discuss/${postId}`);
      await who.page.getByRole('heading', { level: 1, name: title }).waitFor();
      await who.page.getByRole('heading', { name: /^Responses/ }).waitFor();
      expect(await who.page.getByRole('button', { name: /follow/i }).count()).toBe(0);
      await who.page.goto(`/discuss?category=${encodeURIComponent(category)}`);
      await who.page.getByRole('button', { name: `${category} (2 posts)` }).waitFor();
      expect(await who.page.getByRole('button', { name: /follow/i }).count()).toBe(0);
      expect(await who.page.getByText('Choose a category to follow it.').count()).toBe(0);
      expectNoPageErrors(who.errors);
    }
    await author.dispose();
  });
});
