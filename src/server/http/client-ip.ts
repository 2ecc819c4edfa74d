import ipaddr from 'ipaddr.js';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/**
 * The client, as rate limits count it: the socket's address, or behind a proxy we trust the last
 * X-Forwarded-For hop (the one that proxy appended; anything before it is whatever the client wrote).
 * An IPv6 client is its /64, which anyone on IPv6 has to themselves; an IPv4 client reaching a
 * dual-stack socket (::ffff:a.b.c.d) is that IPv4 address.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  return clientKeyOf(rawClientIp(c, trustProxy));
}

function rawClientIp(c: Context, trustProxy: boolean): string {
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
