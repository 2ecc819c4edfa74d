import { and, asc, eq, gt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PostWithResponses } from '../../shared/forum';
import { FORMER_MEMBER, UNNAMED_MEMBER } from '../../shared/member-name';
import type { NotificationListResponse } from '../../shared/notifications';
import { mail, postCategory, profile } from '../db/schema';
import { MAIL_FORMS } from '../mail';
import { makeDueDigests } from '../notifications';
import { testClock, useTestApp } from '../testing/app';
import { buildPost, buildResponse, expectJson, signedInAdmin, signedInMember, uniqueTag, type SignedUpMember } from '../testing/factories';

// Issue 23, defect 5: one rule names a person wherever a name leaves the server (forum, digest, the
// notifications list and mails, the admin's views). A member who deleted their account is named as the forum
// names them, never by the name copied onto what they wrote; a member without a name is named as the forum does.

const clock = testClock(new Date('2032-02-26T10:00:00Z'));
const t = useTestApp({ clock });
const at = (iso: string) => clock.set(new Date(iso));

async function createPost(m: SignedUpMember, category: string, title: string): Promise<number> {
  return (await expectJson<{ id: number }>(await m.c.post('/api/posts', buildPost({ category, title })), 201)).id;
}
async function respond(m: SignedUpMember, postId: number): Promise<number> {
  return (await expectJson<{ id: number }>(await m.c.post(`/api/posts/${postId}/responses`, buildResponse()), 201)).id;
}
const thread = async (c: SignedUpMember['c'], id: number) => expectJson<PostWithResponses>(await c.get(`/api/posts/${id}`));
const notificationsOf = async (m: SignedUpMember) => expectJson<NotificationListResponse>(await m.c.get('/api/notifications'));
/** Everything mailed to this address after `since`, oldest first. */
const mailSince = (to: string, since: Date) =>
  t.db
    .select()
    .from(mail)
    .where(and(eq(mail.to, to), gt(mail.date, since)))
    .orderBy(asc(mail.date));

describe('a member who deleted their account', () => {
  it('is named as the forum names them in the digest, the notifications list, notification mail and the admin’s views', async () => {
    const surname = `Deleted${uniqueTag('')}`;
    const category = `Respite ${uniqueTag('')}`;
    at('2032-03-02T09:00:00Z');
    const dora = await signedInMember(t, { profile: { firstName: 'Dora', lastName: surname } });
    const reader = await signedInMember(t);
    const admin = await signedInAdmin(t);
    const readersPost = await createPost(reader, 'General', 'Where to find a car seat');

    const dorasPost = await createPost(dora, category, 'Our first weekend of respite');
    await respond(dora, readersPost);
    // The reader follows Dora's post and her category: the digest lists the post, the notifications name her.
    await expectJson(await reader.c.put(`/api/posts/${dorasPost}/follow`));
    const [cat] = await t.db.select({ id: postCategory.id }).from(postCategory).where(eq(postCategory.name, category));
    await expectJson(await reader.c.put(`/api/post-categories/${cat!.id}/follow`));
    // While she has an account, every view names her.
    expect((await notificationsOf(reader)).notifications[0]!.actor).toEqual({ name: `Dora ${surname}`, isFormerMember: false });

    at('2032-03-03T09:00:00Z');
    const deletedAt = clock.now();
    expect((await dora.c.delete('/api/account')).status).toBe(200);

    // The forum's name for her, read as a visitor and as an admin: the one every other view must use.
    const forumName = (await thread(t.client(), dorasPost)).post.author;
    expect(forumName).toEqual({ name: FORMER_MEMBER, isFormerMember: true });
    expect((await thread(admin.c, dorasPost)).post.author).toEqual(forumName);
    expect((await thread(admin.c, readersPost)).responses[0]!.author).toEqual(forumName);

    // The reader's notifications list.
    const listed = await notificationsOf(reader);
    expect(listed.notifications.map((n) => n.actor)).toEqual([forumName]);

    // A response in her post after she left: the mail to its follower names nobody by her name.
    const other = await signedInMember(t, { profile: { firstName: 'Omar', lastName: 'Khan' } });
    await respond(other, dorasPost);

    // The admin's profiles, their CSV and their overview do not list her.
    for (const path of ['/api/admin/profiles', '/api/admin/profiles.csv', '/api/admin/overview']) {
      const res = await admin.c.get(path);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).not.toContain(surname);
    }

    // The weekly digest lists her post, by the forum's name for her.
    at('2032-03-08T13:30:00Z');
    await makeDueDigests(t.deps, { instance: 'member-names' });
    const [digest] = (await mailSince(reader.email, deletedAt)).filter((m) => m.form === MAIL_FORMS.digest);
    expect(digest, 'a digest for the reader').toBeDefined();
    expect(digest!.message.text).toContain('Our first weekend of respite');
    expect(digest!.message.text).toContain(`, by ${forumName.name}`);

    // Nothing mailed to anyone after her deletion names her.
    for (const to of [reader.email, other.email, admin.email, t.config.staffEmail]) {
      for (const m of await mailSince(to, deletedAt)) {
        expect(JSON.stringify(m.message), `${m.form} to ${to}`).not.toContain(surname);
      }
    }
  });
});

describe('a member whose profile holds no name', () => {
  it('is named as the forum names them in the notifications list and in notification mail', async () => {
    at('2032-04-01T09:00:00Z');
    const author = await signedInMember(t);
    const nameless = await signedInMember(t);
    // An imported profile, saved without names.
    await t.db.update(profile).set({ firstName: null, lastName: '  ' }).where(eq(profile.uid, nameless.id));
    const postId = await createPost(author, 'General', 'Night lights');
    const since = clock.now();
    await respond(nameless, postId);

    const forumName = (await thread(t.client(), postId)).responses[0]!.author;
    expect(forumName).toEqual({ name: UNNAMED_MEMBER, isFormerMember: false });
    expect((await notificationsOf(author)).notifications[0]!.actor).toEqual(forumName);
    const [mailed] = (await mailSince(author.email, new Date(since.getTime() - 1))).filter((m) => m.form === MAIL_FORMS.notifyResponse);
    expect(mailed!.message.subject).toBe(`${forumName.name} responded to your post "Night lights"`);
  });
});
