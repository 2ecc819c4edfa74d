import { z } from 'zod';
import { SOURCE_URL_MAX, STATE_COUNT_MAX } from './states';

/** PUT /api/admin/states/:code: an admin corrects a count (null = "not available") or its source. */
export const stateStatUpdateSchema = z.object({
  count: z
    .number({ error: 'Enter a whole number, or nothing for "not available"' })
    .int('Enter a whole number')
    .min(0, 'A count cannot be negative')
    .max(STATE_COUNT_MAX, `A count is at most ${STATE_COUNT_MAX.toLocaleString('en-US')}`)
    .nullable(),
  sourceUrl: z
    .string()
    .trim()
    .max(SOURCE_URL_MAX, `At most ${SOURCE_URL_MAX} characters`)
    .pipe(z.url({ protocol: /^https?$/, error: 'Enter an http or https address' }))
    .nullable(),
});
export type StateStatUpdate = z.output<typeof stateStatUpdateSchema>;
