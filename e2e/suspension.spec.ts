import { describe, expect, it } from 'vitest';
import { ACCOUNT_SUSPENDED_MESSAGE } from '../src/shared/account';
import { seriousViolations } from './support/a11y';
import { openSite, useBrowser } from './support/browser';
import { expectNoPageErrors, signInViaForm } from './support/journey';
import { waitForMail } from './support/mail';
import { memberProfile, signInAsAdmin, signUpMember, uniqueTag } from './support/members';

const browser = useBrowser();

describe('suspension', () => {
  it('an admin suspends a member with a reason: the member is signed out, refused, and told; then it is lifted', async () => {
    const member = await openSite(browser());
    const tag = uniqueTag('Susp');
    const { email } = await signUpMember(member.page, { profile: memberProfile({ firstName: tag }) });
    await member.page.goto('/dashboard');
    await member.page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

    const admin = await openSite(browser());
    await signInAsAdmin(admin.page);
    await admin.page.goto(`/admin/profiles?q=${tag}`);
    // The first row is the member's; the second, once opened, their details.
    const row = admin.page.getByRole('row', { name: new RegExp(tag) }).first();
    await row.getByRole('button', { name: /^Details/ }).click();
    await admin.page.getByRole('button', { name: `Suspend ${tag} Member` }).click();
    const dialog = admin.page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await expect.poll(() => dialog.getByText('Reason is required').isVisible()).toBe(true);
    await dialog.getByLabel(/^Reason/).fill('Asked members for money.');
    expect(await seriousViolations(admin.page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await row.getByText('Suspended', { exact: true }).waitFor();
    await expect.poll(() => admin.page.getByText('Reason: Asked members for money.').isVisible()).toBe(true);

    // The member's session ended at once; signing in again is refused, saying why and where to turn.
    await member.page.goto('/dashboard');
    await member.page.waitForURL('**/signin**');
    await signInViaForm(member.page, email);
    const alert = member.page.getByRole('alert').filter({ hasText: 'Failed to sign in' });
    await expect.poll(() => alert.getByText(ACCOUNT_SUSPENDED_MESSAGE).isVisible()).toBe(true);
    expect((await waitForMail(email, (m) => /is suspended/.test(m.subject))).text).toContain('Asked members for money.');

    await admin.page.getByRole('button', { name: `Lift the suspension of ${tag} Member` }).click();
    await expect.poll(() => row.getByText('Suspended', { exact: true }).count()).toBe(0);
    await signInViaForm(member.page, email);
    await member.page.waitForURL('**/dashboard');
    expectNoPageErrors(member.errors);
    expectNoPageErrors(admin.errors);
  });
});
