import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { googlePopupStartSchema, googleRedirectStartSchema } from '../../shared/google';
import { holdsUnstorableText } from '../../shared/text';
import { CLIENT_ADDRESS_HEADER, trustedOrigins, type Auth } from './auth';
import { requireSameOrigin } from '../http/same-origin';
import type { AuthVariables } from '../http/session';
import type { RateLimiter } from '../rate-limit/rate-limit';
import { AUTH_RULES, GOOGLE_START_RULE, TWO_FACTOR_CLIENT_RULES } from '../rate-limit/rules';
import { clientAddress, clientIp } from '../http/client-ip';
import { AppError } from '../http/errors';
import { i18nOf, later } from '../i18n';
import { fieldErrorsOf } from '../http/validate';
import type { AppDeps } from '../deps';
import { sendVerificationMail } from '../account';
import { sessionCookieName } from './session';
import { expiredSessionCookies, readSessionCookie, withoutSessionCookies } from './session-cookie';
import { user } from '../db/schema';
import { refusalInLanguage } from './error-words';

const GOOGLE_POPUP_START = '/oauth-popup/start';
const GOOGLE_REDIRECT_START = '/sign-in/social';

/**
 * The Better Auth routes the product uses; every other one of its routes answers 404. Email and password
 * change only through /api/account (our recent sign-in rule, the profile following), so Better Auth's
 * change-password, change-email, update-user and friends must not be reachable, nor anything a plugin
 * adds that no page calls.
 */
export const OPEN_AUTH_ROUTES = [
  'POST /sign-up/email',
  'POST /sign-in/email',
  'POST /sign-out',
  'POST /request-password-reset',
  'POST /reset-password',
  // The session, as Better Auth's popup client reads it after a Google sign-in.
  'GET /get-session',
  // Google: the popup's start, the full-page start when a popup is blocked, and the way back.
  'GET /oauth-popup/start',
  'POST /sign-in/social',
  'GET /callback/google',
  // The second factor: set up, turn off, new recovery codes, and the codes at sign-in.
  'POST /two-factor/enable',
  'POST /two-factor/disable',
  'POST /two-factor/generate-backup-codes',
  'POST /two-factor/verify-totp',
  'POST /two-factor/verify-backup-code',
] as const;
const openAuthRoutes = new Set<string>(OPEN_AUTH_ROUTES);

const bodyWithEmail = z.object({ email: z.string().max(320) }).partial();

async function readJsonBody(c: Context): Promise<unknown> {
  try {
    return await c.req.raw.clone().json();
  } catch {
    throw new AppError('BAD_JSON');
  }
}

/** The JSON body, or null when there is none (Better Auth's sign-out needs none). */
async function readJsonBodyIfAny(c: Context): Promise<unknown> {
  const text = await c.req.raw.clone().text();
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError('BAD_JSON');
  }
}

/** The query as one value per name; a repeated name is refused, as we and Better Auth might read different ones. */
function singleValuedQuery(c: Context): Record<string, string> {
  const params = new URL(c.req.url).searchParams;
  const names = [...params.keys()];
  if (new Set(names).size !== names.length) throw new AppError('BAD_REQUEST', /*i18n*/ 'A query parameter is repeated.');
  return Object.fromEntries(params);
}

/** The address a sign-up named, as Better Auth stores it (it refused the request if there was none). */
function signUpAddress(body: unknown): string {
  const parsed = bodyWithEmail.safeParse(body);
  return parsed.success ? (parsed.data.email ?? '').toLowerCase() : '';
}

function check(schema: z.ZodType, value: unknown) {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new AppError('VALIDATION', undefined, fieldErrorsOf(parsed.error));
}

const signedUp = z.object({ user: z.object({ id: z.string() }) });

/**
 * What a sign-up answers, whether the address was new or taken (issue 23): Better Auth answers a taken
 * address with a made-up account (autoSignIn is off), which we do not pass on either, so the answer holds
 * nothing but the address the page shows back.
 */
async function answerSignUp(deps: AppDeps, c: Context, res: Response, email: string): Promise<Response> {
  const parsed = signedUp.safeParse(await res.json());
  if (!parsed.success) throw new Error('Better Auth answered a sign-up without its account');
  // Only a new account is in the database (a taken address got a made-up id): it gets the link that
  // confirms its address; the owner of a taken one was sent a note instead (auth.ts).
  const [created] = await deps.database.db
    .select({ id: user.id, email: user.email, emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.id, parsed.data.user.id));
  if (created && !created.emailVerified) await sendVerificationMail(deps, created);
  return c.json({ ok: true as const, email }, 200);
}

