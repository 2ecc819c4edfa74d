import { z } from 'zod';
import { zip5 } from './churches';
import {
  NEED_ITEM_NAME_MAX,
  NEED_ITEMS_MAX,
  NEED_KIND_CODES,
  NEED_URGENCY_CODES,
  needFieldsSchema,
  needItemInputSchema,
  needListingSchema,
} from './needs';
import type { NeedStatus } from './needs';
import { STATE_CODES } from './states';
import { queryTextOf } from './text';
import { contentLanguageFilterSchema, contentLanguageSchema } from './i18n/content-language';

// The board and the asker's side of the needs board (issue 26): what /needs searches by and answers, how an
// asker or an admin edits a need, and the asker's own requests. The domain itself is in needs.ts.

/** The distances the board searches within, from a ZIP code (the routing's 15/30/60, and farther). */
export const NEED_BOARD_RADII = [15, 30, 60, 100] as const;
export type NeedBoardRadius = (typeof NEED_BOARD_RADII)[number];
export const NEED_BOARD_DEFAULT_RADIUS: NeedBoardRadius = 30;
export const NEED_BOARD_PAGE_SIZE = 20;
/** Pages past this are refused: nobody reads 500 pages, and a deep offset is work for nothing. */
export const NEED_BOARD_PAGE_MAX = 500;
export const NEED_KEYWORD_MAX = 100;

/** What the board shows: needs taking commitments, or those that closed after being on the board. */
export const NEED_BOARD_SHOWS = ['open', 'closed'] as const;
export const NEED_BOARD_SORTS = ['nearest', 'newest'] as const;

export const needBoardQuerySchema = z
  .object({
    show: z.enum(NEED_BOARD_SHOWS, { error: /*i18n*/ 'Show open or closed needs' }).default('open'),
    /** Nearest first needs a ZIP code; without one the board is newest first. */
    sort: z.enum(NEED_BOARD_SORTS, { error: /*i18n*/ 'Sort by nearest or newest' }).optional(),
    zip: zip5.optional(),
    radius: z
      .enum(NEED_BOARD_RADII.map(String) as [string, ...string[]], { error: /*i18n*/ 'Choose a distance of 15, 30, 60 or 100 miles' })
      .optional()
      .transform((r) => (r ? (Number(r) as NeedBoardRadius) : NEED_BOARD_DEFAULT_RADIUS)),
    kind: z.enum(NEED_KIND_CODES, { error: /*i18n*/ 'Choose a kind of need from the list' }).optional(),
    state: z.enum(STATE_CODES, { error: /*i18n*/ 'Choose a state' }).optional(),
    urgency: z.enum(NEED_URGENCY_CODES, { error: /*i18n*/ 'Choose how soon from the list' }).optional(),
    q: queryTextOf('Keyword', NEED_KEYWORD_MAX),
    /** Needs written in one language; absent, every language. */
    language: contentLanguageFilterSchema,
    page: z
      .string()
      .regex(/^\d{1,4}$/, /*i18n*/ 'Page must be a number')
      .optional()
      .transform((p) => (p ? Number(p) : 1))
      .pipe(z.number().int().min(1, /*i18n*/ 'Page must be at least 1').max(NEED_BOARD_PAGE_MAX, /*i18n*/ 'Page must be at most 500')),
  })
  .refine((q) => q.sort !== 'nearest' || q.zip !== undefined, {
    message: /*i18n*/ 'Enter a ZIP code to see the nearest needs',
    path: ['zip'],
  });
export type NeedBoardQuery = z.output<typeof needBoardQuerySchema>;

export const needBoardSchema = z
  .object({
    /** The place searched from (a ZIP code's town), or null when not searching near a ZIP code. */
    origin: z.object({ zip: z.string(), city: z.string(), state: z.enum(STATE_CODES) }).nullable(),
    radius: z.number().int().nullable(),
    sort: z.enum(NEED_BOARD_SORTS),
    needs: z.array(needListingSchema),
    /** How many needs matched, over every page. */
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: 'NeedBoard' });
export type NeedBoard = z.infer<typeof needBoardSchema>;

