import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, ElementContext, RunOptions } from 'axe-core';
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/** axe-core's browser build, read once per run. */
let axeSource: string | undefined;
const sourceOfAxe = () => (axeSource ??= fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));

const RUN_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  // Details of what passed are not read: only the violations are gathered node by node (a fifth less time a check).
  resultTypes: ['violations'],
  // Our pages have no frames of their own; the one frame a page shows (a mail's HTML, sandboxed) is not our page.
  iframes: false,
};

/**
 * WCAG 2.1 A and AA violations of serious or critical impact on the page as it is now, one line each
 * (`rule: targets`). `exclude` leaves out what is not our page (a mail's HTML in its sandboxed frame).
 *
 * axe-core runs in the page itself (decision 052): put in once per document, then run for each check. The
 * @axe-core/playwright wrapper put axe's 550 KB in again for every check and gathered every passing node's
 * details; the rules, the tags and so the violations are the same.
 */
export async function seriousViolations(page: Page, opts: { exclude?: string } = {}): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(sourceOfAxe());
  const context: ElementContext = opts.exclude ? { include: [['html']], exclude: [[opts.exclude]] } : { include: [['html']] };
  type Found = { id: string; impact: string | null | undefined; targets: string[] };
  // Handed to the page as plain data (Playwright's types for axe's option types run too deep).
  const args: { context: unknown; options: unknown } = { context, options: RUN_OPTIONS };
  const found: Found[] = await page.evaluate(async ({ context, options }: { context: unknown; options: unknown }) => {
    const { axe } = window as unknown as { axe: { run(c: unknown, o: unknown): Promise<AxeResults> } };
    const result = await axe.run(context, options);
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) }));
  }, args);
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.targets.join(', ')}`);
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
