import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './support/a11y';
import { openSite, useBrowser } from './support/browser';
import { uniqueEmail } from './support/members';
import { expectNoPageErrors, signUpViaForm } from './support/journey';

const browser = useBrowser();
let dir: string;
let photoFile: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fn-photo-'));
  // A 1200×800 photo in four colours with a white patch in the middle, and GPS in its EXIF like a phone's.
  const quarter = (background: string) =>
    sharp({ create: { width: 600, height: 400, channels: 3, background } })
      .png()
      .toBuffer();
  photoFile = path.join(dir, 'family.jpg');
  await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#00979b' } })
    .composite([
      { input: await quarter('#e5a26b'), left: 0, top: 0 },
      { input: await quarter('#f1dc8e'), left: 600, top: 0 },
      { input: await quarter('#272e2e'), left: 0, top: 400 },
      {
        input: await sharp({ create: { width: 200, height: 200, channels: 3, background: '#ffffff' } })
          .png()
          .toBuffer(),
        left: 500,
        top: 300,
      },
    ])
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '42/1 21/1 3000/100' } })
    .toFile(photoFile);
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
});

async function choosePhoto(page: Page, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /choose (a|another) photo/i }).click();
  await (await chooser).setFiles(file);
}

/** The share of (nearly) white pixels in an image. */
async function whiteShare(image: Buffer) {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  let white = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if (data[i]! > 235 && data[i + 1]! > 235 && data[i + 2]! > 235) white++;
  }
  return white / (info.width * info.height);
}

describe('the profile photo', () => {
  it('choose → zoom to 2.5 by keyboard → save: the dashboard shows the new 512-pixel photo', async () => {
    const { page, errors } = await openSite(browser());
    await signUpViaForm(page, uniqueEmail('photo'));
    await page.goto('/dashboard');
    const blank = page.getByRole('img', { name: 'Blank profile picture' });
    await blank.waitFor();
    expect(await blank.getAttribute('src')).toBe('/images/blank-avatar.svg');
    await page.getByRole('link', { name: 'Add a profile picture' }).click();
    await page.waitForURL('**/update-profile-image');

    await choosePhoto(page, photoFile);
    const zoom = page.getByRole('slider', { name: 'Zoom' });
    await zoom.waitFor();
    expect(await zoom.getAttribute('aria-valuemin')).toBe('1');
    expect(await zoom.getAttribute('aria-valuemax')).toBe('3');
    expect(await zoom.getAttribute('aria-valuenow')).toBe('1');
    await zoom.focus();
    for (let i = 0; i < 15; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(() => zoom.getAttribute('aria-valuenow')).toBe('2.5');

    // The crop square moves with the arrow keys too.
    await page.getByRole('group', { name: 'Crop square' }).focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowLeft');

    const preview = page.getByRole('img', { name: 'Preview of the crop, as members will see you' });
    await expect.poll(() => preview.isVisible()).toBe(true);
    expect(await seriousViolations(page), 'photo page with the cropper').toEqual([]);

    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/profile/photo') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Save photo' }).click();
    const response = await uploaded;
    expect(response.status()).toBe(200);
    const { photoUrl } = (await response.json()) as { photoUrl: string };
    expect(photoUrl).toMatch(/^\/api\/photos\/[A-Za-z0-9_-]+\?v=1$/);

    await page.waitForURL('**/dashboard');
    await expect.poll(() => page.getByText('Your profile picture has been saved.').isVisible()).toBe(true);
    const photo = page.getByRole('img', { name: 'Your profile picture' });
    await expect.poll(() => photo.getAttribute('src')).toBe(photoUrl);
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(512);

    const stored = Buffer.from(await (await page.request.get(photoUrl)).body());
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    // Zoomed 2.5×, the square is 800 / 2.5 = 320 pixels of the original a side, so the 200-pixel white patch in
    // the middle fills about 40% of the photo (at zoom 1 it would be about 6%).
    expect(await whiteShare(stored)).toBeGreaterThan(0.3);
    expect(await whiteShare(stored)).toBeLessThan(0.5);

    // A second photo gets a new address, so it shows at once.
    await page.getByRole('link', { name: 'Change profile picture' }).click();
    await page.waitForURL('**/update-profile-image');
    await choosePhoto(page, photoFile);
    await page.getByRole('button', { name: 'Save photo' }).click();
    await page.waitForURL('**/dashboard');
    await expect.poll(() => page.getByRole('img', { name: 'Your profile picture' }).getAttribute('src')).toMatch(/\?v=2$/);
    expectNoPageErrors(errors);
  });

  it('refuses a file that is not a JPEG, PNG or WebP image', async () => {
    const { page } = await openSite(browser());
    await signUpViaForm(page, uniqueEmail('photo-pdf'));
    await page.goto('/update-profile-image');
    const pdf = path.join(dir, 'notes.pdf');
    fs.writeFileSync(pdf, '%PDF-1.4\n%%EOF\n');
    await choosePhoto(page, pdf);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Choose a JPEG, PNG or WebP image.' }).isVisible()).toBe(true);

    // Renamed to .jpg it gets past the browser's check; the server reads the content and says no.
    const renamed = path.join(dir, 'holiday.jpg');
    fs.writeFileSync(renamed, '%PDF-1.4\n%%EOF\n');
    await choosePhoto(page, renamed);
    // The browser cannot show it either, so it says so and there is nothing to save.
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'could not be opened as an image' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save photo' }).count()).toBe(0);
  });

  it('asks visitors to sign in', async () => {
    const { page, errors } = await openSite(browser());
    await page.goto('/update-profile-image');
    await page.getByRole('heading', { name: 'Profile Picture' }).waitFor();
    expect(await page.getByRole('button', { name: /choose a photo/i }).count()).toBe(0);
    await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/signin' && url.searchParams.get('next') === '/update-profile-image');
    expect(await seriousViolations(page)).toEqual([]);
    expectNoPageErrors(errors);
  });

  it('fits a phone screen', async () => {
    const { page, errors } = await openSite(browser(), { viewport: { width: 390, height: 844 } });
    await signUpViaForm(page, uniqueEmail('photo-phone'));
    await page.goto('/update-profile-image');
    await choosePhoto(page, photoFile);
    await page.getByRole('slider', { name: 'Zoom' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect.poll(() => page.getByRole('button', { name: 'Save photo' }).isVisible()).toBe(true);
    expectNoPageErrors(errors);
  });
});
