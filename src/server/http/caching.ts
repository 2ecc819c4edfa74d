import { createHash } from 'node:crypto';
import type { Context } from 'hono';

/** A strong ETag for these bytes. */
export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** True when the request's If-None-Match names this ETag (weak or strong, or `*`). */
export function isNotModified(c: Context, etag: string): boolean {
  const header = c.req.header('if-none-match');
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

export function notModified(c: Context, etag: string, cacheControl: string) {
  c.header('ETag', etag);
  c.header('Cache-Control', cacheControl);
  return c.body(null, 304);
}
