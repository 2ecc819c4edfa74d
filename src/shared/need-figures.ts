import { z } from 'zod';
import { NETWORK_FIGURES_MIN_MEMBERS } from './states';

// The needs board's figures (issue 26): what the map's "Open needs" layer, the landing page's band, a church's
// page and the admin's overview count. A need counts as met when its asker (or an admin) recorded it met or partly
// met; its value is what was committed to it. Children served stand for people: under the small-number rule a
// public figure for fewer than 3 of them is not shown (null), and the pages say "fewer than 3".

/** The outcomes that count a need as met in every figure. */
export const NEED_MET_OUTCOMES = ['met', 'partly_met'] as const;

/** People behind a public figure below this are not shown: the network's one small-number rule. */
export const NEED_FIGURES_MIN_PEOPLE = NETWORK_FIGURES_MIN_MEMBERS;

/** A count of people, or null where it stands for 1 or 2 of them (none identifies nobody). */
export const smallNumberRule = (n: number): number | null => (n > 0 && n < NEED_FIGURES_MIN_PEOPLE ? null : n);

/** GET /api/needs/figures: the map's layer and the landing page's band, the same for everyone. */
export const needFiguresSchema = z
  .object({
    /** Open needs per state (states with none are left out), and in all. */
    openByState: z.record(z.string(), z.number().int()),
    open: z.number().int(),
    /** The calendar year (UTC) the band counts. */
    year: z.number().int(),
    thisYear: z.object({
      /** Needs recorded met or partly met this year. */
      needsMet: z.number().int(),
      /** Children those needs served; null when fewer than 3. */
      childrenServed: z.number().int().nullable(),
      /** Whole dollars committed to those needs. */
      valueProvided: z.number().int(),
      /** Churches with a commitment made this year (for the church, or by one of its confirmed members). */
      churchesResponded: z.number().int(),
    }),
  })
  .meta({ id: 'NeedFigures' });
export type NeedFigures = z.infer<typeof needFiguresSchema>;

/** A church's part in the needs board, on its page. */
export const churchNeedFiguresSchema = z.object({
  /** Needs it committed units to (for the church, or through one of its confirmed members). */
  responded: z.number().int(),
  /** Of those, the needs recorded met or partly met. */
  met: z.number().int(),
  /** Children the met ones served; null when fewer than 3. */
  childrenServed: z.number().int().nullable(),
  /** Whole dollars of its commitments not withdrawn. */
  valueCommitted: z.number().int(),
});
export type ChurchNeedFigures = z.infer<typeof churchNeedFiguresSchema>;

const month = z.string().regex(/^\d{4}-\d{2}$/);

/** The admin overview's needs: asked and met per month, and how fast needs found help, by state. */
export const adminNeedFiguresSchema = z.object({
  /** The last 12 UTC months, oldest first, zeros included: needs asked (written) and needs met (closed met or partly met). */
  byMonth: z.array(z.object({ month, asked: z.number().int(), met: z.number().int() })),
  /**
   * Median hours from approval to the first commitment, and to every unit committed, over the needs approved in
   * the last 12 months; the national row first, then states with approved needs by name. Null where no need got there.
   */
  times: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      approved: z.number().int(),
      firstCommitment: z.object({ needs: z.number().int(), medianHours: z.number().nullable() }),
      met: z.object({ needs: z.number().int(), medianHours: z.number().nullable() }),
    }),
  ),
});
export type AdminNeedFigures = z.infer<typeof adminNeedFiguresSchema>;
