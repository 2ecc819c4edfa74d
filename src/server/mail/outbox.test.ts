import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mail, mailEvent } from '../db/schema';
import { useTestDatabase } from '../testing/db';
import { MAIL_FORMS, enqueueMail, renderMail } from './outbox';
import { createTestClock } from './test-support';

const XSS = '<img src=x onerror=alert(1)>';

describe('renderMail', () => {
  it('builds the text and an escaped HTML part from plain-text blocks', () => {
    const rendered = renderMail({
      subject: 'A member wrote <you>',
      paragraphs: [
        'Jo & Sam are reaching out through the network:',
        { quote: `${XSS}\nsecond line` },
        { link: 'https://example.org/reset?token=a"b&c=1', label: 'Choose a new password' },
      ],
    });
    expect(rendered.subject).toBe('A member wrote <you>');
    expect(rendered.text).toBe(
      'Jo & Sam are reaching out through the network:\n\n' +
        `> ${XSS}\n> second line\n\n` +
        'Choose a new password:\nhttps://example.org/reset?token=a%22b&c=1',
    );
    expect(rendered.html).not.toContain('<img');
    expect(rendered.html).toContain('&lt;img src=x onerror=alert(1)&gt;<br/>second line');
    expect(rendered.html).toMatch(/<p [^>]*>Jo &amp; Sam are reaching out through the network:<\/p>/);
    expect(rendered.html).toMatch(/<a [^>]*href="https:\/\/example.org\/reset\?token=a%22b&amp;c=1"[^>]*>Choose a new password<\/a>/);
    expect(rendered.html).toContain('<title>A member wrote &lt;you&gt;</title>');
  });

  it('refuses links that are not web links', () => {
    expect(() => renderMail({ subject: 's', paragraphs: [{ link: 'javascript:alert(1)' }] })).toThrow(/http/);
  });
});

describe('enqueueMail', () => {
  const database = useTestDatabase();

  it('keeps the one-click unsubscribe headers an item carries, and refuses any other header or a line break in one', async () => {
    const headers = { 'List-Unsubscribe': '<https://network.example/u?token=a.b>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
    const item = await enqueueMail(
      { db: database.db },
      { form: MAIL_FORMS.notifyResponse, to: 'a@example.org', subject: 's', text: 't', headers },
    );
    expect(item.message.headers).toEqual(headers);
    const plain = await enqueueMail({ db: database.db }, { form: MAIL_FORMS.contactUs, to: 'a@example.org', subject: 's', text: 't' });
    expect(plain.message).not.toHaveProperty('headers');

    const before = await database.db.select().from(mail);
    for (const bad of [{ Bcc: 'x@example.org' }, { 'List-Unsubscribe': '<https://a>\r\nBcc: x@example.org' }] as object[]) {
      await expect(
        enqueueMail({ db: database.db }, { form: 'x', to: 'a@example.org', subject: 's', text: 't', headers: bad }),
      ).rejects.toThrow();
    }
    expect(await database.db.select().from(mail)).toHaveLength(before.length);
  });

  it('adds a PENDING item with its first event, due at once', async () => {
    const clock = createTestClock();
    const item = await enqueueMail(
      { db: database.db, clock },
      { form: MAIL_FORMS.contactUs, to: 'team@example.org', replyTo: 'visitor@example.org', subject: 'Hi', text: XSS },
    );
    expect(item).toMatchObject({
      form: 'contact us',
      to: 'team@example.org',
      replyTo: 'visitor@example.org',
      state: 'PENDING',
      attempts: 0,
      startTime: null,
      endTime: null,
      error: null,
      lockedBy: null,
    });
    expect(item.date).toEqual(clock.now());
    expect(item.nextAttemptAt).toEqual(clock.now());
    // Without an html part, the text is escaped into one.
    expect(item.message.text).toBe(XSS);
    expect(item.message.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(item.message.html).not.toContain('<img');

    const events = await database.db.select().from(mailEvent).where(eq(mailEvent.mailId, item.id));
    expect(events).toEqual([expect.objectContaining({ state: 'PENDING', attempt: 0, at: clock.now(), detail: 'queued' })]);
  });

  it('keeps an html part made by renderMail and folds line breaks out of the subject', async () => {
    const rendered = renderMail({ subject: 'Line one\r\nBcc: evil@example.org', paragraphs: ['Hello'] });
    const item = await enqueueMail({ db: database.db }, { form: MAIL_FORMS.passwordReset, to: 'a@example.org', ...rendered });
    expect(item.message.subject).toBe('Line one Bcc: evil@example.org');
    expect(item.message.html).toBe(rendered.html);
    expect(item.replyTo).toBeNull();
  });

  it('refuses a list of recipients or a missing subject, and adds nothing', async () => {
    const before = await database.db.select().from(mail);
    await expect(
      enqueueMail({ db: database.db }, { form: 'contact us', to: 'a@example.org, b@example.org', subject: 's', text: 't' }),
    ).rejects.toThrow();
    await expect(enqueueMail({ db: database.db }, { form: 'contact us', to: 'a@example.org', subject: ' ', text: 't' })).rejects.toThrow();
    expect(await database.db.select().from(mail)).toHaveLength(before.length);
  });

  it('takes part in the caller’s transaction', async () => {
    const to = 'rollback@example.org';
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueMail({ db: tx }, { form: MAIL_FORMS.newPostAlert, to, subject: 'New post', text: 'A post' });
        throw new Error('the change the mail reports failed');
      }),
    ).rejects.toThrow('the change the mail reports failed');
    expect(await database.db.select().from(mail).where(eq(mail.to, to))).toHaveLength(0);
  });
});
