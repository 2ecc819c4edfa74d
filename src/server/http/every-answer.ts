import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { getPath } from 'hono/utils/url';
import type { Logger } from '../logger';
import { gzipIfWorthIt } from './compress';
import { nodeResponse, requestHeader, type Answer } from './client-ip';
import { setSecurityHeaders } from './security-headers';

type Fetch = Hono['fetch'];

/** Each request's id, for the app's error handler to log and answer with (requestIdOf). */
const requestIds = new WeakMap<Request, string>();

/** The id `answerEveryRequest` gave this request (its X-Request-Id), if it went through it. */
export function requestIdOf(request: Request): string | undefined {
  return requestIds.get(request);
}

/**
 * What every answer gets (a request id, gzip, the security headers, the debug log line), put around the app's
 * `fetch` rather than in a middleware. A middleware on `*` makes every route two handlers, so Hono composes
 * them anew per request (a promise for each, then the async hooks Better Auth's AsyncLocalStorage turns on
 * on each), even for a route that answers at once; around `fetch`, a route without middleware of its own
 * answers synchronously, and @hono/node-server writes its answer in the same turn (docs/performance.md, "The
 * cost of every request"). Errors are answered inside the app (its onError), so every answer passes here.
 * `https(forwardedProto)` says whether the request came over https; it reads the header only if it needs to.
 */
export function answerEveryRequest(
  fetch: Fetch,
  opts: { https: (forwardedProto: () => string | undefined) => boolean; logger: Logger },
): Fetch {
  const finish = (answer: Answer, requestId: string, started: number): Response => {
    // gzip for text (pages, scripts, styles, JSON): the landing's scripts shrink to a third on slow networks.
    // Event streams, PDFs, images and fonts are left alone (already compressed, or must not be buffered).
    answer.res = gzipIfWorthIt(answer);
    setSecurityHeaders(
      answer,
      opts.https(() => requestHeader(answer, 'x-forwarded-proto')),
    );
    // On the node response when there is one, as the security headers.
    const outgoing = nodeResponse(answer);
    if (outgoing && !outgoing.headersSent) outgoing.setHeader('X-Request-Id', requestId);
    else answer.res.headers.set('X-Request-Id', requestId);
    opts.logger.debug('request', {
      requestId,
      method: answer.request.method,
      path: answer.path,
      status: answer.res.status,
      ms: Math.round(performance.now() - started),
    });
    return answer.res;
  };
  return (request, env, executionCtx) => {
    const requestId = randomUUID();
    requestIds.set(request, requestId);
    const started = performance.now();
    const res = fetch(request, env, executionCtx);
    const answer = (made: Response): Answer => ({ request, env, path: getPath(request), res: made });
    return res instanceof Promise ? res.then((made) => finish(answer(made), requestId, started)) : finish(answer(res), requestId, started);
  };
}
