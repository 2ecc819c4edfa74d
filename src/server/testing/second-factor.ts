import { TEST_PASSWORD } from './app';
import { keyOf, nextTotpCode } from './totp';

/** What a set-up showed: the authenticator app's key (base32) and the recovery codes. */
export type SecondFactor = { key: string; totpUri: string; recoveryCodes: string[] };

type Client = { post: (url: string, body?: unknown) => Promise<Response> };

async function expectOk(res: Response, what: string): Promise<unknown> {
  if (res.status !== 200) throw new Error(`${what} failed: ${res.status} ${await res.text()}`);
  return res.json();
}

/**
 * Sets up two-step sign-in for the signed-in client the way a person does (password, then a code from the
 * app), which also marks this session as having passed it: what an admin needs before the admin area opens.
 */
export async function passSecondFactor(client: Client, password = TEST_PASSWORD): Promise<SecondFactor> {
  const enabled = (await expectOk(await client.post('/api/auth/two-factor/enable', { password }), 'enabling two-step sign-in')) as {
    totpURI: string;
    backupCodes: string[];
  };
  const factor = { key: keyOf(enabled.totpURI), totpUri: enabled.totpURI, recoveryCodes: enabled.backupCodes };
  await verifySecondFactor(client, factor);
  return factor;
}

/** A fresh code from the app for this client: finishes a pending sign-in, or steps the signed-in session up. */
export async function verifySecondFactor(client: Client, factor: Pick<SecondFactor, 'key'>): Promise<void> {
  const code = await nextTotpCode(factor.key);
  await expectOk(await client.post('/api/auth/two-factor/verify-totp', { code }), 'the code from the app');
}
