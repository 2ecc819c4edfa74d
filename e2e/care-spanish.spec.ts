import { describe, expect, it } from 'vitest';
import { expectAxeClean } from './support/a11y';
import { openSite, useBrowser } from './support/browser';
import { expectNoPageErrors, openPage } from './support/journey';
import { memberProfile, signUpMember, uniqueTag } from './support/members';

// The care teams in Spanish (issue 28): a signed-in foster parent who chose Spanish (saved, and the `lang` cookie)
// reads /care in Spanish, clean under axe at a phone's width and a desktop's.

const browser = useBrowser();

describe('care teams in Spanish', () => {
  it('shows /care in Spanish to a member whose browser chose it', async () => {
    const session = await openSite(browser(), { viewport: { width: 1280, height: 900 } });
    const { page, context } = session;
    await signUpMember(page, {
      prefix: 'care-es',
      profile: memberProfile({
        firstName: 'Inés',
        lastName: uniqueTag('Idioma').replace(/[^A-Za-z]/g, ''),
        fosterParent: 'Yes',
        numberOfFosterKids: 1,
      }),
    });
    // Signing up kept the language the member signed up in (English). Choosing Spanish (what the header's
    // switcher sends) saves it for them and sets this browser's `lang` cookie; the next page load follows both.
    await openPage(page, '/care');
    const status = await page.evaluate(async () => {
      const res = await fetch('/api/locale', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"locale":"es"}' });
      return res.status;
    });
    expect(status).toBe(200);
    expect((await context.cookies()).find((c) => c.name === 'lang')?.value).toBe('es');
    await openPage(page, '/care');
    await page.getByRole('heading', { level: 1, name: 'Equipos de cuidado' }).waitFor();
    await page.getByRole('region', { name: 'Formar un equipo de cuidado' }).waitFor();
    expect(await page.getByLabel('Nombre del equipo').count()).toBe(1);
    await page.getByRole('region', { name: 'Suscripción de calendario' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    await expectAxeClean(page, 'care teams in Spanish');
    expectNoPageErrors(session.errors);
  });
});
