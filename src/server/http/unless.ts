import type { Context, Env, MiddlewareHandler } from 'hono';

/**
 * `middleware` for every request but those `skip` names. hono/combine's `except()` does the same through
 * `some()` and `every()`, which compose a chain anew on each request: on every API request, two of them cost
 * more than the trivial route's whole answer (docs/performance.md, "The cost of every request").
 */
export function unless<E extends Env>(skip: (c: Context<E>) => boolean, middleware: MiddlewareHandler<E>): MiddlewareHandler<E> {
  return (c, next) => (skip(c) ? next() : middleware(c, next));
}