/**
 * Better Auth's handler under /api/auth, behind our shared rate limits. A sign-up through the site also
 * queues the mail that confirms the address (accounts made by the demo seed or by Google need none), and
 * answers the same whether or not the address was taken (answerSignUp).
 */
export function authRoutes(
  deps: AppDeps,
  auth: Auth,
  limiter: RateLimiter,
  opts: { onForeignOrigin?: (c: Context, from: string) => void } = {},
) {
  const trustProxy = deps.config.trustProxy;
  const cookieName = sessionCookieName(auth);
  const app = new Hono<{ Variables: AuthVariables }>();
  // Our own check of where a POST comes from, before Better Auth's: it refuses the same requests and more (a
  // sign-in posted by another site without a cookie, which Better Auth lets through), and logs them as we choose.
  app.use('*', requireSameOrigin(trustedOrigins(deps.config), { onRefused: opts.onForeignOrigin }));
  app.on(['GET', 'POST'], '/*', async (c) => {
    const action = c.req.path.replace(/^\/api\/auth/, '');
    if (!openAuthRoutes.has(`${c.req.method} ${action}`)) {
      throw new AppError('NOT_FOUND', later(/*i18n*/ 'No API route {method} {path}.', { method: c.req.method, path: c.req.path }));
    }
    // Better Auth also reads form bodies; our limits read JSON. Only what both read the same way gets in.
    if (c.req.method === 'POST' && !/^application\/json\b/i.test(c.req.header('content-type') ?? '')) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', /*i18n*/ 'Send the body as application/json.');
    }
    // Better Auth looks tokens and addresses up as sent, from the body or the query (a reset token may come in
    // either); PostgreSQL's text refuses NUL with an error (a 500).
    const query = [...new URL(c.req.url).searchParams];
    const body = c.req.method === 'POST' ? await readJsonBodyIfAny(c) : undefined;
    if (holdsUnstorableText(query) || holdsUnstorableText(body)) {
      throw new AppError('VALIDATION', /*i18n*/ 'The request holds characters that are not allowed.');
    }
    const rule = c.req.method === 'POST' ? AUTH_RULES[action] : undefined;
    const twoFactorRule = c.req.method === 'POST' ? TWO_FACTOR_CLIENT_RULES[action] : undefined;
    if (twoFactorRule) {
      await limiter.hit([{ key: `${twoFactorRule.key}:ip:${clientIp(c, trustProxy)}`, rule: twoFactorRule.rule }]);
    }
    if (rule) {
      const parsed = bodyWithEmail.safeParse(await readJsonBody(c));
      const email = parsed.success ? (parsed.data.email ?? '').trim().toLowerCase() : '';
      const checks = [{ key: `auth${action}:ip:${clientIp(c, trustProxy)}`, rule: rule.client }];
      if (email) checks.push({ key: `auth${action}:email:${email}`, rule: rule.address });
      await limiter.hit(checks);
    }
    const isPopupStart = c.req.method === 'GET' && action === GOOGLE_POPUP_START;
    const isRedirectStart = c.req.method === 'POST' && action === GOOGLE_REDIRECT_START;
    if (isPopupStart || isRedirectStart) {
      // Only the Google sign-in the site offers: no ID tokens posted directly, no extra scopes or state.
      if (isPopupStart) check(googlePopupStartSchema, singleValuedQuery(c));
      else check(googleRedirectStartSchema, await readJsonBody(c));
      await limiter.hit([{ key: `auth/google-start:ip:${clientIp(c, trustProxy)}`, rule: GOOGLE_START_RULE }]);
    }
    // Two session cookies (one planted beside the browser's own): Better Auth sees neither, as our routes do.
    const cookie = readSessionCookie(c.req.raw.headers, await cookieName);
    const headers =
      cookie.kind === 'ambiguous' ? withoutSessionCookies(c.req.raw.headers, await cookieName) : new Headers(c.req.raw.headers);
    // Better Auth records the client's address with a session it makes: ours, in the header it is told to read.
    headers.set(CLIENT_ADDRESS_HEADER, clientAddress(c, trustProxy));
    let res = await auth.handler(new Request(c.req.raw, { headers }));
    if (cookie.kind === 'ambiguous') {
      res = new Response(res.body, res);
      for (const line of expiredSessionCookies(cookie.names, deps.config.publicUrl)) res.headers.append('Set-Cookie', line);
    }
    if (action === '/sign-up/email' && c.req.method === 'POST' && res.ok) return answerSignUp(deps, c, res, signUpAddress(body));
    // Its refusals in the asker's language, as our own routes answer theirs.
    return refusalInLanguage(res, i18nOf(c));
  });
  return app;
}
