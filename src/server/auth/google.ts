import { and, eq } from 'drizzle-orm';
import type { BetterAuthOptions } from 'better-auth';
import { genericOAuth, oauthPopup } from 'better-auth/plugins';
import { ADMIN_TOPICS } from '../../shared/admin';
import type { GoogleConfig } from '../config';
import type { Db } from '../db/client';
import { account, session, user } from '../db/schema';
import type { LivePublisher } from '../live';
import type { Logger } from '../logger';

// Sign in with Google, built from Better Auth's generic OpenID Connect plugin (discovery, PKCE, the ID
// token checked against the issuer's keys and our nonce) and its popup plugin. The issuer is Google's
// unless GOOGLE_ISSUER_URL says otherwise, so the tests run the same flow against a local provider.
// Decision 012 explains the choices.

export const GOOGLE_PROVIDER_ID = 'google';

/** Better Auth's plugins for Google, or none when the site has no Google client. */
export function googlePlugins(google: GoogleConfig | undefined) {
  if (!google) return [];
  return [
    genericOAuth({
      config: [
        {
          providerId: GOOGLE_PROVIDER_ID,
          name: 'Google',
          clientId: google.clientId,
          clientSecret: google.clientSecret,
          discoveryUrl: `${google.issuerUrl}/.well-known/openid-configuration`,
          scopes: ['openid', 'email', 'profile'],
          pkce: true,
          // Only identities in an ID token signed by the issuer's published keys count.
          requireIdTokenVerification: true,
          // People with several Google accounts pick one instead of being signed in with the last used.
          prompt: 'select_account',
        },
      ],
    }),
    oauthPopup(),
  ];
}

type ValidateUserInfo = NonNullable<NonNullable<BetterAuthOptions['user']>['validateUserInfo']>;

/**
 * Google vouches for an address only when it says the address is verified; anything else could be an
 * address someone merely typed into a Google account, and must not reach the account that owns it.
 * Better Auth asks this before it creates, links or signs in an account from Google.
 */
export const refuseUnverifiedGoogleEmail: ValidateUserInfo = ({ user: info, source }) => {
  if (source.method !== 'oauth' || source.oauth?.providerId !== GOOGLE_PROVIDER_ID) return;
  if (info.emailVerified !== true) return { error: 'email_not_verified', errorDescription: 'Google has not verified this address.' };
};

/**
 * Google proved that this person owns the address. If the account with that address never proved it
 * (someone may have signed up with another person's address), the real owner takes the account over:
 * the address becomes confirmed, the password whoever signed up chose is removed and every session
 * ends. Runs just before Better Auth links the Google identity, after all of its own checks passed.
 */
export async function takeOverUnverifiedAccount(deps: { db: Db; live: LivePublisher; logger: Logger }, userId: string): Promise<void> {
  const tookOver = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select({ emailVerified: user.emailVerified }).from(user).where(eq(user.id, userId)).for('update');
    if (!row || row.emailVerified) return false;
    await tx.update(user).set({ emailVerified: true, updatedAt: new Date() }).where(eq(user.id, userId));
    await tx.delete(account).where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
    await tx.delete(session).where(eq(session.userId, userId));
    await deps.live.publish(tx, { topic: ADMIN_TOPICS.users, kind: 'updated', id: userId });
    return true;
  });
  if (tookOver) deps.logger.info('google sign-in took over an unconfirmed account', { uid: userId });
}
