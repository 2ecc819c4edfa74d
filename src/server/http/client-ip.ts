import ipaddr from 'ipaddr.js';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { HttpBindings } from '@hono/node-server';

/**
 * The client, as rate limits count it: the socket's address, or behind a proxy we trust the last
 * X-Forwarded-For hop (the one that proxy appended; anything before it is whatever the client wrote).
 * An IPv6 client is its /64, which anyone on IPv6 has to themselves; an IPv4 client reaching a
 * dual-stack socket (::ffff:a.b.c.d) is that IPv4 address.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  return clientKeyOf(clientAddress(c, trustProxy));
}

/** The client's whole address, as clientIp finds it (before an IPv6 address is made its /64). */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // app.request() in tests has no socket.
    return c.req.header('x-test-client-ip') ?? 'local';
  }
}

/**
 * The address of the socket the request came in on (never a header), or undefined without one: app.request()
 * in tests, where the caller is this very process.
 */
export function socketAddress(c: { env: unknown }): string | undefined {
  // Where @hono/node-server puts the incoming request (as getConnInfo reads it).
  const bindings = c.env as { server?: HttpBindings; incoming?: HttpBindings['incoming'] } | undefined;
  return (bindings?.server?.incoming ?? bindings?.incoming)?.socket?.remoteAddress;
}

/**
 * The node:http response this request will be answered on, or undefined without one (app.request() in tests).
 * Headers set on it join the head of whatever answer the app makes, without touching the answer's Web Headers.
 */
export function nodeResponse(c: { env: unknown }): HttpBindings['outgoing'] | undefined {
  const bindings = c.env as { outgoing?: HttpBindings['outgoing'] } | undefined;
  return bindings?.outgoing;
}

/** A request and the answer the app made for it, as the work every answer gets sees them (http/every-answer.ts). */
export type Answer = { request: Request; env: unknown; path: string; res: Response };

/**
 * A header of the request, read from node:http's own headers when there are some: asking the Web Request for
 * one makes @hono/node-server build undici's Headers of the whole request.
 */
export function requestHeader(answer: Pick<Answer, 'request' | 'env'>, name: string): string | undefined {
  const incoming = (answer.env as { incoming?: HttpBindings['incoming'] } | undefined)?.incoming;
  // A caller may hand the app an `incoming` of its own without headers (tests of the loopback check do).
  if (incoming?.headers) {
    const value = incoming.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  }
  return answer.request.headers.get(name) ?? undefined;
}

/** Whether an address is this machine's loopback interface (127.0.0.0/8, ::1, or 127.x mapped into IPv6). */
export function isLoopback(address: string): boolean {
  const ip = address.replace(/%.*$/, '');
  if (!ipaddr.isValid(ip)) return false;
  const parsed = ipaddr.process(ip);
  return parsed.range() === 'loopback';
}

/**
 * The IPv6 /48 the client is in (a site's whole allocation, where a home gets a /56 or a /64), or undefined for
 * an IPv4 client: each /64 counts as a client, so limits that one holder of many /64s must not escape count this too.
 */
export function clientNetwork(c: Context, trustProxy: boolean): string | undefined {
  const ip = clientAddress(c, trustProxy).replace(/%.*$/, '');
  if (!ipaddr.IPv6.isValid(ip)) return undefined;
  const v6 = ipaddr.IPv6.parse(ip);
  if (v6.isIPv4MappedAddress()) return undefined;
  return `${v6.parts
    .slice(0, 3)
    .map((g) => g.toString(16))
    .join(':')}::/48`;
}

/** An IPv6 address as its /64 (or the IPv4 address it maps); anything else as it is. */
export function clientKeyOf(address: string): string {
  const ip = address.replace(/%.*$/, '');
  if (!ipaddr.IPv6.isValid(ip)) return address;
  const v6 = ipaddr.IPv6.parse(ip);
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  return `${v6.parts
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
