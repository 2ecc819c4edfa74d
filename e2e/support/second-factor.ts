import fs from 'node:fs';
import path from 'node:path';
import { expect, inject } from 'vitest';
import type { APIRequestContext } from 'playwright-core';
import type { Me } from '../../src/shared/account';
import { keyOf, unusedTotpCode } from '../../src/server/testing/totp';
import { PASSWORD } from './journey';

// The e2e admin's second factor (decision 013): set up through the API the first time in a run, its key
// and recovery codes kept in a file beside the server's data folder, so every journey file (each its own
// process; they run one after another) can pass it.

type AdminFactor = { key: string; recoveryCodes: string[]; lastPeriod: number };

function factorFile(): string {
  return path.join(path.dirname(inject('dataDir')), 'admin-second-factor.json');
}

function readFactor(): AdminFactor | null {
  try {
    return JSON.parse(fs.readFileSync(factorFile(), 'utf8')) as AdminFactor;
  } catch {
    return null;
  }
}

function writeFactor(factor: AdminFactor): void {
  fs.writeFileSync(factorFile(), JSON.stringify(factor));
}

/**
 * Gives this signed-in (or half signed-in: password only) context a session that passed the admin's second
 * factor: sets the factor up the first time, else enters a code no journey has used yet (each code passes
 * once), or a recovery code when both codes the server accepts now are spent.
 */
export async function passAdminSecondFactor(request: APIRequestContext, password = PASSWORD): Promise<void> {
  const headers = { origin: inject('baseUrl') };
  const me = ((await (await request.get('/api/me')).json()) as { user: Me | null }).user;
  if (me?.secondFactorPassed) return;
  let factor = readFactor();
  if (me && !me.twoFactorEnabled) {
    const enabled = await request.post('/api/auth/two-factor/enable', { data: { password }, headers });
    expect(enabled.status(), await enabled.text()).toBe(200);
    const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
    factor = { key: keyOf(totpURI), recoveryCodes: backupCodes, lastPeriod: 0 };
    writeFactor(factor);
  }
  if (!factor) throw new Error('The admin has two-step sign-in, but no journey of this run set it up.');
  const next = await unusedTotpCode(factor.key, factor.lastPeriod, { wait: factor.recoveryCodes.length === 0 });
  const [recoveryCode, ...rest] = factor.recoveryCodes;
  const res = next
    ? await request.post('/api/auth/two-factor/verify-totp', { data: { code: next.code }, headers })
    : await request.post('/api/auth/two-factor/verify-backup-code', { data: { code: recoveryCode }, headers });
  writeFactor(next ? { ...factor, lastPeriod: next.period } : { ...factor, recoveryCodes: rest });
  expect(res.status(), await res.text()).toBe(200);
}
