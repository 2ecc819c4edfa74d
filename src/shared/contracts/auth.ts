import type { RouteConfig } from '@hono/zod-openapi';
import { z } from 'zod';
import { checkInboxSchema } from '../account';
import { googlePopupStartSchema, googleRedirectStartSchema } from '../google';
import { apiErrorSchema, json, jsonBody } from './define';

// Better Auth's open routes (OPEN_AUTH_ROUTES in server/auth/routes.ts), for the OpenAPI document only:
// Better Auth serves them behind our rate limits, not our Hono routes, so nothing here validates a request
// or types the browser's client. The shapes are what the site sends and what Better Auth answers (the
// fields the site reads, and the ones every answer has); failures carry `code` and `message`.

type AuthRoute = RouteConfig & { summary: string; tags: ['Auth'] };
const route = <const R extends AuthRoute>(r: R): R => r;
const tags: ['Auth'] = ['Auth'];

/** The account as Better Auth answers it. */
export const authUserSchema = z
  .looseObject({
    id: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    /** Always '' here: names live on the profile. */
    name: z.string(),
    image: z.string().nullish(),
    twoFactorEnabled: z.boolean().nullish(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AuthUser' });

const failure = (description: string) => json(apiErrorSchema, description);
const limited = { 429: failure('Too many attempts: `Retry-After` says when to try again.') };
const refused = { 400: failure('Refused input (Better Auth’s code and message).'), 415: failure('The body is not JSON.') };
const html = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } });
const redirect = (description: string) => ({ description, headers: z.object({ Location: z.string() }) });

export const signUpBodySchema = z.object({
  email: z.string(),
  password: z.string(),
  name: z.literal('').meta({ description: 'Always empty: names live on the profile' }),
});
export const signInBodySchema = z.object({ email: z.string(), password: z.string(), rememberMe: z.boolean().optional() });
export const passwordResetRequestSchema = z.object({
  email: z.string(),
  redirectTo: z.string().meta({ description: 'The page of the mailed link: /reset-password' }),
});
export const passwordResetSchema = z.object({ token: z.string(), newPassword: z.string() });
export const passwordBodySchema = z.object({ password: z.string() });
export const codeBodySchema = z.object({ code: z.string() });

const signedIn = z.object({ token: z.string().nullable(), user: authUserSchema });
const status = z.object({ status: z.boolean() });

export const signUp = route({
  method: 'post',
  path: '/auth/sign-up/email',
  tags,
  summary:
    'Create an account with an email and a password, without a session; the address gets a confirmation link (or, when it already has an account, a note to its owner)',
  request: { body: jsonBody(signUpBodySchema) },
  responses: {
    200: json(checkInboxSchema, 'Created, or the address already has an account: the same answer either way'),
    ...refused,
    ...limited,
  },
});

export const signIn = route({
  method: 'post',
  path: '/auth/sign-in/email',
  tags,
  summary: 'Sign in with an email and a password (an account with two-step sign-in then needs a code)',
  request: { body: jsonBody(signInBodySchema) },
  responses: {
    200: json(
      z.union([
        z.object({ redirect: z.boolean(), token: z.string(), url: z.string().optional(), user: authUserSchema }),
        z.object({ twoFactorRedirect: z.literal(true), twoFactorMethods: z.array(z.string()) }),
      ]),
      'Signed in; or, with two-step sign-in on, a pending sign-in that waits for a code',
    ),
    ...refused,
    401: failure('Wrong email or password.'),
    403: failure('The account is suspended.'),
    ...limited,
  },
});

export const signOut = route({
  method: 'post',
  path: '/auth/sign-out',
  tags,
  summary: 'Sign out of this browser',
  responses: { 200: json(z.object({ success: z.boolean() }), 'Signed out') },
});

export const requestPasswordReset = route({
  method: 'post',
  path: '/auth/request-password-reset',
  tags,
  summary: 'Mail a link to set a new password (the same answer whether or not the address has an account)',
  request: { body: jsonBody(passwordResetRequestSchema) },
  responses: { 200: json(status.extend({ message: z.string() }), 'Sent, if the address has an account'), ...refused, ...limited },
});

export const resetPassword = route({
  method: 'post',
  path: '/auth/reset-password',
  tags,
  summary: "Set a new password with the mailed link's token",
  request: { body: jsonBody(passwordResetSchema) },
  responses: { 200: json(status, 'Changed'), ...refused, ...limited },
});

