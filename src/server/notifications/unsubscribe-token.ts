import { createHmac, timingSafeEqual } from 'node:crypto';
import { UNSUBSCRIBE_KINDS, type UnsubscribeKind } from '../../shared/notifications';

// The one-click unsubscribe link of every notification mail and digest (RFC 8058): it names the member and the
// kind of mail (a kind of notification, or the digest), expires, and is signed with a key derived from SESSION_SECRET for this purpose only, so it
// cannot be forged, turned to another member or kind, or used as anything else. It signs nobody in.

/** How long a link in a mail keeps working. */
export const UNSUBSCRIBE_TOKEN_TTL_MS = 90 * 24 * 60 * 60 * 1000;

export type UnsubscribeClaim = { uid: string; kind: UnsubscribeKind; expiresAt: Date };

export type TokenProblem = 'malformed' | 'forged' | 'expired';

const keyOf = (secret: string) => createHmac('sha256', secret).update('foster-network/notifications/unsubscribe/v1').digest();

function sign(secret: string, payload: string): Buffer {
  return createHmac('sha256', keyOf(secret)).update(payload).digest();
}

export function createUnsubscribeToken(secret: string, { uid, kind, now }: { uid: string; kind: UnsubscribeKind; now: Date }): string {
  const payload = Buffer.from(
    JSON.stringify({ u: uid, k: kind, e: Math.floor((now.getTime() + UNSUBSCRIBE_TOKEN_TTL_MS) / 1000) }),
  ).toString('base64url');
  return `${payload}.${sign(secret, payload).toString('base64url')}`;
}

/** The claim of a token this site signed and that has not expired, or what is wrong with it. */
export function readUnsubscribeToken(secret: string, token: string, now: Date): UnsubscribeClaim | TokenProblem {
  const parts = token.split('.');
  if (parts.length !== 2 || !parts.every((p) => /^[A-Za-z0-9_-]{1,1000}$/.test(p))) return 'malformed';
  const [payload, signature] = parts as [string, string];
  const given = Buffer.from(signature, 'base64url');
  const expected = sign(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
  let claim: unknown;
  try {
    claim = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return 'malformed';
  }
  const { u, k, e } = (claim ?? {}) as { u?: unknown; k?: unknown; e?: unknown };
  if (typeof u !== 'string' || typeof e !== 'number' || !UNSUBSCRIBE_KINDS.includes(k as UnsubscribeKind)) return 'malformed';
  if (e * 1000 <= now.getTime()) return 'expired';
  return { uid: u, kind: k as UnsubscribeKind, expiresAt: new Date(e * 1000) };
}
