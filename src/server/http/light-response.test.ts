import { getRequestListener } from '@hono/node-server';
import { describe, expect, it } from 'vitest';
import { knownBodySize } from './light-response';

describe('knownBodySize', () => {
  it("reads the body's size from @hono/node-server's light Response, without making it a real one", () => {
    // What serve() does first: @hono/node-server's Response takes the global's place.
    getRequestListener(() => new Response('ok'));
    // If this fails after an upgrade of @hono/node-server, its light Response keeps its body elsewhere now: every
    // small answer reads its headers again (slower, still right). Find where, or remove light-response.ts.
    expect(knownBodySize(new Response('ok'))).toBe(2);
    // Bytes, not characters: ñ is two.
    const json = new Response('{"name":"Peña"}', { headers: { 'content-type': 'application/json' } });
    expect(knownBodySize(json)).toBe(16);
    expect(knownBodySize(new Response(new Uint8Array(2048)))).toBe(2048);
    expect(knownBodySize(new Response(null, { status: 204 }))).toBe(0);
    // A stream's size is not known before it is read.
    expect(knownBodySize(new Response(new Blob(['x']).stream()))).toBeUndefined();
    // Once made real (its body asked for), the answer holds nothing of its own any more.
    const made = new Response('ok');
    void made.body;
    expect(knownBodySize(made)).toBeUndefined();
  });
});
