import { z } from 'zod';
import { COUNT_SOURCE_MAX, COUNT_YEAR_MAX, COUNT_YEAR_MIN, NATIONAL_CODE, SOURCE_URL_MAX, STATE_CODES, STATE_COUNT_MAX } from './states';

/** PUT /api/admin/states/:code: an admin corrects a count (null = "not available") or its source. */
export const stateStatUpdateSchema = z.object({
  count: z
    .number({ error: /*i18n*/ 'Enter a whole number, or nothing for "not available"' })
    .int(/*i18n*/ 'Enter a whole number')
    .min(0, /*i18n*/ 'A count cannot be negative')
    // The limits are written out in the messages, which are the catalog's ids (state-stat.test.ts keeps them equal).
    .max(STATE_COUNT_MAX, /*i18n*/ 'A count is at most 2,000,000')
    .nullable(),
  sourceUrl: z
    .string()
    .trim()
    .max(SOURCE_URL_MAX, /*i18n*/ 'At most 500 characters')
    .pipe(z.url({ protocol: /^https?$/, error: /*i18n*/ 'Enter an http or https address' }))
    .nullable(),
  /** Who counted, printed beside the figure ("AFCARS"); null when not known. */
  countSource: z
    .string()
    .trim()
    .min(1, /*i18n*/ 'Name the source, or leave it empty')
    .max(COUNT_SOURCE_MAX, /*i18n*/ 'At most 60 characters')
    .nullable(),
  /** The (federal fiscal) year the count is for: 2021 for "AFCARS FY2021"; null when not known. */
  countYear: z
    .number({ error: /*i18n*/ 'Enter a year like 2021, or nothing' })
    .int(/*i18n*/ 'Enter a year like 2021, or nothing')
    .min(COUNT_YEAR_MIN, /*i18n*/ 'Enter a year from 1995 on')
    .max(COUNT_YEAR_MAX, /*i18n*/ 'Enter a year like 2021, or nothing')
    .nullable(),
});
export type StateStatUpdate = z.output<typeof stateStatUpdateSchema>;

// ---- What GET /api/states answers (types re-exported by ./states.ts, which must stay free of zod) -------

/** What the network itself does in a state (or nationally): members with a saved profile there. */
export const networkFiguresSchema = z.object({
  members: z.number().int(),
  /** Members who say they are foster parents. */
  fosterFamilies: z.number().int(),
  /** The sum of the members' numberOfFosterKids. */
  fosterChildren: z.number().int(),
});
export type NetworkFigures = z.infer<typeof networkFiguresSchema>;

export const stateStatSchema = z
  .object({
    code: z.enum([NATIONAL_CODE, ...STATE_CODES]),
    name: z.string(),
    /** Null when unknown: shown as "not available", never 0. */
    count: z.number().int().nullable(),
    target: z.number().int().nullable(),
    sourceUrl: z.string().nullable(),
    /** Who counted ("AFCARS") and the year the count is for (2021): the pages print "AFCARS FY2021" beside it. */
    countSource: z.string().nullable(),
    countYear: z.number().int().nullable(),
    /** ISO time of the last change of the count or source. */
    updatedAt: z.iso.datetime(),
    /**
     * Null when fewer than NETWORK_FIGURES_MIN_MEMBERS members stand behind the figures (admins always get
     * them): the pages say "fewer than 3".
     */
    network: networkFiguresSchema.nullable(),
    /** The network's active churches there (a church is a public place: no small-number rule). */
    churches: z.number().int(),
  })
  .meta({ id: 'StateStat' });
export type StateStat = z.infer<typeof stateStatSchema>;

/** GET /api/states. */
export const statesResponseSchema = z
  .object({
    national: stateStatSchema,
    /** The 50 states and DC, alphabetical by name. */
    states: z.array(stateStatSchema),
    goal: z.number().int(),
    source: z.string(),
  })
  .meta({ id: 'StatesResponse' });
export type StatesResponse = z.infer<typeof statesResponseSchema>;
