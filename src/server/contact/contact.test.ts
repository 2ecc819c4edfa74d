import { beforeEach, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { CONTACT_MESSAGE_MAX, HUMAN_TOKEN_TTL_MS, type ContactInput } from '../../shared/contact';
import { mail, user } from '../db/schema';
import { MAIL_FORMS } from '../mail/outbox';
import { testClock, useTestApp } from '../testing/app';
import { expectAnswer, insertMember, signedInMember } from '../testing/factories';
import { checkHumanToken, issueHumanToken } from './human-token';
import { CONTACT_RATE_MESSAGES } from '../rate-limit/rules';
import { HONEYPOT_MESSAGE, HUMAN_CHECK_MESSAGES } from './service';

const STAFF = 'team@network.test';
const clock = testClock(new Date('2026-05-01T12:00:00Z'));
const t = useTestApp({ clock, config: { staffEmail: STAFF } });
// Mail items are told apart by their date (lastMailTo): each test's start a second later than the last.
beforeEach(() => clock.advance(1000));

type Client = ReturnType<typeof t.client>;

async function mailCount() {
  const [row] = await t.db.select({ n: count() }).from(mail);
  return row!.n;
}

async function confirmHuman(c: Client): Promise<string> {
  const body = await expectAnswer(c.api.contact.human.$post());
  expect(new Date(body.expiresAt).getTime()).toBe(clock.now().getTime() + HUMAN_TOKEN_TTL_MS);
  return body.token;
}

const send = (c: Client, json: ContactInput) => c.api.contact.$post({ json });

const message = (over: Partial<ContactInput> = {}) => ({
  name: 'Vera Visitor',
  email: 'Vera.Visitor@Example.org',
  message: 'How can our church start a foster-care ministry?\n<b>Thanks</b> & blessings',
  ...over,
});

describe('POST /api/contact from a visitor', () => {
  it('sends the message to the team, replyTo the visitor, with the name, once “I am indeed human” was clicked', async () => {
    const c = t.client();
    const token = await confirmHuman(c);
    expect(await expectAnswer(send(c, message({ humanToken: token, website: '' })), 202)).toEqual({ ok: true });
    const item = await t.lastMailTo(STAFF);
    expect(item).toMatchObject({ form: MAIL_FORMS.contactUs, to: STAFF, replyTo: 'vera.visitor@example.org' });
    expect(item!.message.subject).toBe('Foster Care Network contact page: message from Vera Visitor');
    expect(item!.message.text).toContain('Vera Visitor (vera.visitor@example.org) wrote through the contact page');
    expect(item!.message.text).toContain('> How can our church start a foster-care ministry?\n> <b>Thanks</b> & blessings');
    expect(item!.message.text).toContain('Sent by a visitor who was not signed in.');
    expect(item!.message.html).toContain('&lt;b&gt;Thanks&lt;/b&gt; &amp; blessings');
    expect(item!.message.html).not.toContain('<b>Thanks');
  });

  it('works without a name: the email stands in for it', async () => {
    const c = t.client();
    const res = await send(c, message({ name: '  ', humanToken: await confirmHuman(c) }));
    expect(res.status).toBe(202);
    const item = await t.lastMailTo(STAFF);
    expect(item!.message.subject).toBe('Foster Care Network contact page: message from vera.visitor@example.org');
  });

  it('refuses a post without the human token, or with a forged, altered or expired one (403, the field named)', async () => {
    const c = t.client();
    const before = await mailCount();
    const good = await confirmHuman(c);
    const [version, expiry, nonce, signature] = good.split('.');
    const cases: Array<[string | undefined, string]> = [
      [undefined, HUMAN_CHECK_MESSAGES.missing],
      ['', HUMAN_CHECK_MESSAGES.missing],
      ['not-a-token', HUMAN_CHECK_MESSAGES.invalid],
      [`${version}.${Number(expiry) + 60_000}.${nonce}.${signature}`, HUMAN_CHECK_MESSAGES.invalid],
      [`${version}.${expiry}.${nonce}.${signature!.slice(0, -2)}AA`, HUMAN_CHECK_MESSAGES.invalid],
      [issueHumanToken('another secret of at least 32 characters', clock.now(), HUMAN_TOKEN_TTL_MS).token, HUMAN_CHECK_MESSAGES.invalid],
      // Expiring far in the future: not one we issued.
      [
        issueHumanToken(t.config.sessionSecret, new Date(clock.now().getTime() + 365 * 86_400_000), HUMAN_TOKEN_TTL_MS).token,
        HUMAN_CHECK_MESSAGES.invalid,
      ],
    ];
    for (const [humanToken, expected] of cases) {
      const body = await expectAnswer(send(c, message(humanToken === undefined ? {} : { humanToken })), 403);
      expect(body).toMatchObject({ code: 'FORBIDDEN', message: expected, fieldErrors: { humanToken: expected } });
    }
    // A token is good for HUMAN_TOKEN_TTL_MS, then no more.
    clock.advance(HUMAN_TOKEN_TTL_MS);
    expect((await expectAnswer(send(c, message({ humanToken: good })), 403)).message).toBe(HUMAN_CHECK_MESSAGES.expired);
    expect(await mailCount()).toBe(before);
  });

  it('refuses a message whose hidden field is filled in, saying nothing useful to a program', async () => {
    const c = t.client();
    const before = await mailCount();
    const body = await expectAnswer(send(c, message({ humanToken: await confirmHuman(c), website: 'http://spam.example' })), 400);
    expect(body).toEqual({ code: 'BAD_REQUEST', message: HONEYPOT_MESSAGE });
    expect(await mailCount()).toBe(before);
  });

  it('requires an email and a message, each field named, and sends nothing', async () => {
    const c = t.client();
    const humanToken = await confirmHuman(c);
    const before = await mailCount();
    // Raw: some of these are of the wrong type or leave a field out, which the typed client would not send.
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ email: '' }, 'email'],
      [{ email: 'not an address' }, 'email'],
      [{ email: undefined }, 'email'],
      [{ message: '' }, 'message'],
      [{ message: ' \n\t ' }, 'message'],
      [{ message: undefined }, 'message'],
      [{ message: 'x'.repeat(CONTACT_MESSAGE_MAX + 1) }, 'message'],
      [{ name: 'n'.repeat(81) }, 'name'],
      [{ name: 42 }, 'name'],
    ];
    for (const [over, field] of cases) {
      const res = await c.post('/api/contact', message({ humanToken, ...over }));
      expect(res.status, JSON.stringify(over).slice(0, 60)).toBe(400);
      const body = await res.json();
      expect(body.code).toBe('VALIDATION');
      expect(body.fieldErrors?.[field], JSON.stringify(body)).toEqual(expect.any(String));
    }
    expect((await c.post('/api/contact', 'not json')).status).toBe(400);
    expect((await c.post('/api/contact', 'email=a', { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(415);
    expect(await mailCount()).toBe(before);
  });

  it('spends a human token on one message: a second message with it is refused, from any client', async () => {
    const c = t.client();
    const humanToken = await confirmHuman(c);
    expect((await send(c, message({ humanToken, message: 'First' }))).status).toBe(202);
    const before = await mailCount();
    for (const sender of [c, t.client()]) {
      expect(await expectAnswer(send(sender, message({ humanToken, message: 'Again' })), 403)).toMatchObject({
        fieldErrors: { humanToken: HUMAN_CHECK_MESSAGES.used },
      });
    }
    expect(await mailCount()).toBe(before);
  });

  it('limits each client to 5 messages in 10 minutes (429 with Retry-After), other clients unaffected', async () => {
    const c = t.client();
    for (let i = 0; i < 5; i++) {
      expect((await send(c, message({ humanToken: await confirmHuman(c), message: `Note ${i}` }))).status).toBe(202);
    }
    const before = await mailCount();
    const res = await send(c, message({ humanToken: await confirmHuman(c), message: 'One more' }));
    expect((await expectAnswer(res, 429)).message).toBe(CONTACT_RATE_MESSAGES.send);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await mailCount()).toBe(before);
    const other = t.client();
    expect((await send(other, message({ humanToken: await confirmHuman(other) }))).status).toBe(202);
  });

  it('limits how often one client asks for a human token', async () => {
    const c = t.client();
    let status = 200;
    for (let i = 0; i < 31 && status === 200; i++) status = (await c.api.contact.human.$post()).status;
    expect(status).toBe(429);
  });
});

describe('POST /api/contact from a signed-in member', () => {
  it('needs no human token: signing in was the confirmation; the mail says who sent it', async () => {
    const { c, email } = await signedInMember(t, { prefix: 'contact' });
    await expectAnswer(send(c, message({ name: '', email })), 202);
    const item = await t.lastMailTo(STAFF);
    expect(item!.replyTo).toBe(email);
    expect(item!.message.text).toContain(`Sent while signed in as the member ${email}.`);
  });

  it('still refuses a filled hidden field', async () => {
    const { c } = await signedInMember(t, { prefix: 'contact' });
    const res = await send(c, message({ website: 'x' }));
    expect(res.status).toBe(400);
  });
});

describe('human tokens', () => {
  const secret = 'a test secret that is long enough 0123456789';
  const now = new Date('2026-01-01T00:00:00Z');
  it('are accepted until they expire, by any instance with the same secret', () => {
    const { token, expiresAt } = issueHumanToken(secret, now, 60_000);
    expect(expiresAt.getTime()).toBe(now.getTime() + 60_000);
    expect(checkHumanToken(secret, token, now, 60_000)).toBe('ok');
    expect(checkHumanToken(secret, token, new Date(now.getTime() + 59_999), 60_000)).toBe('ok');
    expect(checkHumanToken(secret, token, new Date(now.getTime() + 60_000), 60_000)).toBe('expired');
    expect(checkHumanToken(`${secret}!`, token, now, 60_000)).toBe('invalid');
  });

  it('differ each time and carry nothing about the visitor', () => {
    const a = issueHumanToken(secret, now, 60_000).token;
    const b = issueHumanToken(secret, now, 60_000).token;
    expect(a).not.toBe(b);
    expect(a).toMatch(/^h1\.\d+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  });

  it('refuse anything malformed', () => {
    for (const token of [undefined, '', 'h1', 'h1.1.2', 'h2.1.a.b', 'h1.x.a.b', 'h1.1.a.b.c', '....']) {
      expect(checkHumanToken(secret, token, now, 60_000), String(token)).not.toBe('ok');
    }
  });
});

describe('the contact form in Spanish (issue 28)', () => {
  /** A visitor whose choice (the header's switcher) is Spanish. */
  const spanish = () => {
    const c = t.client();
    c.jar.set('lang', 'es');
    return c;
  };

  it('names what is missing or too long in Spanish, with the field’s name in Spanish; English askers read the English', async () => {
    const c = spanish();
    const humanToken = await confirmHuman(c);
    const empty = await expectAnswer(send(c, message({ humanToken, message: ' ', name: 'n'.repeat(81) })), 400);
    expect(empty).toEqual({
      code: 'VALIDATION',
      message: 'Algunos campos necesitan su atención.',
      fieldErrors: { message: 'El campo «Mensaje» es obligatorio', name: 'El campo «Nombre» debe tener como máximo 80 caracteres' },
    });
    const tooLong = await expectAnswer(send(c, message({ humanToken, message: 'x'.repeat(CONTACT_MESSAGE_MAX + 1) })), 400);
    expect(tooLong.fieldErrors).toEqual({ message: 'El campo «Mensaje» debe tener como máximo 5000 caracteres' });

    const english = t.client();
    const same = await expectAnswer(
      send(english, message({ humanToken: await confirmHuman(english), message: ' ', name: 'n'.repeat(81) })),
      400,
    );
    expect(same).toEqual({
      code: 'VALIDATION',
      message: 'Some fields need attention.',
      fieldErrors: { message: 'Message is required', name: 'Name must be at most 80 characters' },
    });
  });

  it('asks for “I am indeed human” in Spanish, and says when the limit is reached in Spanish', async () => {
    const c = spanish();
    const before = await mailCount();
    const missing = await expectAnswer(send(c, message()), 403);
    const click = 'Haga clic en “Sí, soy un ser humano” antes de enviar.';
    expect(missing).toEqual({ code: 'FORBIDDEN', message: click, fieldErrors: { humanToken: click } });
    expect(await mailCount()).toBe(before);

    for (let i = 0; i < 5; i++)
      expect((await send(c, message({ humanToken: await confirmHuman(c), message: `Nota ${i}` }))).status).toBe(202);
    const res = await send(c, message({ humanToken: await confirmHuman(c), message: 'Otra más' }));
    expect(await expectAnswer(res, 429)).toEqual({
      code: 'RATE_LIMITED',
      message: 'Ha enviado varios mensajes en poco tiempo. Espere un rato antes de enviar otro.',
    });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('writes to the team in the language of the team’s account, whoever sends', async () => {
    await insertMember(t.db, { email: STAFF });
    await t.db.update(user).set({ locale: 'es' }).where(eq(user.email, STAFF));
    try {
      const c = t.client();
      await expectAnswer(send(c, message({ humanToken: await confirmHuman(c) })), 202);
      const item = await t.lastMailTo(STAFF);
      expect(item!.message.subject).toBe('Página de contacto de Foster Care Network: mensaje de Vera Visitor');
      expect(item!.message.text).toContain(
        'Vera Visitor (vera.visitor@example.org) escribió mediante la página de contacto de Foster Care Network:',
      );
      // What the visitor wrote is theirs: never translated.
      expect(item!.message.text).toContain('> How can our church start a foster-care ministry?');
      expect(item!.message.text).toContain('Lo envió un visitante que no había iniciado sesión.');
      expect(item!.message.html).toContain('lang="es"');
    } finally {
      await t.db.update(user).set({ locale: null }).where(eq(user.email, STAFF));
    }
  });
});
