import type { Page } from 'playwright-core';

// Helpers the journeys that watch pages update live share.

/** Marks the page, so a test can tell later that it was never reloaded. */
export async function markPage(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
}

export async function wasNotReloaded(page: Page) {
  return page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);
}
