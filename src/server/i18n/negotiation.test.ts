import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { user } from '../db/schema';
import { useTestApp } from '../testing/app';
import { expectAnswer, signedInMember, uniqueEmail } from '../testing/factories';
import { i18nFor, translate } from '.';
import { fieldErrorsOf } from '../http/validate';
import { z } from 'zod';

// Issue 28's order of languages, through the API: a member's saved preference, then the visitor's choice
// (the `lang` cookie the switcher sets), then Accept-Language, then English. Errors answer in it.
const t = useTestApp();

const SPANISH = { 'accept-language': 'es-MX,es;q=0.9' };
/** An API error every asker can cause: a signed-out request for the notifications. */
const askSignedOut = (c: ReturnType<typeof t.client>, headers: Record<string, string> = {}) => c.get('/api/notifications', headers);

describe("the asker's language", () => {
  it('answers errors in the language the browser asks for, and in exact English otherwise', async () => {
    const es = await askSignedOut(t.client(), SPANISH);
    expect(es.status).toBe(401);
    const body = (await es.json()) as { code: string; message: string };
    expect(body.code).toBe('UNAUTHENTICATED');
    expect(body.message).not.toBe('Please sign in first.');
    expect(body.message).toMatch(/inicie sesión/i);
    const en = (await (await askSignedOut(t.client(), { 'accept-language': 'fr, en;q=0.5' })).json()) as { message: string };
    expect(en.message).toBe('Please sign in first.');
  });

  it("keeps a visitor's choice in a cookie, over what the browser asks for, and refuses a language it does not have", async () => {
    const c = t.client();
    const refused = await c.put('/api/locale', { locale: 'fr' });
    expect(refused.status).toBe(400);
    const chosen = await c.put('/api/locale', { locale: 'es' });
    expect(chosen.status).toBe(200);
    expect(chosen.headers.get('set-cookie')).toMatch(/^lang=es;.*Path=\/.*SameSite=Lax/i);
    const body = (await (await askSignedOut(c, { 'accept-language': 'en-US' })).json()) as { message: string };
    expect(body.message).toMatch(/inicie sesión/i);
  });

  it('gives a new account the language its sign-up was made in, which its mail then uses', async () => {
    const email = uniqueEmail('es-signup');
    const c = t.client();
    await c.put('/api/locale', { locale: 'es' });
    await c.signUp(email);
    const [row] = await t.db.select({ locale: user.locale }).from(user).where(eq(user.email, email));
    expect(row?.locale).toBe('es');
    const other = uniqueEmail('en-signup');
    await t.client().signUp(other);
    const [english] = await t.db.select({ locale: user.locale }).from(user).where(eq(user.email, other));
    expect(english?.locale).toBe('en');
  });

  it("saves a member's choice, which wins over the browser's cookie and header, and stays after signing out and in", async () => {
    const member = await signedInMember(t);
    const c = member.c;
    expect((await expectAnswer(c.api.me.$get())).user?.locale).toBeNull();
    await expectAnswer(c.api.locale.$put({ json: { locale: 'es' } }));
    expect((await expectAnswer(c.api.me.$get())).user?.locale).toBe('es');
    // Another browser, which says English everywhere: the saved preference answers.
    const elsewhere = t.client();
    await elsewhere.signIn(member.email);
    expect((await expectAnswer(elsewhere.api.me.$get())).user?.locale).toBe('es');
    const refused = await elsewhere.put('/api/locale', { locale: 'xx' }, { cookie: 'lang=en', 'accept-language': 'en' });
    expect(((await refused.json()) as { fieldErrors: Record<string, string> }).fieldErrors.locale).not.toBe('Choose English or Spanish.');
    // Switching back to English is saved too.
    await expectAnswer(elsewhere.api.locale.$put({ json: { locale: 'en' } }));
    const again = t.client();
    await again.signIn(member.email);
    expect((await expectAnswer(again.api.me.$get())).user?.locale).toBe('en');
  });
});

describe("zod's own messages", () => {
  it("are worded in both languages when found, and answered in the asker's", () => {
    const parsed = z.object({ title: z.string().max(3), count: z.number() }).safeParse({ title: 'too long', count: 'x' });
    expect(parsed.success).toBe(false);
    const errors = fieldErrorsOf(parsed.error!);
    const english = translate(i18nFor('en'), errors.title!);
    const spanish = translate(i18nFor('es'), errors.title!);
    expect(english).toMatch(/too big/i);
    expect(spanish).toMatch(/demasiado grande/i);
    expect(translate(i18nFor('es'), errors.count!)).toMatch(/se esperaba número/i);
  });

  it("leave our schemas' own messages to the catalog", () => {
    const parsed = z.object({ name: z.string().min(1, 'Please enter a name') }).safeParse({ name: '' });
    expect(fieldErrorsOf(parsed.error!).name).toBe('Please enter a name');
  });
});
