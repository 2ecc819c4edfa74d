// The 50 states plus DC, in the order people expect to see them in a select. Their names are English, the
// catalog's ids: the browser shows them in the reader's language (web/lib/state-names.ts); data keeps codes.
// NONE means 'unset' on a profile and never satisfies a required state.
export const US_STATES = [
  { code: 'AL', name: /*i18n*/ 'Alabama' },
  { code: 'AK', name: /*i18n*/ 'Alaska' },
  { code: 'AZ', name: /*i18n*/ 'Arizona' },
  { code: 'AR', name: /*i18n*/ 'Arkansas' },
  { code: 'CA', name: /*i18n*/ 'California' },
  { code: 'CO', name: /*i18n*/ 'Colorado' },
  { code: 'CT', name: /*i18n*/ 'Connecticut' },
  { code: 'DE', name: /*i18n*/ 'Delaware' },
  { code: 'DC', name: /*i18n*/ 'District of Columbia' },
  { code: 'FL', name: /*i18n*/ 'Florida' },
  { code: 'GA', name: /*i18n*/ 'Georgia' },
  { code: 'HI', name: /*i18n*/ 'Hawaii' },
  { code: 'ID', name: /*i18n*/ 'Idaho' },
  { code: 'IL', name: /*i18n*/ 'Illinois' },
  { code: 'IN', name: /*i18n*/ 'Indiana' },
  { code: 'IA', name: /*i18n*/ 'Iowa' },
  { code: 'KS', name: /*i18n*/ 'Kansas' },
  { code: 'KY', name: /*i18n*/ 'Kentucky' },
  { code: 'LA', name: /*i18n*/ 'Louisiana' },
  { code: 'ME', name: /*i18n*/ 'Maine' },
  { code: 'MD', name: /*i18n*/ 'Maryland' },
  { code: 'MA', name: /*i18n*/ 'Massachusetts' },
  { code: 'MI', name: /*i18n*/ 'Michigan' },
  { code: 'MN', name: /*i18n*/ 'Minnesota' },
  { code: 'MS', name: /*i18n*/ 'Mississippi' },
  { code: 'MO', name: /*i18n*/ 'Missouri' },
  { code: 'MT', name: /*i18n*/ 'Montana' },
  { code: 'NE', name: /*i18n*/ 'Nebraska' },
  { code: 'NV', name: /*i18n*/ 'Nevada' },
  { code: 'NH', name: /*i18n*/ 'New Hampshire' },
  { code: 'NJ', name: /*i18n*/ 'New Jersey' },
  { code: 'NM', name: /*i18n*/ 'New Mexico' },
  { code: 'NY', name: /*i18n*/ 'New York' },
  { code: 'NC', name: /*i18n*/ 'North Carolina' },
  { code: 'ND', name: /*i18n*/ 'North Dakota' },
  { code: 'OH', name: /*i18n*/ 'Ohio' },
  { code: 'OK', name: /*i18n*/ 'Oklahoma' },
  { code: 'OR', name: /*i18n*/ 'Oregon' },
  { code: 'PA', name: /*i18n*/ 'Pennsylvania' },
  { code: 'RI', name: /*i18n*/ 'Rhode Island' },
  { code: 'SC', name: /*i18n*/ 'South Carolina' },
  { code: 'SD', name: /*i18n*/ 'South Dakota' },
  { code: 'TN', name: /*i18n*/ 'Tennessee' },
  { code: 'TX', name: /*i18n*/ 'Texas' },
  { code: 'UT', name: /*i18n*/ 'Utah' },
  { code: 'VT', name: /*i18n*/ 'Vermont' },
  { code: 'VA', name: /*i18n*/ 'Virginia' },
  { code: 'WA', name: /*i18n*/ 'Washington' },
  { code: 'WV', name: /*i18n*/ 'West Virginia' },
  { code: 'WI', name: /*i18n*/ 'Wisconsin' },
  { code: 'WY', name: /*i18n*/ 'Wyoming' },
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
export const NATIONAL_NAME = /*i18n*/ 'United States';
/** product.md §10.2. The database holds the figure shown; this is what it is seeded with. */
export const NATIONAL_COUNT = 410_308;
/** product.md §10.2: the network's target is 5% of a state's count, rounded up. */
export const NETWORK_TARGET_PERCENT = 5;
/**
 * product.md §3.1 and §10.2: a goal of about 20,000 of the more than 400,000 children, cared for by member churches
 * and families. The headline rounds the exact 5% of the national count (20,516 of 410,308 in AFCARS FY2021): the
 * pages say "about" beside it and give the exact figures with their source (decision 047).
 */
export const NETWORK_GOAL = 20_000;
/** The headline's count of children in foster care: the exact one, rounded down, so "more than" stays true. */
export const HEADLINE_CHILDREN = 400_000;
/**
 * Who counted NATIONAL_COUNT and for which year, as the data file loads it (states.test.ts keeps them equal):
 * what the printables and the landing page say before (or without) the database's answer.
 */
export const NATIONAL_COUNT_CITATION = 'AFCARS FY2021';
/** The largest count an admin may enter: more than any state has, small enough to catch a typo of zeros. */
export const STATE_COUNT_MAX = 2_000_000;
export const SOURCE_URL_MAX = 500;
/** Who counted, as the pages print it beside the figure ("AFCARS", "Texas DFPS"): a name, not a sentence. */
export const COUNT_SOURCE_MAX = 60;
/** The years a count may be for: AFCARS began in 1995; a count cannot be for a year long after today's. */
export const COUNT_YEAR_MIN = 1995;
export const COUNT_YEAR_MAX = 2100;

/**
 * Where a count comes from and the (federal fiscal) year it is for, as the pages print it beside the figure:
 * "AFCARS FY2021". Null when the row names neither; the source alone or the year alone when only one is known.
 */
export function countCitation(stat: { countSource: string | null; countYear: number | null }): string | null {
  const year = stat.countYear === null ? null : `FY${stat.countYear}`;
  return [stat.countSource, year].filter((part) => part !== null && part !== '').join(' ') || null;
}

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
