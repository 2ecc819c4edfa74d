import { LOCALE_COOKIE, negotiateLocale } from '../../shared/i18n/locale';
import { parse as parseCookies } from 'hono/utils/cookie';
import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { ACCOUNT_SUSPENDED_MESSAGE } from '../../shared/account';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { ADMIN_TOPICS } from '../../shared/admin';
import { PASSWORD_MAX, PASSWORD_MIN, RESET_TOKEN_TTL_SECONDS } from '../../shared/limits';
import type { Config } from '../config';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import type { LivePublisher } from '../live';
import { MAIL_FORMS, renderMail, type Outbox } from '../mail';
import { endEmailChanges, mailExistingAccountNote } from '../account';
import type { Logger } from '../logger';
import { i18nFor, localeOfUser } from '../i18n';
import { isDatabaseUnavailable } from '../db/unavailable';
import type { RateLimiter } from '../rate-limit/rate-limit';
import { GOOGLE_ERROR_PATH } from '../../shared/google';
import { GOOGLE_PROVIDER_ID, googlePlugins, refuseUnverifiedGoogleEmail, takeOverUnverifiedAccount } from './google';
import { announceSessionChanges, announcingSessionChanges } from './session-changes';
import { secondFactorRules, twoFactorPlugin, UNUSED_TWO_FACTOR_PATHS } from './two-factor';

/** Better Auth's words for a request it refuses as unsafe (origin-check.ts): the client's doing, not ours. */
const REFUSED_REQUEST = /^(Invalid (origin|callbackURL|redirectURL|errorCallbackURL|newUserCallbackURL)\b|Blocked cross-site)/;

/** The request header routes.ts sets to the client's address (whatever the client sent in it) for Better Auth. */
export const CLIENT_ADDRESS_HEADER = 'x-client-address';

/** The names of this machine's loopback interface, as they appear in an origin. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Where our pages are served: state-changing requests must come from there (ours and Better Auth's). In
 * production, PUBLIC_URL alone. Elsewhere a page opened by another loopback name of the same port is the same
 * site too: `npm start` says http://localhost:3000, and someone opens http://127.0.0.1:3000 (issue 23). Cookies
 * are bound to the name, so a session made at one name is used at that name.
 */
export function trustedOrigins(config: Config): string[] {
  if (config.env === 'production') return [config.publicUrl];
  const origins = new Set([new URL(config.publicUrl).origin]);
  const local = [config.publicUrl, `http://localhost:${config.port}`];
  // The Vite dev server (npm run dev) proxies /api from its own origin.
  if (config.env === 'development') local.push('http://localhost:5173');
  for (const url of local) {
    const { protocol, hostname, port } = new URL(url);
    if (!LOOPBACK_HOSTS.includes(hostname)) continue;
    for (const host of LOOPBACK_HOSTS) origins.add(`${protocol}//${host}${port ? `:${port}` : ''}`);
  }
  return [...origins];
}

export type AuthDeps = { config: Config; db: Db; outbox: Outbox; logger: Logger; live: LivePublisher; limiter: RateLimiter };

/**
 * Better Auth with email and password, sessions in our database, and its two-factor plugin (TOTP with
 * recovery codes, decision 013). Rate limiting is ours (per address and per client, shared by all
 * instances), so Better Auth's own limiter is off.
 */
const cookieValue = (header: string | null | undefined, name: string) => (header ? parseCookies(header, name)[name] : undefined);

