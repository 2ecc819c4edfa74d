import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { LOCALE_COOKIE } from '../../shared/i18n/locale';
import * as contracts from '../../shared/contracts/account';
import { SESSIONS_TOPIC, type Auth } from '../auth';
import { ADMIN_TOPICS } from '../../shared/admin';
import { sendAnswer, subjectOf, type ResponseCache } from '../http/response-cache';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { clientIp } from '../http/client-ip';
import { contractRouter, guarded, type ApiEnv } from '../http/contracts';
import type { RateLimiter } from '../rate-limit/rate-limit';
import { EMAIL_LINK_RATE_MESSAGES, EMAIL_LINK_RULES, VERIFY_EMAIL_RULE } from '../rate-limit/rules';
import { cancelEmailChange, confirmEmailLink, resendEmailLink } from './email-links';
import { deleteAccount, getMe, saveLocale, signOutEverywhere, updateAccount } from './service';
import { sendConfirmationMailTo } from './sign-up-mail';

/** "Send the link again" and a change of address count each under its own name (rules.ts, EMAIL_LINK_RULES). */
function mailLimits(name: 'verification-mail' | 'email-change', uid: string, client: string) {
  return [
    { key: `${name}:uid:${uid}`, rule: EMAIL_LINK_RULES.perAccount },
    { key: `${name}:ip:${client}`, rule: EMAIL_LINK_RULES.perClient },
  ];
}

export function accountRoutes(deps: AppDeps, auth: Auth, limiter: RateLimiter, answers: ResponseCache) {
  // Opened from the mailed link: the token is the proof, so no sign-in is needed (the link may be opened
  // on another device). Guessing is bounded per client, counted before the body is read; a token has 256
  // random bits anyway.
  const verify = guarded(deps, contracts.verifyEmail);
  const verifyRate: MiddlewareHandler<ApiEnv> = async (c, next) => {
    await limiter.hit([{ key: `verify-email:ip:${clientIp(c, deps.config.trustProxy)}`, rule: VERIFY_EMAIL_RULE }]);
    await next();
  };

  /** The browser forgets the session (ended already on the server). */
  async function forgetSessionCookies(c: Context) {
    const cookies = (await auth.$context).authCookies;
    for (const cookie of [cookies.sessionToken, cookies.sessionData, cookies.dontRememberToken]) {
      deleteCookie(c, cookie.name, { path: '/', secure: cookie.attributes.secure });
    }
  }

  return contractRouter()
    .openapi(guarded(deps, contracts.chooseLocale), async (c) => {
      const { locale } = c.req.valid('json');
      // The browser keeps the choice (pages are sent in it); a member's is saved, for every device and their mail.
      setCookie(c, LOCALE_COOKIE, locale, {
        path: '/',
        sameSite: 'Lax',
        secure: deps.config.publicUrl.startsWith('https://'),
        maxAge: 60 * 60 * 24 * 365,
      });
      const who = c.get('user');
      if (who && who.locale !== locale) await saveLocale(deps, { who, locale });
      return c.json({ locale }, 200);
    })
    .openapi({ ...verify, middleware: [...verify.middleware, verifyRate] }, async (c) => {
      const { token } = c.req.valid('json');
      // Who opens it: a sign-up's link confirms only for a session of its own account, pending ones included.
      const askerUid = c.get('user')?.id ?? c.get('pending')?.user.id ?? null;
      return c.json(await confirmEmailLink(deps, { token, askerUid, keepSessionId: c.get('session')?.id ?? null }), 200);
    })
    .openapi(guarded(deps, contracts.sendVerificationMail), async (c) => {
      const who = c.get('member');
      await limiter.hit(mailLimits('verification-mail', who.id, clientIp(c, deps.config.trustProxy)), EMAIL_LINK_RATE_MESSAGES.resend);
      return c.json(await resendEmailLink(deps, who), 200);
    })
    .openapi(guarded(deps, contracts.sendConfirmationMail), async (c) => {
      // The page after a sign-up has no session; it names the address. Counted per address as the signed-in
      // resend is per account, and per client; the answer is the same for every address (sign-up-mail.ts).
      const { email } = c.req.valid('json');
      await limiter.hit(
        [
          { key: `confirmation-mail:email:${email}`, rule: EMAIL_LINK_RULES.perAccount },
          { key: `confirmation-mail:ip:${clientIp(c, deps.config.trustProxy)}`, rule: EMAIL_LINK_RULES.perClient },
        ],
        EMAIL_LINK_RATE_MESSAGES.resend,
      );
      return c.json(await sendConfirmationMailTo(deps, email), 200);
    })
    .openapi(guarded(deps, contracts.cancelEmailChange), async (c) => {
      const who = c.get('member');
      await cancelEmailChange(deps, who.id);
      return c.json({ user: await getMe(deps, { who, current: c.get('session') }) }, 200);
    })
    .openapi(guarded(deps, contracts.getMe), async (c) => {
      // A pending session (decision 028) reads itself too: secondFactorNeeded tells the page to ask for the code.
      const pending = c.get('pending');
      const user = c.get('user') ?? pending?.user;
      const current = c.get('session') ?? pending?.session;
      if (!user || !current) {
        c.header('Cache-Control', 'no-store');
        return c.json({ user: null }, 200);
      }
      // Every page asks on load: kept in memory per session until a change to the account or its sessions
      // is announced, and for a minute at most (a pending address's link runs out with time).
      const answer = await answers.get(
        `me:${current.id}`,
        [subjectOf(ADMIN_TOPICS.users, user.id), subjectOf(SESSIONS_TOPIC, user.id)],
        async () => ({ user: await getMe(deps, { who: user, current }) }),
        { maxAgeMs: 60_000 },
      );
      return sendAnswer(c, answer);
    })
    .openapi(guarded(deps, contracts.updateAccount), async (c) => {
      const who = c.get('member');
      const input = c.req.valid('json');
      const current = c.get('session');
      if (!current) throw new AppError('UNAUTHENTICATED');
      const limitEmailChange = () =>
        limiter.hit(mailLimits('email-change', who.id, clientIp(c, deps.config.trustProxy)), EMAIL_LINK_RATE_MESSAGES.change);
      const result = await updateAccount({ ...deps, auth }, { who, current, limitEmailChange, ...input });
      return c.json({ ...result, user: await getMe(deps, { who, current }) }, 200);
    })
    .openapi(guarded(deps, contracts.signOutEverywhere), async (c) => {
      const who = c.get('member');
      await signOutEverywhere(deps, { who });
      await forgetSessionCookies(c);
      return c.json({ ok: true as const }, 200);
    })
    .openapi(guarded(deps, contracts.deleteAccount), async (c) => {
      const who = c.get('member');
      await deleteAccount(deps, { who });
      await forgetSessionCookies(c);
      return c.json({ ok: true as const }, 200);
    });
}
