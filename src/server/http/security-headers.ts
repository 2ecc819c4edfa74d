import type { MiddlewareHandler } from 'hono';

// No inline script anywhere (the built front end has none). Styles allow inline because the component
// library sets CSS variables through a style element; no script can run from a style.
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-src 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
  "base-uri 'none'",
  "object-src 'none'",
].join('; ');

/**
 * The answers a sign-in popup loads: the start (a redirect to Google) and Better Auth's callback, whose
 * completion page posts the outcome to the page that opened the popup (better-auth's oauthPopup plugin).
 */
const POPUP_FLOW_PATH = /^\/api\/auth\/(oauth-popup\/start|callback\/)/;
/** The completion page's own policy: nothing loads, only the script whose hash it names runs. */
const OWN_POPUP_CSP = /^default-src 'none'; script-src 'sha256-[A-Za-z0-9+/=]+'; base-uri 'none'$/;

export function securityHeaders(opts: { isHttps: (forwardedProto: string | undefined) => boolean }): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    const isPopupFlow = POPUP_FLOW_PATH.test(c.req.path);
    const ownCsp = h.get('Content-Security-Policy');
    // The completion page runs one inline script, allowed by its hash in the policy it brings; it keeps
    // that policy (stricter than ours in every other way) and may not be framed either.
    if (isPopupFlow && ownCsp && OWN_POPUP_CSP.test(ownCsp)) h.set('Content-Security-Policy', `${ownCsp}; frame-ancestors 'none'`);
    else h.set('Content-Security-Policy', CSP);
    h.set('X-Content-Type-Options', 'nosniff');
    h.set('Referrer-Policy', 'same-origin');
    h.set('X-Frame-Options', 'DENY');
    // Our pages keep their handle on a popup they open (the Google sign-in) but nothing else gets one on
    // them. The popup's own pages carry no policy: arriving from Google's (another origin) with one would
    // put the popup in a new browsing context group and cut it off from its opener (HTML, "obtain a
    // browsing context to use for a navigation response"), so it could neither report back nor be seen closing.
    if (isPopupFlow) h.delete('Cross-Origin-Opener-Policy');
    else h.set('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
    h.set('Cross-Origin-Resource-Policy', 'same-origin');
    h.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (opts.isHttps(c.req.header('x-forwarded-proto'))) {
      h.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
  };
}
