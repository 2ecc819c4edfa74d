import { describe, expect, it } from 'vitest';
import { UNKNOWN_ZIP } from '../src/shared/churches';
import { openSite, useBrowser } from './support/browser';
import { seriousViolations } from './support/a11y';
import { expectNoPageErrors } from './support/journey';
import { signUpMember } from './support/members';

// "Tell me about needs near me" (issue 26): a member sets a ZIP code and a distance on the mail settings page,
// at desktop and phone widths. What the routing job then sends is tested in src/server/needs/routing.test.ts.

const browser = useBrowser();

describe('needs near me', () => {
  it('a member sets "needs near me" on /settings/notifications, sees it kept, and stops it; axe clean at 1280 and 390 px', async () => {
    const member = await openSite(browser());
    const { page } = member;
    await signUpMember(page, { prefix: 'needs-alert' });
    await page.goto('/settings/notifications');
    const section = page.getByRole('form', { name: 'Needs near me' });
    await section.waitFor();
    expect(await page.getByRole('checkbox', { name: 'Needs near you or your church' }).isChecked()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    // A ZIP code nobody knows: the server's sentence beside the field.
    const zip = section.getByRole('textbox', { name: 'ZIP code' });
    await zip.fill('00000');
    await section.getByRole('button', { name: 'Tell me' }).click();
    await section.getByText(UNKNOWN_ZIP).waitFor();
    expect(await zip.getAttribute('aria-invalid')).toBe('true');

    await zip.fill('65802');
    await section.getByRole('combobox', { name: 'Distance' }).selectOption('30');
    await section.getByRole('button', { name: 'Tell me' }).click();
    await section.getByText('Saved. You will hear of needs within 30 miles of Springfield, MO (65802).').waitFor();

    await page.reload();
    await section.getByText('Now: needs within 30 miles of Springfield, MO (65802).').waitFor();
    expect(await zip.inputValue()).toBe('65802');

    // On a phone: nothing scrolls sideways, and axe finds nothing serious.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);

    await section.getByRole('button', { name: 'Stop telling me' }).click();
    await section.getByText('Removed. You will not hear of needs near a ZIP code any more.').waitFor();
    await page.reload();
    await section.getByRole('button', { name: 'Tell me' }).waitFor();
    expect(await section.getByText(/^Now: /).count()).toBe(0);
    expectNoPageErrors(member.errors);
  });
});
