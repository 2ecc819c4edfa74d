/**
 * The size in bytes of an answer's body, when the server can tell it without making the answer a real
 * `Response`; undefined when it cannot.
 *
 * Under node:http, @hono/node-server puts a light `Response` of its own in place of the global one. An answer
 * made from a string or bytes (what `c.json()`, `c.text()` and `c.body()` make) keeps its status, body and
 * headers as given, under a symbol of that class, until something asks for more than its status or headers.
 * It then writes them with one `writeHead`. Asking for the headers builds undici's `Headers` from the plain
 * object, and those are written through a slower path: 5–10 µs of the ~50 µs that `/healthz` costs
 * (docs/performance.md, "What is left"). The gzip decision (compress.ts) needs only the body's size to leave a
 * small answer alone, so it reads the body from there.
 *
 * The symbol is not exported. It is found by its description ('cache') on the first light answer seen; a later
 * @hono/node-server that renames it only takes the slower way (the headers), and light-response.test.ts says so.
 */
let lightKey: symbol | undefined;

export function knownBodySize(res: Response): number | undefined {
  lightKey ??= Object.getOwnPropertySymbols(res).find((s) => s.description === 'cache');
  if (!lightKey) return undefined;
  const held: unknown = (res as unknown as Record<symbol, unknown>)[lightKey];
  if (!Array.isArray(held)) return undefined;
  const body: unknown = held[1];
  if (body === null) return 0;
  if (typeof body === 'string') return Buffer.byteLength(body);
  if (body instanceof Uint8Array) return body.byteLength;
  return undefined;
}
