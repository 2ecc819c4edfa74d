import { z } from 'zod';
import { contactDetailIn, NEED_CHILDREN_SERVED_MAX, NEED_ITEM_QUANTITY_MAX, NEED_OUTCOME_CODES, NEED_THANK_YOU_MAX } from './needs';
import { plainString, PG_INT_MAX } from './text';

// Responding to a need and closing it (issue 26): what a responder sends to commit (units of an item, for
// themselves or for their church, or a promise to pray), and what the asker (or an admin) records at the end.

const positiveId = (message: string) => z.number({ error: message }).int(message).min(1, message).max(PG_INT_MAX, message);

/**
 * POST /api/needs/{id}/commitments. Units: `itemId` and `quantity` (a point person may add `churchId` to commit
 * for their church). To pray: `prayer: true` and nothing else. One object rather than a union, so that each
 * refusal names its field.
 */
export const needCommitmentInputSchema = z
  .object({
    prayer: z.literal(true, { error: /*i18n*/ 'Prayer must be true, or left out' }).optional(),
    itemId: positiveId(/*i18n*/ 'Choose an item of this need').nullish(),
    quantity: z
      .number({ error: /*i18n*/ 'Quantity must be a number' })
      .int(/*i18n*/ 'Quantity must be a whole number')
      .min(1, /*i18n*/ 'Quantity must be at least 1')
      .max(NEED_ITEM_QUANTITY_MAX, /*i18n*/ 'Quantity must be at most 100')
      .nullish(),
    churchId: positiveId(/*i18n*/ 'Choose one of the churches you keep').nullish(),
  })
  .superRefine((input, ctx) => {
    if (input.prayer) {
      if (input.itemId != null) ctx.addIssue({ code: 'custom', path: ['itemId'], message: /*i18n*/ 'A promise to pray names no item' });
      return;
    }
    if (input.itemId == null) ctx.addIssue({ code: 'custom', path: ['itemId'], message: /*i18n*/ 'Choose an item of this need' });
    if (input.quantity == null) ctx.addIssue({ code: 'custom', path: ['quantity'], message: /*i18n*/ 'Say how many you commit to' });
  });
export type NeedCommitmentInput = z.input<typeof needCommitmentInputSchema>;

/** POST /api/needs/{id}/close: how it went, how many children it served, and a thank-you shown on the need. */
export const needCloseSchema = z.object({
  outcome: z.enum(NEED_OUTCOME_CODES, { error: /*i18n*/ 'Choose how it went: met, partly met or not met' }),
  childrenServed: z
    .number({ error: /*i18n*/ 'Children served must be a number' })
    .int(/*i18n*/ 'Children served must be a whole number')
    .min(0, /*i18n*/ 'Children served must be at least 0')
    .max(NEED_CHILDREN_SERVED_MAX, /*i18n*/ 'Children served must be at most 50'),
  thankYou: plainString('Thank-you', { multiLine: true })
    .nullish()
    .transform((s) => (s ?? '').replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().max(NEED_THANK_YOU_MAX, /*i18n*/ 'Thank-you must be at most 1000 characters'))
    .superRefine((s, ctx) => {
      const found = contactDetailIn(s, 'Thank-you');
      if (found) ctx.addIssue({ code: 'custom', message: found });
    })
    .transform((s) => (s === '' ? null : s)),
});
export type NeedCloseInput = z.input<typeof needCloseSchema>;

/** What a commitment answers: the commitment's id, and the item as it stands now (null for a prayer). */
export const needCommittedSchema = z
  .object({
    id: z.number().int(),
    itemId: z.number().int().nullable(),
    quantity: z.number().int(),
    /** Units of the item now committed by everyone, and asked. */
    committed: z.number().int().nullable(),
    asked: z.number().int().nullable(),
  })
  .meta({ id: 'NeedCommitted' });
export type NeedCommitted = z.infer<typeof needCommittedSchema>;

// ---- Messages ----

export const NEED_RESPONSE_MESSAGES = {
  ownNeed: /*i18n*/ 'You asked for this need: others commit to it.',
  notPointPerson: /*i18n*/ 'You can commit for a church only if you keep its page.',
  notResponder: /*i18n*/ 'Only the person who committed can withdraw it.',
  commitmentNotFound: /*i18n*/ 'This commitment is not on this need.',
  alreadyWithdrawn: /*i18n*/ 'This commitment was withdrawn already.',
  notAsker: /*i18n*/ 'Only the person who asked (or an admin) can close this need.',
  /** A message with values (the server's `later(...)` shape): the asker's language is known only when answering. */
  tooMany: (left: number) => ({
    id: /*i18n*/ '{left, plural, one {Only # is still needed. Nothing was committed: commit to # or fewer.} other {Only # are still needed. Nothing was committed: commit to # or fewer.}}',
    values: { left },
  }),
} as const;
