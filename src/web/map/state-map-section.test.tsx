import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChurchMapResponse } from '../../shared/churches';
import type { StateStat, StatesResponse } from '../../shared/state-stat';
import { renderWithSite } from '../testing/render';
import StateMapSection from './state-map-section';

// The US map's layer toggle and its churches layer (issue 25). happy-dom has no server: the test answers the
// two requests the map makes at the browser's edge (fetch) and notes which were made; all of ours runs for real.

const stat = (code: StateStat['code'], name: string, count: number, churches: number): StateStat => ({
  code,
  name,
  count,
  target: Math.ceil(count * 0.05),
  sourceUrl: null,
  countSource: 'AFCARS',
  countYear: 2021,
  updatedAt: '2026-01-01T00:00:00.000Z',
  network: null,
  churches,
});

const STATES: StatesResponse = {
  national: stat('US', 'United States', 410_308, 5),
  states: [stat('KS', 'Kansas', 7_000, 1), stat('MO', 'Missouri', 13_000, 4), stat('NH', 'New Hampshire', 1_211, 0)],
  goal: 20_000,
  source: 'Test figures.',
};

const CHURCH_MAP: ChurchMapResponse = {
  groups: [
    {
      x: 546.4,
      y: 338.4,
      state: 'MO',
      count: 3,
      churches: [
        { id: 11, name: 'Abundant Life', city: 'Springfield' },
        { id: 12, name: 'First Assembly', city: 'Springfield' },
        { id: 13, name: 'Grace Chapel', city: 'Nixa' },
      ],
    },
    { x: 522, y: 295.3, state: 'KS', count: 1, churches: [{ id: 21, name: 'Crossroads Church', city: 'Kansas City' }] },
    { x: 600, y: 303.4, state: 'MO', count: 1, churches: [{ id: 31, name: 'Gateway Church', city: 'Saint Louis' }] },
  ],
  byState: { KS: 1, MO: 4 },
  total: 5,
};

const asked: string[] = [];
beforeEach(() => {
  asked.length = 0;
  // The focus trap finds nothing focusable in a popover happy-dom hides (see popover() below), and says so with
  // the whole element: that one warning is left out of the output.
  const warn = console.warn.bind(console);
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (String(args[0]).includes('use-focus-trap')) return;
    warn(...args);
  });
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const path = new URL(input instanceof Request ? input.url : String(input), 'http://site.test').pathname;
    asked.push(path);
    if (path === '/api/states') return Promise.resolve(Response.json(STATES));
    if (path === '/api/churches/map') return Promise.resolve(Response.json(CHURCH_MAP));
    return Promise.resolve(Response.json({ code: 'NOT_FOUND', message: 'Not here' }, { status: 404 }));
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderMap() {
  const site = renderWithSite(<StateMapSection />);
  await screen.findByRole('group', { name: 'Map of the United States' });
  return site;
}

const marker = (name: string) => screen.findByRole('button', { name });
/**
 * The open popover, whose title (its aria-labelledby) says `name`. happy-dom lays nothing out, so the popover's
 * placement finds its marker out of view and hides it (display: none), and a hidden element has no accessible
 * name: it is found among hidden elements and its title read here; e2e/church-map.spec.ts sees it in Chromium.
 */
async function popover(name: string): Promise<HTMLElement> {
  const dialog = await screen.findByRole('dialog', { hidden: true });
  expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).toBe(name);
  return dialog;
}

describe("the counts' source and year", () => {
  it('names who counted and for which year beside the count and in the legend, not today', async () => {
    await renderMap();
    expect(screen.getByText('Children in foster care, AFCARS FY2021', { selector: 'dt' })).toBeTruthy();
    expect(screen.getByText('Children in foster care, AFCARS FY2021', { selector: 'p' })).toBeTruthy();
  });
});

