import fs from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it, inject } from 'vitest';
import { pdfText } from '../src/server/testing/pdf-text';
import { seriousViolations } from './support/a11y';
import { openSite, useBrowser } from './support/browser';
import { expectNoPageErrors } from './support/journey';

const browser = useBrowser();

describe('resources', () => {
  it('a visitor downloads the flyer, an image to share, and finds a state’s fact sheet', async () => {
    const { page, errors } = await openSite(browser());
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Resources' }).click();
    await page.getByRole('heading', { name: 'To print' }).waitFor();

    const [flyer] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /^Download Four ways your church can help \(PDF, \d+ KB\)$/ }).click(),
    ]);
    expect(flyer.suggestedFilename()).toBe('four-ways-your-church-can-help.pdf');
    const text = (await pdfText(fs.readFileSync(await flyer.path()))).replace(/\s+/g, ' ');
    expect(text).toContain('Four ways your church can help children in foster care');
    expect(text).toContain(`${inject('baseUrl')}/signup`);

    const [image] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /^Download Every child deserves a family that stays \(PNG/ }).click(),
    ]);
    const meta = await sharp(fs.readFileSync(await image.path())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1080, 1080]);
    expect(
      await page
        .getByRole('img', { name: /Every child deserves a family that stays/ })
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBe(480);
    // Each printable shows its real first page, drawn by the server (issue 29), not a generic icon.
    const firstPage = page.getByRole('img', { name: 'First page of “Four ways your church can help”' });
    await firstPage.scrollIntoViewIfNeeded();
    await expect.poll(() => firstPage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(400);

    await page.getByLabel('Fact sheet for').selectOption('VT');
    expect(await page.getByRole('link', { name: 'Vermont fact sheet (PDF)' }).getAttribute('href')).toBe('/api/states/VT/fact-sheet.pdf');
    expectNoPageErrors(errors);
  });

  it('has no serious accessibility problems, at desktop and phone widths', async () => {
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const { page } = await openSite(browser(), { viewport });
      await page.goto('/resources');
      await page.getByRole('heading', { name: 'To share online' }).waitFor();
      expect(await seriousViolations(page), `${viewport.width}px`).toEqual([]);
    }
  });
});
