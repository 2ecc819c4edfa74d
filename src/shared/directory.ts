import { z } from 'zod';
import { publicProfileSchema } from './profile';
import { STATE_CODES, type StateCode } from './states';
import { queryTextOf, textOf } from './text';

// The member directory (product.md §3.12, issue 5): members whose ag_affiliated is Yes, by last name,
// searched and filtered on the server, and the email-the-member box. Limits are ours (product.md §10.3).

export const DIRECTORY_PAGE_SIZE = 24;
/** The search box: more would only make slower queries, never better matches. */
export const DIRECTORY_QUERY_MAX = 100;
export const DIRECTORY_TERMS_MAX = 8;
/** A message through the email-the-member box. */
export const MEMBER_MESSAGE_MAX = 5000;
/** Per sender: generous for writing to a few people, tight for a script working down the list. */
export const MEMBER_MESSAGES_PER_HOUR = 20;
export const MEMBER_MESSAGES_PER_DAY = 60;
/** Whom a member wrote to is not listed (or the id cannot be anyone's). */
export const NOT_IN_DIRECTORY = /*i18n*/ 'This member is not in the directory (any more).';

/** The filters as they appear in the page's address and in GET /api/directory. */
export type DirectoryFilter = {
  q: string;
  foster: boolean;
  credentialed: boolean;
  /** A state's code, or '' for every state. */
  state: StateCode | '';
};

export const EMPTY_DIRECTORY_FILTER: DirectoryFilter = { q: '', foster: false, credentialed: false, state: '' };

/** A filter switch: `1` (or `true`) turns it on; absent, empty, `0` or `false` leave it off. */
const flag = z
  .enum(['1', '0', 'true', 'false', ''], { error: /*i18n*/ 'Use 1 to turn this filter on, or leave it out' })
  .optional()
  .transform((v) => v === '1' || v === 'true');

/** GET /api/directory: the filters, and `after` (the previous page's nextCursor) to continue the list. */
export const directoryQuerySchema = z.object({
  q: queryTextOf('Search words', DIRECTORY_QUERY_MAX).transform((s) => s ?? ''),
  foster: flag,
  credentialed: flag,
  state: z
    .string()
    .optional()
    .transform((s) => s?.trim().toUpperCase() ?? '')
    .pipe(z.union([z.literal(''), z.enum(STATE_CODES)], { error: /*i18n*/ 'Choose a state by its two-letter code' })),
  after: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,1200}$/, /*i18n*/ 'Not a list position')
    .optional(),
});
export type DirectoryQuery = z.output<typeof directoryQuerySchema>;

/** The words a search looks for: letters and digits, lower case, each once. */
export function directorySearchTerms(q: string): string[] {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, DIRECTORY_TERMS_MAX);
}

/** Reads the filters from a page address; anything unknown or malformed is ignored, never an error. */
export function directoryFilterFromParams(params: URLSearchParams): DirectoryFilter {
  const on = (name: string) => params.get(name) === '1' || params.get(name) === 'true';
  const state = (params.get('state') ?? '').trim().toUpperCase();
  return {
    q: (params.get('q') ?? '').trim().slice(0, DIRECTORY_QUERY_MAX),
    foster: on('foster'),
    credentialed: on('credentialed'),
    state: (STATE_CODES as readonly string[]).includes(state) ? (state as StateCode) : '',
  };
}

/** The filters as a query string (without `?`), in a fixed order, only what is set. */
export function directoryFilterToParams(filter: DirectoryFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.q.trim()) params.set('q', filter.q.trim());
  if (filter.foster) params.set('foster', '1');
  if (filter.credentialed) params.set('credentialed', '1');
  if (filter.state) params.set('state', filter.state);
  return params;
}

export function isFiltered(filter: DirectoryFilter): boolean {
  return Boolean(filter.q.trim() || filter.foster || filter.credentialed || filter.state);
}

/** Shown to admins only (product.md §3.12: "Admins also see a member count"). */
export const directoryCountsSchema = z.object({
  /** Members the current search and filters find. */
  matching: z.number().int(),
  /** Every member in the directory. */
  total: z.number().int(),
});
export type DirectoryCounts = z.infer<typeof directoryCountsSchema>;

/** GET /api/directory. */
export const directoryPageSchema = z
  .object({
    /** What other members may see of a profile: never the street address, phone, email or ZIP code. */
    members: z.array(publicProfileSchema),
    /** Pass as `after` for the next page; null at the end of the list. */
    nextCursor: z.string().nullable(),
    /** Admins get the counts with the first page; everybody else, and later pages, get null. */
    counts: directoryCountsSchema.nullable(),
  })
  .meta({ id: 'DirectoryPage' });
export type DirectoryPage = z.infer<typeof directoryPageSchema>;

/** Writing to a member needs a saved profile: the message is signed with the sender's name. */
export const NEEDS_PROFILE_TO_WRITE = /*i18n*/ 'You need a profile to write to members. You can create one in your dashboard.';

/** POST /api/directory/:uid/message. */
export const memberMessageSchema = z.object({
  message: textOf('Message', MEMBER_MESSAGE_MAX),
});
export type MemberMessageInput = z.input<typeof memberMessageSchema>;
