import { z } from 'zod';
import { emailSchema } from './account';
import { optionalLineOf, textOf } from './text';

// The contact form (product.md §3.15, §10.1): email and message required, an optional name that is sent with
// them, and the human confirmation ('I am indeed human') that visitors who are not signed in must give.

export const CONTACT_NAME_MAX = 80;
export const CONTACT_MESSAGE_MAX = 5000;
/** How long a click on 'I am indeed human' stays good for sending. */
export const HUMAN_TOKEN_TTL_MS = 30 * 60 * 1000;
/**
 * A field people never see or fill (it is hidden from sight and from assistive technology); programs that
 * fill every field of a form give themselves away.
 */
export const CONTACT_HONEYPOT_FIELD = 'website';

/** POST /api/contact. `humanToken` comes from POST /api/contact/human; signed-in members need none. */
export const contactInputSchema = z.object({
  name: optionalLineOf(/*i18n*/ 'Name', CONTACT_NAME_MAX),
  email: emailSchema,
  message: textOf(/*i18n*/ 'Message', CONTACT_MESSAGE_MAX),
  humanToken: z.string().max(300).optional(),
  [CONTACT_HONEYPOT_FIELD]: z.string().max(1000).optional(),
});
export type ContactInput = z.input<typeof contactInputSchema>;
export type ContactFields = z.output<typeof contactInputSchema>;

/** POST /api/contact/human answers this. */
export const humanTokenResponseSchema = z.object({ token: z.string(), expiresAt: z.string() });
export type HumanTokenResponse = z.infer<typeof humanTokenResponseSchema>;
