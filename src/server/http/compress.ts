import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/compress';
import { requestHeader, type Answer } from './client-ip';
import { knownBodySize } from './light-response';
import { GZIP_THRESHOLD, isKeptAnswer, takesGzip } from './response-cache';

const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/i;
const VARIES_BY_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/**
 * gzips the answer the app made if it is text (pages, scripts, styles, JSON) worth compressing and the client
 * takes gzip, decided as hono/compress decides (app.ts calls it once per request), with one difference: the
 * `Vary: Accept-Encoding` it adds goes on the answer's own headers. hono/compress adds it with `c.header()`,
 * which on an answer already made makes the answer anew around a stream of its body (undici's Response and
 * ReadableStream, read back chunk by chunk): every JSON answer lost @hono/node-server's direct write of a
 * plain body, and /healthz ran at a tenth of a bare node:http server (docs/performance.md, "The cost of every
 * request"). Only an answer that is really compressed is made anew, as it must be. Answers the answer to send.
 */
export function gzipIfWorthIt(answer: Answer): Response {
  const res = answer.res;
  if (isKeptAnswer(res)) return res;
  // A small answer whose size is known is left alone, as one with a small Content-Length below, without
  // reading its headers (which would make them undici's Headers: light-response.ts).
  const size = knownBodySize(res);
  if (size !== undefined && size < GZIP_THRESHOLD) return res;
  const headers = res.headers;
  const length = headers.get('content-length');
  if (
    res.status === 206 ||
    headers.has('content-encoding') ||
    headers.has('transfer-encoding') ||
    answer.request.method === 'HEAD' ||
    (length && Number(length) < GZIP_THRESHOLD) ||
    !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(headers.get('content-type') ?? '') ||
    NO_TRANSFORM.test(headers.get('cache-control') ?? '')
  ) {
    return res;
  }
  const vary = headers.get('vary');
  if (vary !== '*' && !(vary && VARIES_BY_ENCODING.test(vary))) headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  if (!takesGzip(requestHeader(answer, 'accept-encoding')) || !res.body) return res;
  const gzipped = new Response(res.body.pipeThrough(new CompressionStream('gzip')), res);
  gzipped.headers.delete('Content-Length');
  gzipped.headers.set('Content-Encoding', 'gzip');
  const etag = gzipped.headers.get('ETag');
  if (etag && !etag.startsWith('W/')) gzipped.headers.set('ETag', `W/${etag}`);
  return gzipped;
}
