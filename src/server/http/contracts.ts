import { gunzipSync } from 'node:zlib';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import type { Contract } from '../../shared/contracts/define';
import { requireAdmin, requireUser, type AuthVariables } from './session';
import type { AppDeps } from '../deps';
import { AppError } from './errors';
import { fieldErrorsOf } from './validate';

// The server's side of the contracts (src/shared/contracts): each feature registers its handlers with
// `app.openapi(guarded(contract), handler)`. Input is checked by @hono/zod-openapi before the handler runs
// (our VALIDATION answer, field by field); who may ask is checked before that.

export type ApiEnv = { Variables: AuthVariables };

/** A feature's router: handlers registered from contracts, refused input answered as everywhere else. */
export function contractRouter() {
  return new OpenAPIHono<ApiEnv>({
    defaultHook: (result) => {
      if (!result.success) throw new AppError('VALIDATION', undefined, fieldErrorsOf(result.error));
    },
  });
}

/** Every contract registered, by "METHOD /api/path/:param", for the response checks of the tests. */
const registered = new Map<string, Contract>();

export const routeKeyOf = (method: string, honoPath: string) => `${method.toUpperCase()} ${honoPath}`;
const honoPathOf = (contractPath: string) => `/api${contractPath.replaceAll(/\{(\w+)\}/g, ':$1')}`;

/** The contract with the check of who may ask in front of its input validation. */
export function guarded<const C extends Contract>(
  deps: Pick<AppDeps, 'database' | 'config'>,
  c: C,
): C & { middleware: MiddlewareHandler<ApiEnv>[] } {
  registered.set(routeKeyOf(c.method, honoPathOf(c.path)), c);
  const access: MiddlewareHandler<ApiEnv> = async (ctx, next) => {
    if (c.access === 'member') requireUser(ctx);
    if (c.access === 'admin') await requireAdmin(ctx as Context<ApiEnv>, deps.database.db, deps.config);
    await next();
  };
  // In the document, who may call is an extension field (`x-access`): OpenAPI has no `access` of its own.
  const { access: who, ...route } = c;
  return { ...route, 'x-access': who, middleware: who === 'anyone' ? [] : [access] } as unknown as C & {
    middleware: MiddlewareHandler<ApiEnv>[];
  };
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
