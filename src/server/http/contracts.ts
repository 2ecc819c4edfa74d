import { gunzipSync } from 'node:zlib';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { Contract } from '../../shared/contracts/define';
import { requireAdmin, requireUser, type AuthVariables, type SessionUser } from './session';
import type { AppDeps } from '../deps';
import { AppError } from './errors';
import { fieldErrorsOf } from './validate';

// The server's side of the contracts (src/shared/contracts): each feature registers its handlers with
// `app.openapi(guarded(contract), handler)`. Input is checked by @hono/zod-openapi before the handler runs
// (our VALIDATION answer, field by field); who may ask is checked before that.

export type ApiEnv = { Variables: AuthVariables };

/**
 * What the handler of a member's or an admin's contract reads: `c.get('member')`, who asks, already checked
 * (signed in; an admin past the second factor where the contract says so). guarded()'s access check is the
 * route's first middleware and sets it before anything else runs, so the type can say it is there (no null,
 * no `!`), and no handler asks requireUser again.
 */
export type MemberEnv = { Variables: AuthVariables & { member: SessionUser } };

/**
 * A feature's router: handlers registered from contracts, refused input answered as everywhere else. A path
 * parameter that is refused names nothing: 404, with the message its contract's schema gives (the thing it
 * names, src/shared/contracts/params.ts), as for an id that does not exist.
 */
export function contractRouter() {
  return new OpenAPIHono<ApiEnv>({
    defaultHook: (result) => {
      if (result.success) return;
      if (result.target === 'param') throw new AppError('NOT_FOUND', result.error.issues[0]?.message);
      throw new AppError('VALIDATION', undefined, fieldErrorsOf(result.error));
    },
  });
}

/** Every contract registered, by "METHOD /api/path/:param", for the response checks of the tests. */
const registered = new Map<string, Contract>();

export const routeKeyOf = (method: string, honoPath: string) => `${method.toUpperCase()} ${honoPath}`;
const honoPathOf = (contractPath: string) => `/api${contractPath.replaceAll(/\{(\w+)\}/g, ':$1')}`;

/** The access check of a member's or an admin's contract, which gives its handler the member (MemberEnv). */
type AccessCheck = MiddlewareHandler<MemberEnv>;
/** A one-element tuple, so that @hono/zod-openapi types the handler's context from the check's env. */
type Guarded<C extends Contract> = C & { middleware: C['access'] extends 'anyone' ? [] : [AccessCheck] };

/** The contract with the check of who may ask in front of its input validation. */
export function guarded<const C extends Contract>(deps: Pick<AppDeps, 'database' | 'config'>, c: C): Guarded<C> {
  registered.set(routeKeyOf(c.method, honoPathOf(c.path)), c);
  const access: AccessCheck = async (ctx, next) => {
    ctx.set('member', c.access === 'admin' ? await requireAdmin(ctx, deps.database.db, deps.config) : requireUser(ctx));
    await next();
  };
  // In the document, who may call is an extension field (`x-access`): OpenAPI has no `access` of its own.
  const { access: who, ...route } = c;
  return { ...route, 'x-access': who, middleware: who === 'anyone' ? [] : [access] } as unknown as Guarded<C>;
}

/**
 * A public contract (anyone may ask) with a middleware of its own in front of its input validation: a kept answer
 * sent again by its address (keptByAddress, response-cache.ts). The middleware adds nothing to the handler's context.
 */
export function answeredFirstBy<const C extends Contract & { access: 'anyone' }>(
  route: Guarded<C>,
  first: MiddlewareHandler<{ Variables: AuthVariables }>,
): Guarded<C> {
  return { ...route, middleware: [first] } as unknown as Guarded<C>;
}

/**
 * For tests: every JSON answer of a registered route must match its contract's schema for that status;
 * a mismatch throws, which is a 500 and fails the test that caused it (the unhandled-error tripwire).
 */
export const checkResponses: MiddlewareHandler = async (c, next) => {
  await next();
  const found = registered.get(routeKeyOf(c.req.method, c.req.routePath));
  if (!found || !c.res.headers.get('content-type')?.startsWith('application/json')) return;
  const declared = (found.responses as Record<number, { content?: Record<string, { schema?: unknown }> }>)[c.res.status];
  const schema = declared?.content?.['application/json']?.schema as
    { safeParse?: (v: unknown) => { success: boolean; error?: unknown } } | undefined;
  if (!schema?.safeParse)
    throw new Error(`${routeKeyOf(c.req.method, c.req.routePath)} answered ${c.res.status}, which its contract does not declare`);
  // An answer kept gzipped (sendAnswer) is checked as the client reads it.
  const raw = Buffer.from(await c.res.clone().arrayBuffer());
  const text = c.res.headers.get('content-encoding') === 'gzip' ? gunzipSync(raw).toString('utf8') : raw.toString('utf8');
  const parsed = schema.safeParse(JSON.parse(text));
  if (!parsed.success)
    throw new Error(`${routeKeyOf(c.req.method, c.req.routePath)} answered ${c.res.status} off its contract: ${String(parsed.error)}`);
};
