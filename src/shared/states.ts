// The 50 states plus DC, in the order people expect to see them in a select.
// NONE means 'unset' on a profile and never satisfies a required state.
export const US_STATES = [
  { code: 'AL', name: 'Alabama' },
  { code: 'AK', name: 'Alaska' },
  { code: 'AZ', name: 'Arizona' },
  { code: 'AR', name: 'Arkansas' },
  { code: 'CA', name: 'California' },
  { code: 'CO', name: 'Colorado' },
  { code: 'CT', name: 'Connecticut' },
  { code: 'DE', name: 'Delaware' },
  { code: 'DC', name: 'District of Columbia' },
  { code: 'FL', name: 'Florida' },
  { code: 'GA', name: 'Georgia' },
  { code: 'HI', name: 'Hawaii' },
  { code: 'ID', name: 'Idaho' },
  { code: 'IL', name: 'Illinois' },
  { code: 'IN', name: 'Indiana' },
  { code: 'IA', name: 'Iowa' },
  { code: 'KS', name: 'Kansas' },
  { code: 'KY', name: 'Kentucky' },
  { code: 'LA', name: 'Louisiana' },
  { code: 'ME', name: 'Maine' },
  { code: 'MD', name: 'Maryland' },
  { code: 'MA', name: 'Massachusetts' },
  { code: 'MI', name: 'Michigan' },
  { code: 'MN', name: 'Minnesota' },
  { code: 'MS', name: 'Mississippi' },
  { code: 'MO', name: 'Missouri' },
  { code: 'MT', name: 'Montana' },
  { code: 'NE', name: 'Nebraska' },
  { code: 'NV', name: 'Nevada' },
  { code: 'NH', name: 'New Hampshire' },
  { code: 'NJ', name: 'New Jersey' },
  { code: 'NM', name: 'New Mexico' },
  { code: 'NY', name: 'New York' },
  { code: 'NC', name: 'North Carolina' },
  { code: 'ND', name: 'North Dakota' },
  { code: 'OH', name: 'Ohio' },
  { code: 'OK', name: 'Oklahoma' },
  { code: 'OR', name: 'Oregon' },
  { code: 'PA', name: 'Pennsylvania' },
  { code: 'RI', name: 'Rhode Island' },
  { code: 'SC', name: 'South Carolina' },
  { code: 'SD', name: 'South Dakota' },
  { code: 'TN', name: 'Tennessee' },
  { code: 'TX', name: 'Texas' },
  { code: 'UT', name: 'Utah' },
  { code: 'VT', name: 'Vermont' },
  { code: 'VA', name: 'Virginia' },
  { code: 'WA', name: 'Washington' },
  { code: 'WV', name: 'West Virginia' },
  { code: 'WI', name: 'Wisconsin' },
  { code: 'WY', name: 'Wyoming' },
] as const;

export type StateCode = (typeof US_STATES)[number]['code'];
export const STATE_CODES = US_STATES.map((s) => s.code) as [StateCode, ...StateCode[]];
export const STATE_NONE = 'NONE';

export function stateName(code: string): string | undefined {
  return US_STATES.find((s) => s.code === code)?.name;
}

// ---- Children in foster care per state (the landing map and the fact sheets) ----------------------
// No zod here: the landing page imports this file and must not pull the validation library with it.

/** The national row of the per-state table; the map's default selection (product.md §3.2). */
export const NATIONAL_CODE = 'US';
export const NATIONAL_NAME = 'United States';
/** product.md §10.2. The database holds the figure shown; this is what it is seeded with. */
export const NATIONAL_COUNT = 410_308;
/** product.md §10.2: the network's target is 5% of a state's count, rounded up. */
export const NETWORK_TARGET_PERCENT = 5;
/** product.md §3.1 and §10.2: 20,000 of about 400,000 children cared for by member churches and families. */
export const NETWORK_GOAL = 20_000;
/** The largest count an admin may enter: more than any state has, small enough to catch a typo of zeros. */
export const STATE_COUNT_MAX = 2_000_000;
export const SOURCE_URL_MAX = 500;

/** A code of the per-state table: a state, DC or the national row. */
export type StatCode = StateCode | typeof NATIONAL_CODE;

export function isStatCode(code: string): code is StatCode {
  return code === NATIONAL_CODE || US_STATES.some((s) => s.code === code);
}

/**
 * The network's target for a count: ceil(count × 5%). Computed as ceil(count × 5 / 100) so the result
 * never depends on 0.05 having no exact binary form. Unknown counts have no target.
 */
export function networkTarget(count: number | null): number | null {
  if (count === null) return null;
  return Math.ceil((count * NETWORK_TARGET_PERCENT) / 100);
}

/**
 * A state's network figures are shown to visitors and members only when at least this many members stand
 * behind them: with one member, "1 foster family" would tell everyone that member's foster status.
 */
export const NETWORK_FIGURES_MIN_MEMBERS = 3;

/** What the pages say instead of figures with too few members behind them. */
export const NETWORK_FIGURES_HIDDEN = `fewer than ${NETWORK_FIGURES_MIN_MEMBERS}`;

// The shapes GET /api/states answers (StateStat, StatesResponse) are zod schemas in ./state-stat.ts, which
// the API's contracts check; import their types from there, so the landing's bundle carries no zod.

/** Where a state's fact sheet is served; `US` for the national one. */
export function factSheetUrl(code: string): string {
  return `/api/states/${code}/fact-sheet.pdf`;
}

/** The live topic of the per-state figures: an admin's correction of a count or its source. */
export const STATES_TOPIC = 'states';
