import { z } from 'zod';

export const PAGE_VIEW_PATH_MAX = 512;
export const PAGE_VIEW_REFERRER_MAX = 1024;

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const noControlCharacters = (s: string) => !/[\u0000-\u001f\u007f]/.test(s);

/**
 * Pages whose address holds a secret (a supervisor's single-use link, a care team's invitation link): the
 * secret is replaced by ':token' before a view is stored, so the admin's page views never show a working link.
 */
const SECRET_PATHS = /^(\/needs\/approve|\/care\/join)\/[^/]+/;

/**
 * POST /api/page-views. Only the path is kept: a query string or fragment can carry tokens (a password
 * reset link) or personal data, so both are cut off before anything is stored, and so is the secret of a
 * link whose secret is in its path.
 */
export const pageViewSchema = z.object({
  path: z
    .string({ error: 'path is required' })
    .min(1, 'path is required')
    .max(PAGE_VIEW_PATH_MAX, `path is at most ${PAGE_VIEW_PATH_MAX} characters`)
    .refine((s) => s.startsWith('/') && !s.startsWith('//'), 'path must start with a single /')
    .refine(noControlCharacters, 'path must not contain control characters')
    .transform((s) => s.split(/[?#]/, 1)[0]!.replace(SECRET_PATHS, '$1/:token')),
  /** Where the visitor came from: a path of this site, or another site's address (kept as origin and path). */
  referrer: z
    .string()
    .max(PAGE_VIEW_REFERRER_MAX, `referrer is at most ${PAGE_VIEW_REFERRER_MAX} characters`)
    .refine(noControlCharacters, 'referrer must not contain control characters')
    .nullish()
    .transform((s, ctx) => {
      if (!s) return null;
      if (s.startsWith('/') && !s.startsWith('//')) return s.split(/[?#]/, 1)[0]!.replace(SECRET_PATHS, '$1/:token');
      try {
        const url = new URL(s);
        if (url.protocol === 'http:' || url.protocol === 'https:') return `${url.origin}${url.pathname}`;
      } catch {
        // reported below
      }
      ctx.addIssue({ code: 'custom', message: 'referrer must be a path or an http(s) address' });
      return z.NEVER;
    }),
});
export type PageViewInput = z.input<typeof pageViewSchema>;

const countsSchema = { views: z.number().int(), visitors: z.number().int() };

/** GET /api/admin/page-views/summary. */
export const pageViewSummarySchema = z.object({
  days: z.number().int(),
  since: z.string(),
  ...countsSchema,
  byPath: z.array(z.object({ path: z.string(), ...countsSchema })),
  byDay: z.array(z.object({ day: z.string(), ...countsSchema })),
});
export type PageViewSummary = z.infer<typeof pageViewSummarySchema>;

export const pageViewSummaryQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(366).default(30) });
