import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { mail, notificationPreference, user } from '../db/schema';
import { MAIL_FORMS } from '../mail';
import { useTestApp } from '../testing/app';
import { authorOf, buildPost, expectJson, insertResponse, signedInMember, type SignedUpMember } from '../testing/factories';
import { readUnsubscribeToken } from './unsubscribe-token';

const t = useTestApp();

async function createPost(m: SignedUpMember): Promise<number> {
  return (await expectJson<{ id: number }>(await m.c.post('/api/posts', buildPost({ title: 'Night lights' })), 201)).id;
}

const mailTo = (to: string) =>
  t.db
    .select()
    .from(mail)
    .where(and(eq(mail.to, to)));

describe('notification mail', () => {
  it('mails the author and each follower at once, with a link to the post, the preferences and a signed one-click unsubscribe', async () => {
    const author = await signedInMember(t);
    const follower = await signedInMember(t);
    const postId = await createPost(author);
    await expectJson(await follower.c.put(`/api/posts/${postId}/follow`));
    const responder = await signedInMember(t, { profile: { firstName: 'Sam', lastName: 'Ortiz' } });
    await insertResponse(t.deps, authorOf(responder, { firstName: 'Sam', lastName: 'Ortiz' }), postId, { body: 'A soft <b>blanket</b>.' });

    const [own] = (await mailTo(author.email)).filter((m) => m.form.startsWith('notification'));
    expect(own).toMatchObject({ form: MAIL_FORMS.notifyResponse, state: 'PENDING' });
    expect(own!.message.subject).toBe('Sam Ortiz responded to your post "Night lights"');
    expect(own!.message.text).toContain('> A soft <b>blanket</b>.');
    expect(own!.message.text).toContain(`${t.config.publicUrl}/discuss/${postId}`);
    expect(own!.message.text).toContain(`${t.config.publicUrl}/settings/notifications`);
    expect(own!.message.html).toContain('A soft &lt;b&gt;blanket&lt;/b&gt;.');
    expect(own!.message.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = /^<(.+)>$/.exec(own!.message.headers!['List-Unsubscribe']!)![1]!;
    expect(url.startsWith(`${t.config.publicUrl}/api/notifications/unsubscribe?token=`)).toBe(true);
    const token = new URL(url).searchParams.get('token')!;
    const claim = readUnsubscribeToken(t.config.sessionSecret, token, t.clock.now());
    expect(claim).toMatchObject({ uid: author.id, kind: 'response' });
    // The body links to the page that asks first (a scanner opening it changes nothing), with the same token.
    const page = `${t.config.publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
    expect(own!.message.text).toContain(page);
    expect(own!.message.html).toContain(`href="${page}"`);
    expect(own!.message.html).toContain('Stop mail like this one');
    expect(own!.message.html).toContain('Choose which mail you get');

    const [followed] = (await mailTo(follower.email)).filter((m) => m.form.startsWith('notification'));
    expect(followed).toMatchObject({ form: MAIL_FORMS.notifyFollowedResponse });
    expect(followed!.message.subject).toBe('New response in "Night lights"');
    expect((await mailTo(responder.email)).filter((m) => m.form.startsWith('notification'))).toEqual([]);
  });

  it('sends no mail of a kind the member turned off, and still notifies them on the site', async () => {
    const author = await signedInMember(t);
    const postId = await createPost(author);
    await t.db.insert(notificationPreference).values({ uid: author.id, mailResponse: false });
    await insertResponse(t.deps, authorOf(await signedInMember(t)), postId);
    expect((await mailTo(author.email)).filter((m) => m.form.startsWith('notification'))).toEqual([]);
    expect((await expectJson<{ unread: number }>(await author.c.get('/api/notifications/unread-count'))).unread).toBe(1);
  });

  it('goes to each recipient in their own language, whoever responded', async () => {
    const author = await signedInMember(t);
    const follower = await signedInMember(t);
    await t.db.update(user).set({ locale: 'es' }).where(eq(user.id, author.id));
    const postId = await createPost(author);
    await expectJson(await follower.c.put(`/api/posts/${postId}/follow`));
    // An English-speaking responder, answering in English: the framing follows the reader, the words stay theirs.
    const responder = await signedInMember(t, { profile: { firstName: 'Sam', lastName: 'Ortiz' } });
    await insertResponse(t.deps, authorOf(responder, { firstName: 'Sam', lastName: 'Ortiz' }), postId, { body: 'A warm blanket.' });

    const [own] = (await mailTo(author.email)).filter((m) => m.form.startsWith('notification'));
    expect(own!.message.subject).toBe('Sam Ortiz respondió a su publicación "Night lights"');
    expect(own!.message.text).toContain('Sam Ortiz respondió a su publicación "Night lights" en el foro de Foster Care Network:');
    expect(own!.message.text).toContain('> A warm blanket.');
    expect(own!.message.text).toContain('Usted recibe este correo porque alguien respondió a una de sus publicaciones.');
    expect(own!.message.html).toContain('Dejar de recibir correos como este');
    expect(own!.message.html).toContain('<html lang="es">');

    const [followed] = (await mailTo(follower.email)).filter((m) => m.form.startsWith('notification'));
    expect(followed!.message.subject).toBe('New response in "Night lights"');
    expect(followed!.message.html).toContain('<html lang="en">');
  });
});
