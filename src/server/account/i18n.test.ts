import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { EMAIL_LINK_MESSAGES, passwordSchema } from '../../shared/account';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../shared/limits';
import { profile, user } from '../db/schema';
import { useTestApp } from '../testing/app';
import { mailsTo, signedInMember, TEST_PASSWORD, uniqueEmail } from '../testing/factories';

// Issue 28: the account's answers in the asker's language, and its mail in the recipient's, whoever's
// request sends it. English stays exactly as it was.

const t = useTestApp();
const SPANISH = { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' };

const speaksSpanish = (uid: string) => t.db.update(user).set({ locale: 'es' }).where(eq(user.id, uid));

async function onlyMail(to: string, form: string) {
  const mails = await mailsTo(t.db, to, form);
  expect(mails).toHaveLength(1);
  return mails[0]!.message;
}

describe('mail in the recipient’s language', () => {
  it('a sign-up made in Spanish gets its confirmation in Spanish, and one made in English in English', async () => {
    const es = uniqueEmail('es-signup');
    const en = uniqueEmail('en-signup');
    expect((await t.client().post('/api/auth/sign-up/email', { email: es, password: TEST_PASSWORD, name: '' }, SPANISH)).status).toBe(200);
    expect((await t.client().post('/api/auth/sign-up/email', { email: en, password: TEST_PASSWORD, name: '' })).status).toBe(200);

    const spanish = await onlyMail(es, 'email verification');
    expect(spanish.subject).toBe('Confirme su correo electrónico para Foster Care Network');
    expect(spanish.text).toContain(`Le damos la bienvenida a Foster Care Network. Confirme que ${es} es su correo electrónico:`);
    expect(spanish.text).toContain('Confirmar mi correo electrónico');
    expect(spanish.html).toContain('<html lang="es">');
    // The account keeps the language it was made in, for what it is sent later.
    const [row] = await t.db.select({ locale: user.locale }).from(user).where(eq(user.email, es));
    expect(row?.locale).toBe('es');

    const english = await onlyMail(en, 'email verification');
    expect(english.subject).toBe('Confirm your email address for the Foster Care Network');
    expect(english.html).toContain('<html lang="en">');
  });

  it('a Spanish member’s password reset is in Spanish, though an English browser asked for it', async () => {
    const member = await signedInMember(t);
    await speaksSpanish(member.id);
    const res = await t.client().post('/api/auth/request-password-reset', { email: member.email, redirectTo: '/reset-password' });
    expect(res.status).toBe(200);
    const mail = await onlyMail(member.email, 'password reset');
    expect(mail.subject).toBe('Restablezca su contraseña de Foster Care Network');
    expect(mail.text).toContain(`Alguien pidió restablecer la contraseña de la cuenta de Foster Care Network de ${member.email}.`);
    expect(mail.text).toMatch(/reset-password\?token=/);
  });

  it('an English member’s reset stays in English, though a Spanish browser asked for it', async () => {
    const member = await signedInMember(t);
    await t.client().post('/api/auth/request-password-reset', { email: member.email, redirectTo: '/reset-password' }, SPANISH);
    expect((await onlyMail(member.email, 'password reset')).subject).toBe('Reset your Foster Care Network password');
  });

  it('the owner of a taken address hears of a sign-up with it in the owner’s language', async () => {
    const owner = await signedInMember(t);
    await speaksSpanish(owner.id);
    await t.client().post('/api/auth/sign-up/email', { email: owner.email, password: 'another pass 123', name: '' });
    const note = await onlyMail(owner.email, 'existing account sign-up');
    expect(note.subject).toBe('Alguien intentó crear una cuenta con su correo en Foster Care Network');
    expect(note.text).toContain('Restablecer mi contraseña');
  });

  it('a change of address: the Spanish member’s link and notice in Spanish, the English owner of a taken address in English', async () => {
    const member = await signedInMember(t);
    await speaksSpanish(member.id);
    const next = uniqueEmail('es-next');
    expect((await member.c.patch('/api/account', { email: next, password: '', confirmPassword: '' })).status).toBe(200);
    expect((await onlyMail(next, 'email change')).subject).toBe('Confirme su nuevo correo electrónico para Foster Care Network');
    const notice = await onlyMail(member.email, 'email change notice');
    expect(notice.subject).toBe('Se pidió cambiar su correo electrónico en Foster Care Network');
    expect(notice.text).toContain(next);

    const owner = await signedInMember(t);
    const other = await signedInMember(t);
    await speaksSpanish(other.id);
    expect((await other.c.patch('/api/account', { email: owner.email, password: '', confirmPassword: '' })).status).toBe(200);
    expect((await onlyMail(owner.email, 'email in use')).subject).toBe(
      'Someone tried to use your email address on the Foster Care Network',
    );
  });
});

describe('answers in the asker’s language', () => {
  it('Better Auth’s refusal of a sign-in, in Spanish to a Spanish asker and as it was to an English one', async () => {
    const member = await signedInMember(t);
    const es = await t.client().post('/api/auth/sign-in/email', { email: member.email, password: 'not the password' }, SPANISH);
    expect(es.status).toBe(401);
    expect(await es.json()).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Correo electrónico o contraseña no válidos' });

    const en = await t.client().post('/api/auth/sign-in/email', { email: member.email, password: 'not the password' });
    expect(await en.json()).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' });
  });

  it('our own message carried by Better Auth (a suspended account) is translated too, by the lang cookie', async () => {
    const member = await signedInMember(t);
    await t.db.update(profile).set({ suspendedAt: new Date() }).where(eq(profile.uid, member.id));
    const res = await t.client().post('/api/auth/sign-in/email', { email: member.email, password: TEST_PASSWORD }, { cookie: 'lang=es' });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      code: 'ACCOUNT_SUSPENDED',
      message: 'Esta cuenta está suspendida. Si cree que es un error, escriba al equipo desde la página de contacto.',
    });
  });

  it('a used-up link, and a too-short new password, in Spanish; the exact English otherwise', async () => {
    const es = await t.client().post('/api/account/verify-email', { token: 'no-such-token' }, SPANISH);
    expect(es.status).toBe(400);
    expect(((await es.json()) as { message: string }).message).toBe(
      'Este enlace ya no funciona: ya se usó, venció o se envió uno más reciente. Inicie sesión y pida uno nuevo.',
    );
    const en = await t.client().post('/api/account/verify-email', { token: 'no-such-token' });
    expect(((await en.json()) as { message: string }).message).toBe(EMAIL_LINK_MESSAGES.invalidLink);

    const member = await signedInMember(t);
    const short = { email: member.email, password: 'short', confirmPassword: 'short' };
    const refused = await member.c.patch('/api/account', short, SPANISH);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { fieldErrors: Record<string, string> }).fieldErrors.password).toBe(
      'La contraseña debe tener al menos 8 caracteres',
    );
  });
});

it('the password rule’s messages name the limits the rule checks (their catalog ids are literals)', () => {
  const tooShort = passwordSchema.safeParse('x'.repeat(PASSWORD_MIN - 1));
  const tooLong = passwordSchema.safeParse('x'.repeat(PASSWORD_MAX + 1));
  expect(tooShort.error?.issues[0]?.message).toBe(`Password must be at least ${PASSWORD_MIN} characters`);
  expect(tooLong.error?.issues[0]?.message).toBe(`Password must be at most ${PASSWORD_MAX} characters`);
  expect(passwordSchema.safeParse('x'.repeat(PASSWORD_MIN)).success).toBe(true);
});
