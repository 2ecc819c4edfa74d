import { z } from 'zod';

// Sign in with Google: what the browser and the server agree on.

/**
 * Where a failed Google sign-in lands; Better Auth appends `?error=<code>` and the page says 'Failed to sign in'.
 * No query of its own: the popup plugin relays the first `error` parameter, which must be Better Auth's code.
 */
export const GOOGLE_ERROR_PATH = '/signin';

/** Better Auth's callback for the Google provider: the redirect URI to register with Google, after PUBLIC_URL. */
export const GOOGLE_CALLBACK_PATH = '/api/auth/callback/google';

/** A path on this site (never another origin: `//host` and `/\host` are other origins to a browser). */
const sitePath = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])/, /*i18n*/ 'must be a path on this site');

/** Where Better Auth sends the browser after a Google sign-in, shared by the popup and the full-page redirect. */
export const googleDestinationsSchema = z.object({
  callbackURL: sitePath.optional(),
  newUserCallbackURL: sitePath.optional(),
  errorCallbackURL: sitePath.optional(),
});

/** POST /api/auth/sign-in/social: the full-page redirect (when the browser blocked the popup). Nothing else is accepted. */
export const googleRedirectStartSchema = googleDestinationsSchema
  .extend({ provider: z.literal('google'), disableRedirect: z.boolean().optional() })
  .strict();
export type GoogleRedirectStart = z.infer<typeof googleRedirectStartSchema>;

/** GET /api/auth/oauth-popup/start: what our page puts in the popup's address (better-auth's oauthPopupClient); anything more is refused. */
export const googlePopupStartSchema = googleDestinationsSchema
  .extend({
    provider: z.literal('google'),
    popupOrigin: z.string().max(200),
    popupNonce: z.string().max(100).optional(),
  })
  .strict();
