import { describe, expect, it } from 'vitest';
import { Window } from 'happy-dom';
import { useTestApp } from '../../testing/app';
import {
  authorOf,
  buildPost,
  expectJson,
  insertResponse,
  mailsTo,
  signedInMember,
  TEST_PASSWORD,
  uniqueEmail,
} from '../../testing/factories';
import { MAIL_FORMS, enqueueMail, renderMail } from '../outbox';

// Issue 29: every mail the site sends wears one layout (decision 044): the wordmark, the card, a button for
// the main action, a quiet footer, dark mode and a phone's width, the recipient's language; what members
// wrote reaches it escaped.

const XSS = '<script>alert(1)</script>';

function parse(html: string) {
  const window = new Window();
  window.document.write(html);
  return window.document;
}

/** What every mail's HTML part must have, whatever it says. */
function expectLayout(html: string, locale: string) {
  expect(html.startsWith('<!DOCTYPE html><html lang="' + locale + '">')).toBe(true);
  const doc = parse(html);
  expect(doc.querySelector('meta[name="color-scheme"]')?.getAttribute('content')).toBe('light dark');
  expect(doc.querySelector('meta[name="viewport"]')?.getAttribute('content')).toBe('width=device-width, initial-scale=1');
  const css = doc.querySelector('style')?.textContent ?? '';
  expect(css).toContain('@media (prefers-color-scheme: dark)');
  expect(css).toContain('@media (max-width: 620px)');
  expect(doc.querySelector('.mail-wordmark')?.textContent).toBe('Foster Care Network');
  expect(doc.querySelector('.mail-page table')?.getAttribute('style')).toContain('max-width:600px');
  expect(doc.querySelector('.mail-card')).not.toBeNull();
  expect(doc.querySelector('.mail-footer')?.textContent?.trim()).not.toBe('');
  return doc;
}

/** The button of the main action: a link in a coloured cell, its address also written out to copy. */
function buttonOf(doc: ReturnType<typeof parse>) {
  const buttons = [...doc.querySelectorAll('.mail-card td[style*="background-color"] > a')];
  expect(buttons.length).toBeLessThanOrEqual(1);
  return buttons[0];
}

describe('renderMail’s layout', () => {
  it('puts the blocks in the card, the action in a button, and escapes every word', () => {
    const href = 'https://network.example/verify-email?token=a"b&c=1';
    const rendered = renderMail({
      locale: 'es',
      subject: `Hola ${XSS}`,
      paragraphs: [
        `Primera línea ${XSS}\nsegunda`,
        { quote: XSS },
        { action: href, label: `Confirmar ${XSS}` },
        { link: 'https://network.example/x' },
      ],
      footer: [`Por qué ${XSS}`, { link: 'https://network.example/unsubscribe?token=t', label: 'Dejar de recibir' }],
    });
    expect(rendered.html).not.toContain('<script>');
    const doc = expectLayout(rendered.html, 'es');
    expect(doc.title).toBe(`Hola ${XSS}`);
    const card = doc.querySelector('.mail-card')!;
    expect(card.querySelector('p')?.innerHTML).toBe('Primera línea &lt;script&gt;alert(1)&lt;/script&gt;<br>segunda');
    expect(card.querySelector('blockquote')?.textContent).toBe(XSS);
    const button = buttonOf(doc)!;
    expect(button.getAttribute('href')).toBe('https://network.example/verify-email?token=a%22b&c=1');
    expect(button.textContent).toBe(`Confirmar ${XSS}`);
    expect(card.textContent).toContain(
      'Si el botón no funciona, copie esta dirección en su navegador: https://network.example/verify-email?token=a%22b&c=1',
    );
    // The caller's footer replaces the general one, quietly below the card.
    const footer = doc.querySelector('.mail-footer')!;
    expect(footer.textContent).toContain(`Por qué ${XSS}`);
    expect(footer.querySelector('a')?.getAttribute('href')).toBe('https://network.example/unsubscribe?token=t');
    expect(footer.textContent).not.toContain('Usted recibe este correo por una cuenta');
    // The preview line mail clients show beside the subject is the first paragraph.
    expect(doc.body.firstElementChild?.textContent).toContain(`Primera línea ${XSS}`);

    // The text part: the button reads as a link with its address; the footer follows the message.
    expect(rendered.text).toBe(
      `Primera línea ${XSS}\nsegunda\n\n> ${XSS}\n\nConfirmar ${XSS}:\nhttps://network.example/verify-email?token=a%22b&c=1\n\n` +
        `https://network.example/x\n\nPor qué ${XSS}\n\nDejar de recibir:\nhttps://network.example/unsubscribe?token=t`,
    );
  });

  it('says why in general words when the caller gives no footer, in the recipient’s language', () => {
    const en = parse(renderMail({ subject: 's', paragraphs: ['Hello'] }).html);
    expect(en.querySelector('.mail-footer')?.textContent).toBe(
      'You got this mail because of an account or a request made on the Foster Care Network website.',
    );
    expect(buttonOf(en)).toBeUndefined();
    const es = parse(renderMail({ locale: 'es', subject: 's', paragraphs: ['Hola'] }).html);
    expect(es.querySelector('.mail-footer')?.textContent).toBe(
      'Usted recibe este correo por una cuenta o una solicitud hecha en el sitio web de Foster Care Network.',
    );
  });

  it('refuses a button or footer link that is not a web link', () => {
    expect(() => renderMail({ subject: 's', paragraphs: [{ action: 'javascript:alert(1)', label: 'Go' }] })).toThrow(/http/);
    expect(() => renderMail({ subject: 's', paragraphs: ['x'], footer: [{ link: 'data:text/html,hi' }] })).toThrow(/http/);
  });
});

