import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// The 'I am indeed human' click, proven to the server without storing anything: a token that carries its
// own expiry and a random nonce, signed with a key derived from SESSION_SECRET (so every instance accepts
// the tokens of every other, and a new secret voids them all).

export type HumanTokenCheck = 'ok' | 'missing' | 'expired' | 'invalid';

const VERSION = 'h1';

function keyOf(secret: string): Buffer {
  // A key of its own, so a token can never be mistaken for anything else the secret signs.
  return createHmac('sha256', secret).update('contact human token v1').digest();
}

function signatureOf(key: Buffer, payload: string): Buffer {
  return createHmac('sha256', key).update(payload).digest();
}

export function issueHumanToken(secret: string, now: Date, ttlMs: number): { token: string; expiresAt: Date } {
  const expiresAt = new Date(now.getTime() + ttlMs);
  const payload = `${VERSION}.${expiresAt.getTime()}.${randomBytes(12).toString('base64url')}`;
  const signature = signatureOf(keyOf(secret), payload).toString('base64url');
  return { token: `${payload}.${signature}`, expiresAt };
}

/** When a well-formed token expires (check it first): the time its single use must be remembered until. */
export function humanTokenExpiry(token: string): Date {
  return new Date(Number(token.split('.')[1]));
}

/** Whether the token is one we signed and has not expired; tokens from the future (beyond the TTL) are refused. */
export function checkHumanToken(secret: string, token: string | undefined, now: Date, ttlMs: number): HumanTokenCheck {
  if (!token) return 'missing';
  const parts = token.split('.');
  if (parts.length !== 4 || parts[0] !== VERSION || !/^\d{1,15}$/.test(parts[1]!)) return 'invalid';
  const given = Buffer.from(parts[3]!, 'base64url');
  const expected = signatureOf(keyOf(secret), parts.slice(0, 3).join('.'));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  const expiresAt = Number(parts[1]);
  if (expiresAt <= now.getTime()) return 'expired';
  if (expiresAt > now.getTime() + ttlMs) return 'invalid';
  return 'ok';
}
