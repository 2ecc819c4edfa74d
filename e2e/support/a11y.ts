import { AxeBuilder } from '@axe-core/playwright';
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/**
 * WCAG 2.1 A and AA violations of serious or critical impact on the page as it is now, one line each
 * (`rule: targets`). `exclude` leaves out what is not our page (a mail's HTML in its sandboxed frame).
 *
 * In axe's legacy mode: axe runs in the page itself, instead of running in each frame and then gathering the
 * results in a blank page it opens for the purpose (a new renderer for every check). Same rules, same results on
 * our pages, which have no frames of their own to check; about 0.6 s less per check, in about 200 checks a run.
 */
export async function seriousViolations(page: Page, opts: { exclude?: string } = {}): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).setLegacyMode(true);
  if (opts.exclude) builder = builder.exclude(opts.exclude);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** What a screen reader reads with the field besides its label: the texts its aria-describedby names. */
export async function descriptionOf(field: Locator): Promise<string> {
  const ids = (await field.getAttribute('aria-describedby')) ?? '';
  return field.page().evaluate(
    (list) =>
      list
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    ids,
  );
}

/**
 * Axe finds nothing serious at a phone's width (390 px) and a desktop's (1280 px), the pointer off the page so no
 * button is measured in its hover colours; with `noSidewaysScroll`, neither width scrolls sideways either.
 * `exclude` leaves out what is not our page. Ends at 1280 px.
 */
export async function expectAxeClean(
  page: Page,
  where: string,
  opts: { exclude?: string; noSidewaysScroll?: boolean } = {},
): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.mouse.move(0, 0);
    expect(await seriousViolations(page, opts), `${where} at ${width} px`).toEqual([]);
    if (opts.noSidewaysScroll) {
      const scrolled = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrolled, `${where} at ${width} px scrolls sideways`).toBeLessThanOrEqual(width);
    }
  }
}