describe('mail sent by the site’s own flows', () => {
  const t = useTestApp();

  it('a confirmation mail: the layout in the member’s language, the button, the address in the text part', async () => {
    const email = uniqueEmail('layout-es');
    const spanish = { 'accept-language': 'es-MX,es;q=0.9' };
    expect((await t.client().post('/api/auth/sign-up/email', { email, password: TEST_PASSWORD, name: '' }, spanish)).status).toBe(200);
    const [item] = await mailsTo(t.db, email, MAIL_FORMS.emailVerification);
    const doc = expectLayout(item!.message.html, 'es');
    const button = buttonOf(doc)!;
    expect(button.textContent).toBe('Confirmar mi correo electrónico');
    const href = button.getAttribute('href')!;
    expect(href.startsWith(`${t.config.publicUrl}/verify-email?token=`)).toBe(true);
    expect(item!.message.text).toContain(`Confirmar mi correo electrónico:\n${href}`);
  });

  it('a notification: a member’s words escaped in the card, the unsubscribe link in the footer beside List-Unsubscribe', async () => {
    const author = await signedInMember(t);
    const responder = await signedInMember(t, { profile: { firstName: 'Sam', lastName: 'Ortiz' } });
    const { id: postId } = await expectJson<{ id: number }>(await author.c.post('/api/posts', buildPost({ title: 'Night lights' })), 201);
    await insertResponse(t.deps, authorOf(responder, { firstName: 'Sam', lastName: 'Ortiz' }), postId, { body: `A lamp ${XSS}` });

    const [item] = await mailsTo(t.db, author.email, MAIL_FORMS.notifyResponse);
    expect(item!.message.headers?.['List-Unsubscribe']).toBeDefined();
    expect(item!.message.html).not.toContain('<script>');
    const doc = expectLayout(item!.message.html, 'en');
    expect(doc.querySelector('.mail-card blockquote')?.textContent).toBe(`A lamp ${XSS}`);
    expect(buttonOf(doc)?.getAttribute('href')).toBe(`${t.config.publicUrl}/discuss/${postId}`);
    const footerLinks = [...doc.querySelectorAll('.mail-footer a')].map((a) => a.textContent);
    expect(footerLinks).toEqual(['Choose which mail you get', 'Stop mail like this one']);
    expect(doc.querySelector('.mail-footer')?.textContent).toContain('You get this mail because somebody responded to a post of yours.');
  });

  it('mail queued with text alone wears the layout too, the text escaped in its card', async () => {
    const item = await enqueueMail(
      { db: t.db },
      { form: MAIL_FORMS.contactUs, to: 'team@example.org', subject: 'Hi', text: `One ${XSS}\ntwo` },
    );
    const doc = expectLayout(item.message.html, 'en');
    expect(doc.querySelector('.mail-card p')?.innerHTML).toBe('One &lt;script&gt;alert(1)&lt;/script&gt;<br>two');
  });
});