export function createAuth({ config, db, outbox, logger, live, limiter }: AuthDeps) {
  return betterAuth({
    appName: 'Foster Care Network',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.sessionSecret,
    trustedOrigins: trustedOrigins(config),
    // Every change Better Auth makes to a session or a user is announced, for the session cache.
    database: announcingSessionChanges(
      drizzleAdapter(db, {
        provider: 'pg',
        schema: {
          user: schema.user,
          session: schema.session,
          account: schema.account,
          verification: schema.verification,
          twoFactor: schema.twoFactor,
        },
      }),
      (userIds) => announceSessionChanges(live, db, userIds),
    ),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      // No session at sign-up: a new address would get one and a taken one could not, which would tell
      // anyone whether an address has an account (issue 23). Better Auth then answers a taken address as
      // it answers a new one (after hashing the password all the same) and calls onExistingUserSignUp.
      autoSignIn: false,
      onExistingUserSignUp: async ({ user }) => {
        await mailExistingAccountNote({ config, outbox, db }, user.email);
      },
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // Whoever reset the password holds the account now: a change of address asked for before, by whoever
      // held it until then, must not move it away (issue 23, defect 2).
      onPasswordReset: async ({ user }) => {
        await endEmailChanges(db, live, user.id);
      },
      sendResetPassword: async ({ user, token }) => {
        // Our own page takes the token; Better Auth's redirecting URL is not needed.
        const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        // In the account's language, whoever asked for it (decision 043).
        const locale = await localeOfUser(db, user.id);
        const i18n = i18nFor(locale);
        await outbox.add({
          form: MAIL_FORMS.passwordReset,
          to: user.email,
          ...renderMail({
            locale,
            subject: i18n._('Reset your Foster Care Network password'),
            paragraphs: [
              i18n._('Someone asked to reset the password of the Foster Care Network account for {email}.', { email: user.email }),
              i18n._('To choose a new password, open this link within an hour:'),
              { action: link, label: i18n._('Choose a new password') },
              i18n._('The link works once. If you did not ask for this, you can ignore this message: your password stays as it is.'),
            ],
          }),
        });
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      cookieCache: { enabled: false },
      // Set by us (never from input) when the session passes a second factor; admins need it.
      additionalFields: { secondFactorAt: { type: 'date', required: false, input: false } },
    },
    // Google (when configured) links to the account with the same address; an account that never
    // confirmed its address is taken over by the person Google vouches for (see google.ts).
    // Two-step sign-in (two-factor.ts): a Google sign-in does not pass it (the plugin checks password
    // sign-ins only), so such a session is asked for a code before the admin area opens.
    plugins: [twoFactorPlugin(), secondFactorRules({ db, limiter }), ...googlePlugins(config.google)],
    disabledPaths: UNUSED_TWO_FACTOR_PATHS,
    account: { accountLinking: { enabled: true, requireLocalEmailVerified: false, trustedProviders: [] } },
    // The member's language (decision 043): set from the sign-up request, changed by PUT /api/account/locale.
    user: {
      validateUserInfo: refuseUnverifiedGoogleEmail,
      additionalFields: { locale: { type: 'string', required: false, input: false } },
    },
    // A failed or forged OAuth callback comes back to the sign-in page, which says 'Failed to sign in'.
    // Any other error that is not one of its refusals goes on to our error handler (app.ts), as our routes' do: a
    // database out of reach is answered 503 with Retry-After there, and a bug is logged with the request's id.
    // Left to itself Better Auth answered both with a bare 500.
    onAPIError: { errorURL: GOOGLE_ERROR_PATH, throw: true },
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    // Better Auth's messages join our structured log (wrong passwords are routine: debug, not warn).
    logger: {
      log: (level, message, ...args: unknown[]) => {
        // A database out of reach is answered 503 (app.ts) and is not a bug of ours: a warning.
        // A request it refused (another site's origin, a foreign callback URL) is the client's doing, and routes.ts
        // refuses other sites' first and logs them now and then: only a debug line here, or anyone could fill the log.
        if (REFUSED_REQUEST.test(message)) logger.debug(`auth: ${message}`, { authLevel: level });
        else if (level === 'error' && args.some((a) => isDatabaseUnavailable(a)))
          logger.warn(`auth: ${message}`, { err: 'database unavailable' });
        else if (level === 'error') logger.error(`auth: ${message}`);
        else logger.debug(`auth: ${message}`, { authLevel: level });
      },
    },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith('https://'),
      // The address a session records: the one our limits count (http/client-ip.ts), which routes.ts writes into
      // this header of every request it hands over. Left to itself Better Auth would read X-Forwarded-For.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER], ipv6Subnet: 128 },
    },
    databaseHooks: {
      session: {
        create: {
          // Every way in (password, Google, a second factor) makes a session here: a suspended account gets
          // none. The password was already checked, so this says nothing to someone who does not know it.
          before: async (created) => {
            const [row] = await db
              .select({ suspendedAt: schema.profile.suspendedAt })
              .from(schema.profile)
              .where(eq(schema.profile.uid, created.userId));
            if (row?.suspendedAt) {
              throw APIError.from('FORBIDDEN', { code: 'ACCOUNT_SUSPENDED', message: ACCOUNT_SUSPENDED_MESSAGE });
            }
          },
        },
      },
      user: {
        create: {
          // A new account speaks the language its sign-up was made in (the switcher's choice, or the browser's).
          before: async (created, ctx) => {
            const headers = ctx?.request?.headers ?? ctx?.headers;
            const locale = negotiateLocale({
              chosen: cookieValue(headers?.get('cookie'), LOCALE_COOKIE),
              acceptLanguage: headers?.get('accept-language'),
            });
            return { data: { ...created, locale } };
          },
          after: async (created) => {
            // Every account gets its profile row at once, so isAdmin and the email have a home; the
            // admin's open list of profiles hears of it.
            await db.transaction(async (tx) => {
              await tx.insert(schema.profile).values({ uid: created.id, email: created.email.toLowerCase() }).onConflictDoNothing();
              await live.publish(tx, { topic: ADMIN_TOPICS.users, kind: 'created', id: created.id });
            });
            logger.info('account created', { uid: created.id });
          },
        },
      },
      account: {
        create: {
          before: async (linked) => {
            if (linked.providerId === GOOGLE_PROVIDER_ID) await takeOverUnverifiedAccount({ db, live, logger }, linked.userId);
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
