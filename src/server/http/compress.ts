import type { Context, Env } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/compress';
import { acceptsGzip, GZIP_THRESHOLD } from './response-cache';

const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/i;
const VARIES_BY_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/**
 * gzips the answer `c` has made if it is text (pages, scripts, styles, JSON) worth compressing and the client
 * takes gzip, decided as hono/compress decides (app.ts calls it once per request), with one difference: the
 * `Vary: Accept-Encoding` it adds goes on the answer's own headers. hono/compress adds it with `c.header()`,
 * which on an answer already made makes the answer anew around a stream of its body (undici's Response and
 * ReadableStream, read back chunk by chunk): every JSON answer lost @hono/node-server's direct write of a
 * plain body, and /healthz ran at a tenth of a bare node:http server (docs/performance.md, "The cost of every
 * request"). Only an answer that is really compressed is made anew, as it must be.
 */
export function gzipIfWorthIt<E extends Env>(c: Context<E>): void {
  const res = c.res;
  const headers = res.headers;
  const length = headers.get('content-length');
  if (
    res.status === 206 ||
    headers.has('content-encoding') ||
    headers.has('transfer-encoding') ||
    c.req.method === 'HEAD' ||
    (length && Number(length) < GZIP_THRESHOLD) ||
    !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(headers.get('content-type') ?? '') ||
    NO_TRANSFORM.test(headers.get('cache-control') ?? '')
  ) {
    return;
  }
  const vary = headers.get('vary');
  if (vary !== '*' && !(vary && VARIES_BY_ENCODING.test(vary))) headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  if (!acceptsGzip(c) || !res.body) return;
  c.res = new Response(res.body.pipeThrough(new CompressionStream('gzip')), res);
  c.res.headers.delete('Content-Length');
  c.res.headers.set('Content-Encoding', 'gzip');
  const etag = c.res.headers.get('ETag');
  if (etag && !etag.startsWith('W/')) c.res.headers.set('ETag', `W/${etag}`);
}
