import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAxeClean } from './support/a11y';
import { openSite, useBrowser } from './support/browser';
import { expectNoPageErrors, openPage } from './support/journey';
import { markPage, wasNotReloaded } from './support/live-page';
import { waitForMail } from './support/mail';
import { memberProfile, signUpMember, uniqueTag } from './support/members';

// Care teams (issue 27, part "teams"): a foster family starts its team, invites a helper found in the directory
// and shares a single-use link with another; both ask to join and the family, whose page is open, sees them
// appear without a reload and approves them; the family writes its details, which a helper without the
// confidentiality agreement does not see. Axe at a phone's width and a desktop's (expectAxeClean checks both).

const browser = useBrowser();

const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();

describe('care teams', () => {
  it('a family starts a team, invites by the directory and by link, approves both live; the details stay with the cleared', async () => {
    const lastName = uniqueTag('Fostera').replace(/[^A-Za-z]/g, '');
    // A name of words a phone's heading can wrap (the tags are one long word).
    const teamName = 'Our care team';
    const family = await openSite(browser(), { viewport: { width: 1280, height: 900 } });
    await signUpMember(family.page, {
      prefix: 'care-family',
      profile: memberProfile({ firstName: 'Dana', lastName, fosterParent: 'Yes', numberOfFosterKids: 2 }),
    });

    // /care, from the header's menu (which holds it without clipping at a desktop's width): the family starts
    // its team in one step.
    await openPage(family.page, '/dashboard');
    const menu = family.page.getByRole('navigation', { name: 'Main' });
    const dashboardLink = menu.getByRole('link', { name: 'Your dashboard' });
    // Once the page has settled (its header's parts come in as their code and data arrive).
    await expect
      .poll(async () => {
        const box = await dashboardLink.boundingBox();
        return box ? box.x + box.width : Infinity;
      })
      .toBeLessThanOrEqual(1280);
    await menu.getByRole('link', { name: 'Care teams' }).click();
    await family.page.waitForURL(/\/care$/);
    await family.page.getByRole('region', { name: 'Start a care team' }).waitFor();
    await expectAxeClean(family.page, 'care teams, before any team');
    await family.page.getByLabel('Team name').fill(teamName);
    await family.page.getByRole('button', { name: 'Start a care team' }).click();
    await family.page.waitForURL(/\/care\/\d+$/);
    const teamPath = new URL(family.page.url()).pathname;
    await expect.poll(visible(family.page, 'Members')).toBe(true);
    await expect.poll(() => family.page.getByRole('heading', { level: 1 }).textContent()).toBe(teamName);

    // A helper listed in the directory, invited by name.
    const helperLast = uniqueTag('Giver').replace(/[^A-Za-z]/g, '');
    const helper = await openSite(browser(), { viewport: { width: 390, height: 844 } });
    const { email: helperEmail } = await signUpMember(helper.page, {
      prefix: 'care-helper',
      profile: memberProfile({ firstName: 'Grace', lastName: helperLast, agAffiliated: 'Yes' }),
    });
    const invite = family.page.getByRole('region', { name: 'Invite' });
    await invite.getByLabel('Find a member by name').fill(helperLast);
    await invite.getByRole('button', { name: `Invite Grace ${helperLast} as family helper` }).click();
    await expect.poll(visible(family.page, /Invited\. They are told by email/)).toBe(true);
    const invitation = await waitForMail(helperEmail, (m) => m.subject.includes('invited you to a care team'));
    expect(invitation.text).toContain("the care team around Dana's family");

    // A single-use link for a second helper.
    await invite.getByRole('button', { name: 'Create an invitation link' }).click();
    const url = await invite.getByLabel('Invitation link').inputValue();
    expect(url).toMatch(/\/care\/join\/[A-Za-z0-9_-]{43}$/);
    await expectAxeClean(family.page, "the team's page with an invitation link ");
    await markPage(family.page);

    // The invited helper accepts from /care, on a phone.
    await openPage(helper.page, '/care');
    const card = helper.page.getByRole('region', { name: 'Invitations' });
    await card.getByText(teamName).waitFor();
    await expectAxeClean(helper.page, 'care teams with an invitation');
    await card.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(visible(helper.page, 'Waiting for approval')).toBe(true);

    // The second helper opens the link and asks to join.
    const joiner = await openSite(browser(), { viewport: { width: 390, height: 844 } });
    await signUpMember(joiner.page, { prefix: 'care-joiner', profile: memberProfile({ firstName: 'Hank', lastName: helperLast }) });
    await openPage(joiner.page, new URL(url).pathname);
    await joiner.page.getByRole('button', { name: 'Ask to join' }).waitFor();
    await expect.poll(visible(joiner.page, /Around Dana.s family/)).toBe(true);
    await expectAxeClean(joiner.page, 'an invitation link');
    await joiner.page.getByRole('button', { name: 'Ask to join' }).click();
    await expect.poll(visible(joiner.page, /You asked to join/)).toBe(true);
    await markPage(joiner.page);

    // The family's open page shows both, without a reload; the family approves them.
    const approveGrace = family.page.getByRole('button', { name: `Approve Grace ${helperLast}` });
    const approveHank = family.page.getByRole('button', { name: `Approve Hank ${helperLast}` });
    await expect.poll(() => approveGrace.isVisible()).toBe(true);
    await expect.poll(() => approveHank.isVisible()).toBe(true);
    expect(await wasNotReloaded(family.page)).toBe(true);
    await approveGrace.click();
    await expect.poll(() => approveGrace.isVisible()).toBe(false);
    await approveHank.click();
    await expect.poll(() => approveHank.isVisible()).toBe(false);
    // Hank's open page, waiting for approval, becomes the team's page without a reload.
    await expect.poll(visible(joiner.page, `Hank ${helperLast} (you)`)).toBe(true);
    expect(await wasNotReloaded(joiner.page)).toBe(true);
    await waitForMail(helperEmail, (m) => m.subject === `Welcome to “${teamName}”`);

    // The family writes its details; the helper, without the agreement, sees what they still need instead.
    await family.page.getByRole('button', { name: 'Edit the details' }).click();
    const details = family.page.getByRole('form', { name: "The family's details" });
    await details.getByLabel('Address for drop-offs').fill('12 Elm Street, Springfield');
    await details.getByLabel('Allergies and food preferences').fill('No peanuts');
    await details.getByLabel("Children's ages").fill('4, 9');
    await details.getByRole('button', { name: 'Save the details' }).click();
    await expect.poll(visible(family.page, '12 Elm Street, Springfield')).toBe(true);
    await expectAxeClean(family.page, "the team's page for the family", { noSidewaysScroll: true });

    await openPage(helper.page, teamPath);
    await expect.poll(visible(helper.page, /You still need: Confidentiality agreement/)).toBe(true);
    expect(await helper.page.getByText('12 Elm Street').count()).toBe(0);
    await expect.poll(visible(helper.page, `Grace ${helperLast} (you)`)).toBe(true);
    await expectAxeClean(helper.page, "the team's page for a helper", { noSidewaysScroll: true });

    // An outsider gets the same answer as for a team that does not exist.
    await openPage(joiner.page, '/care/999999');
    await expect.poll(visible(joiner.page, 'This care team does not exist, or you are not on it.')).toBe(true);

    for (const s of [family, helper, joiner]) {
      expectNoPageErrors(s.errors);
      await s.context.close();
    }
  });
});
