import { z } from 'zod';
import { NATIONAL_CODE, SOURCE_URL_MAX, STATE_CODES, STATE_COUNT_MAX } from './states';

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
