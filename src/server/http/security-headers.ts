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

export function securityHeaders(opts: { isHttps: (forwardedProto: string | undefined) => boolean }): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    h.set('Content-Security-Policy', CSP);
    h.set('X-Content-Type-Options', 'nosniff');
    h.set('Referrer-Policy', 'same-origin');
    h.set('X-Frame-Options', 'DENY');
    h.set('Cross-Origin-Opener-Policy', 'same-origin');
    h.set('Cross-Origin-Resource-Policy', 'same-origin');
    h.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (opts.isHttps(c.req.header('x-forwarded-proto'))) {
      h.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
  };
}
