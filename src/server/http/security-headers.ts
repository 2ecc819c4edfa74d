import { nodeResponse, type Answer } from './client-ip';

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
 * The headers every answer gets, made once. Our pages keep their handle on a popup they open (the Google
 * sign-in) but nothing else gets one on them (Cross-Origin-Opener-Policy).
 */
const EVERY_ANSWER: ReadonlyArray<readonly [string, string]> = [
  ['Content-Security-Policy', CSP],
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'same-origin'],
  ['X-Frame-Options', 'DENY'],
  ['Cross-Origin-Opener-Policy', 'same-origin-allow-popups'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
];
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The answers a sign-in popup loads: the start (a redirect to Google) and Better Auth's callback, whose
 * completion page posts the outcome to the page that opened the popup (better-auth's oauthPopup plugin).
 */
const POPUP_FLOW_PATH = /^\/api\/auth\/(oauth-popup\/start|callback\/)/;
/** The completion page's own policy: nothing loads, only the script whose hash it names runs. */
const OWN_POPUP_CSP = /^default-src 'none'; script-src 'sha256-[A-Za-z0-9+/=]+'; base-uri 'none'$/;

/**
 * Our security headers on the answer the app made (every-answer.ts calls it once per request, after everything
 * else); `https` adds HSTS.
 */
export function setSecurityHeaders(answer: Answer, https: boolean): void {
  const isPopupFlow = POPUP_FLOW_PATH.test(answer.path);
  const outgoing = nodeResponse(answer);
  if (outgoing && !isPopupFlow && !outgoing.headersSent) {
    // Served by node:http (main.ts): on the node response, which adds them to the head of whatever answer the
    // app made. On the answer's Web Headers instead, each costs undici's checks, and then Node's own when the
    // head is written (docs/performance.md, "The cost of every request"). No answer of ours sets one of these
    // itself (the popup's own policy goes the other way, below).
    for (const [name, value] of EVERY_ANSWER) outgoing.setHeader(name, value);
    if (https) outgoing.setHeader('Strict-Transport-Security', HSTS);
    return;
  }
  const h = answer.res.headers;
  const ownCsp = isPopupFlow ? h.get('Content-Security-Policy') : null;
  for (const [name, value] of EVERY_ANSWER) h.set(name, value);
  if (https) h.set('Strict-Transport-Security', HSTS);
  if (!isPopupFlow) return;
  // The completion page runs one inline script, allowed by its hash in the policy it brings; it keeps
  // that policy (stricter than ours in every other way) and may not be framed either.
  if (ownCsp && OWN_POPUP_CSP.test(ownCsp)) h.set('Content-Security-Policy', `${ownCsp}; frame-ancestors 'none'`);
  // The popup's own pages carry no opener policy: arriving from Google's (another origin) with one would
  // put the popup in a new browsing context group and cut it off from its opener (HTML, "obtain a
  // browsing context to use for a navigation response"), so it could neither report back nor be seen closing.
  h.delete('Cross-Origin-Opener-Policy');
}