/** An item as an edit sends it: the id of an item it keeps, none for a new one. */
export const needItemEditSchema = needItemInputSchema.extend({ id: z.number().int().positive().optional() });
export type NeedItemEdit = z.input<typeof needItemEditSchema>;

/** PATCH /api/needs/:id: the fields again; items named by id are kept (with what is committed to them). */
export const needEditSchema = needFieldsSchema.extend({
  items: z
    .array(needItemEditSchema, { error: /*i18n*/ 'List at least one item' })
    .min(1, /*i18n*/ 'List at least one item')
    .max(NEED_ITEMS_MAX, /*i18n*/ 'List at most 20 items')
    .refine((items) => {
      const ids = items.flatMap((i) => (i.id === undefined ? [] : [i.id]));
      return new Set(ids).size === ids.length;
    }, /*i18n*/ 'Each item may be listed once'),
});
export type NeedEditInput = z.input<typeof needEditSchema>;
export type NeedEdit = z.output<typeof needEditSchema>;

/** What the edit form starts from: the fields as the asker wrote them, each item with its id and what is committed. */
export const needFieldsAnswerSchema = needFieldsSchema.extend({
  language: contentLanguageSchema,
  items: z.array(
    z.object({
      id: z.number().int(),
      name: z.string().max(NEED_ITEM_NAME_MAX),
      quantity: z.number().int(),
      unitValue: z.number().int(),
      note: z.string().nullable(),
      committed: z.number().int(),
    }),
  ),
});
export type NeedFieldsAnswer = z.infer<typeof needFieldsAnswerSchema>;

/** One of the asker's own requests (GET /api/me/needs), whatever its status, with the reason if declined. */
export const myNeedSchema = needListingSchema
  .extend({
    createdAt: z.string(),
    declineReason: z.string().nullable(),
  })
  .meta({ id: 'MyNeed' });
export type MyNeed = z.infer<typeof myNeedSchema>;

/** What asking answers: the new request as the asker's list shows it. */
export const askedNeedSchema = myNeedSchema;

/** How each status reads to the asker. */
export const NEED_STATUS_LABELS: Record<NeedStatus, string> = {
  supervisor: /*i18n*/ "Waiting for your supervisor's approval",
  review: /*i18n*/ 'Waiting for approval',
  open: /*i18n*/ 'On the board',
  closed: /*i18n*/ 'Closed',
  declined: /*i18n*/ 'Declined',
  expired: /*i18n*/ 'Expired without approval',
};

/** What asking says once it is sent, by where the request went. */
export const NEED_ASKED_MESSAGES = {
  open: /*i18n*/ 'The need is on the board, and the churches near it will hear of it.',
  review: /*i18n*/ 'Thank you. The team will review the request, usually within a day; you will get an email once it is on the board.',
  supervisor: /*i18n*/ 'Thank you. Your supervisor has been emailed a link to approve the request; it goes on the board once they do.',
} as const;

/** PATCH refuses a need that has closed, was declined or expired. */
export const NEED_NOT_EDITABLE = /*i18n*/ 'This need can no longer be changed.';
export const NEED_ASK_FORBIDDEN = /*i18n*/ 'Only the person who asked, or an admin, may change this need.';
export const NEED_CHURCH_NOT_KEPT = /*i18n*/ 'You can ask for a church only if you are one of its point persons.';
/** A message with values, for the server to put in the asker's language (its `later(...)` shape). */
type Worded = { id: string; values: Record<string, unknown> };
export const needQuantityBelowCommitted = (committed: number): Worded => ({
  id: /*i18n*/ 'Quantity must be at least {committed}: that many are already committed',
  values: { committed },
});
export const needItemHasCommitments = (name: string): Worded => ({
  id: /*i18n*/ '"{name}" has commitments, so it cannot be removed; lower its quantity to what is committed instead',
  values: { name },
});
export const NEED_PROFILE_REQUIRED = /*i18n*/ 'Save your profile first: the team reads who asks. You can create one in your dashboard.';
export const NEED_ITEM_UNKNOWN = /*i18n*/ 'This item is not part of the need';