export const getSession = route({
  method: 'get',
  path: '/auth/get-session',
  tags,
  summary: 'The session and its account, or null (what the Google popup client reads)',
  responses: {
    200: json(
      z.object({ session: z.looseObject({ id: z.string(), userId: z.string(), expiresAt: z.string() }), user: authUserSchema }).nullable(),
      'The session, or null',
    ),
  },
});

export const googlePopupStart = route({
  method: 'get',
  path: '/auth/oauth-popup/start',
  tags,
  summary: "Google sign-in in a popup: sends the popup to Google's consent page",
  request: { query: googlePopupStartSchema },
  responses: { 200: html('A page that tells the opener the sign-in could not start'), 302: redirect('To Google'), ...refused, ...limited },
});

export const googleRedirectStart = route({
  method: 'post',
  path: '/auth/sign-in/social',
  tags,
  summary: 'Google sign-in without a popup: the address of the consent page, for this page to go to',
  request: { body: jsonBody(googleRedirectStartSchema) },
  responses: { 200: json(z.object({ url: z.string(), redirect: z.boolean() }), "Google's address"), ...refused, ...limited },
});

export const googleCallback = route({
  method: 'get',
  path: '/auth/callback/google',
  tags,
  summary: 'Where Google sends the browser back: signs in, then on to the page asked for (or /signin?error=…)',
  request: { query: z.object({ code: z.string().optional(), state: z.string().optional(), error: z.string().optional() }) },
  responses: {
    200: html('In the popup: a page that hands the outcome to the opener and closes'),
    302: redirect('On to the page asked for, or to /signin?error=…'),
    400: refused[400],
  },
});

export const enableTwoFactor = route({
  method: 'post',
  path: '/auth/two-factor/enable',
  tags,
  summary: 'Set-up, step one: the password; answers the key (in an otpauth:// URI) and the recovery codes',
  request: { body: jsonBody(passwordBodySchema) },
  responses: {
    200: json(
      z.object({ totpURI: z.string(), backupCodes: z.array(z.string()) }),
      'The key and the recovery codes (set-up ends with a first code)',
    ),
    ...refused,
    401: failure('Not signed in.'),
    ...limited,
  },
});

export const disableTwoFactor = route({
  method: 'post',
  path: '/auth/two-factor/disable',
  tags,
  summary: 'Turn two-step sign-in off (the password again)',
  request: { body: jsonBody(passwordBodySchema) },
  responses: { 200: json(status, 'Off'), ...refused, 401: failure('Not signed in.'), ...limited },
});

export const newRecoveryCodes = route({
  method: 'post',
  path: '/auth/two-factor/generate-backup-codes',
  tags,
  summary: 'New recovery codes (the password again); the old ones stop working',
  request: { body: jsonBody(passwordBodySchema) },
  responses: {
    200: json(status.extend({ backupCodes: z.array(z.string()) }), 'The new codes'),
    ...refused,
    401: failure('Not signed in.'),
    ...limited,
  },
});

export const verifyTotp = route({
  method: 'post',
  path: '/auth/two-factor/verify-totp',
  tags,
  summary: 'A code from the app: ends set-up, a pending sign-in, or steps this session up',
  request: { body: jsonBody(codeBodySchema) },
  responses: { 200: json(signedIn, 'Accepted'), ...refused, 401: failure('Wrong code, or no sign-in waits for one.'), ...limited },
});

export const verifyRecoveryCode = route({
  method: 'post',
  path: '/auth/two-factor/verify-backup-code',
  tags,
  summary: "A recovery code in place of the app's code (each works once)",
  request: { body: jsonBody(codeBodySchema) },
  responses: { 200: json(signedIn, 'Accepted'), ...refused, 401: failure('Wrong code, or no sign-in waits for one.'), ...limited },
});

/** Every route above, for the document (app.ts registers them with `openAPIRegistry.registerPath`). */
export const AUTH_ROUTES = [
  signUp,
  signIn,
  signOut,
  requestPasswordReset,
  resetPassword,
  getSession,
  googlePopupStart,
  googleRedirectStart,
  googleCallback,
  enableTwoFactor,
  disableTwoFactor,
  newRecoveryCodes,
  verifyTotp,
  verifyRecoveryCode,
] as const;
