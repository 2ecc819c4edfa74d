import fs from 'node:fs';

// Debian's Chromium, as the end-to-end journeys and the page-speed benchmark launch it (decision 002: no browser is ever downloaded).

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/lib/chromium/chromium', '/usr/bin/chromium'].filter(Boolean) as string[];

export function chromiumPath(): string {
  const found = CANDIDATES.find((p) => fs.existsSync(p));
  if (!found) throw new Error('Chromium not found: apt-get install -y chromium (or set CHROMIUM_PATH)');
  return found;
}

/** Headless-safe flags: no sandbox as root, and none of the background traffic this closed network refuses. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * For browsers Playwright launches (it merges this list with its own --disable-features): no omnibox popup. Chromium
 * 156 opens two WebUI pages for the address bar's popup (chrome://omnibox-popup.top-chrome/) in a renderer of their
 * own for every window, even headless, where no address bar is ever shown: a third process per browser context, busy
 * for a second or more at each context's start, on a machine with two cores (seen with CDP's Target.getTargets).
 */
export const CHROMIUM_PLAYWRIGHT_ARGS = [...CHROMIUM_ARGS, '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup'];