describe('the map layer toggle', () => {
  it('shows the children in foster care first, and the churches (fetched only then) when chosen', async () => {
    const { user } = await renderMap();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Children in foster care' }).checked).toBe(true);
    expect(screen.getByRole('radiogroup', { name: 'Show on the map' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Missouri, 13,000 children in foster care' })).toBeTruthy();
    expect(asked).not.toContain('/api/churches/map');

    await user.click(screen.getByRole('radio', { name: 'Churches in the network' }));
    expect(await marker('3 churches near Springfield, MO')).toBeTruthy();
    expect(await marker('Crossroads Church, Kansas City, KS')).toBeTruthy();
    expect(asked.filter((p) => p === '/api/churches/map')).toHaveLength(1);
    // The states are named by their churches now, and the counts are a list too.
    expect(screen.getByRole('button', { name: 'Missouri, 4 churches in the network' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New Hampshire, 0 churches in the network' })).toBeTruthy();
    expect(screen.getByText('Churches in the network: 5')).toBeTruthy();
    const list = screen.getByText('Churches by state, as a list').closest('details')!;
    expect(within(list).getByRole('link', { name: 'Missouri: 4 churches' }).getAttribute('href')).toBe('/churches?state=MO');
    expect(within(list).getByRole('link', { name: 'Kansas: 1 church' }).getAttribute('href')).toBe('/churches?state=KS');

    await user.click(screen.getByRole('radio', { name: 'Children in foster care' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: '3 churches near Springfield, MO' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Missouri, 13,000 children in foster care' })).toBeTruthy();
  });

  it("names a chosen state's active churches in its panel and links to them", async () => {
    const { user } = await renderMap();
    expect(screen.getByTestId('map-churches').textContent).toBe(
      '5 churches are active in the network in the United States. See churches in the United States',
    );
    await user.selectOptions(screen.getByLabelText('Choose a state'), 'MO');
    const panel = screen.getByTestId('map-churches');
    expect(panel.textContent).toContain('4 churches are active in the network in Missouri.');
    expect(within(panel).getByRole('link', { name: 'See churches in Missouri' }).getAttribute('href')).toBe('/churches?state=MO');
    await user.selectOptions(screen.getByLabelText('Choose a state'), 'NH');
    expect(screen.getByTestId('map-churches').textContent).toBe('No church in New Hampshire has joined the network yet.');
  });
});

describe("the churches layer's markers", () => {
  it('open with Enter, list their churches with links, close with Escape, and pass focus on with the arrows', async () => {
    const { user } = await renderMap();
    await user.click(screen.getByRole('radio', { name: 'Churches in the network' }));
    const springfield = await marker('3 churches near Springfield, MO');
    springfield.focus();

    await user.keyboard('{Enter}');
    const dialog = await popover('3 churches near Springfield, MO');
    const links = within(dialog).getAllByRole('link', { hidden: true });
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Abundant Life', '/churches/11'],
      ['First Assembly', '/churches/12'],
      ['Grace Chapel', '/churches/13'],
    ]);
    expect(springfield.getAttribute('aria-expanded')).toBe('true');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(springfield));

    // West to east: Kansas City, Springfield, Saint Louis; the arrows wrap around.
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(await marker('Gateway Church, Saint Louis, MO'));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(await marker('Crossroads Church, Kansas City, KS'));
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(await marker('Gateway Church, Saint Louis, MO'));

    await user.keyboard(' ');
    const one = await popover('A church in Saint Louis, MO');
    expect(within(one).getByRole('link', { name: 'Gateway Church', hidden: true }).getAttribute('href')).toBe('/churches/31');
  });

  it('opens with a click too', async () => {
    const { user } = await renderMap();
    await user.click(screen.getByRole('radio', { name: 'Churches in the network' }));
    await user.click(await marker('Crossroads Church, Kansas City, KS'));
    const dialog = await popover('A church in Kansas City, KS');
    expect(within(dialog).getByRole('link', { name: 'Crossroads Church', hidden: true }).getAttribute('href')).toBe('/churches/21');
  });
});
