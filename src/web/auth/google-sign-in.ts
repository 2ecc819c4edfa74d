import { GOOGLE_ERROR_PATH, type GoogleRedirectStart } from '../../shared/google';
import { authPost } from '../lib/api';

// Sign in with Google: a popup for Google's consent (better-auth's oauthPopupClient), or, when the
// browser blocks the popup, the same sign-in as a full-page redirect. Decision 012.

export type GoogleOutcome = 'signed-in' | 'closed' | 'blocked' | 'failed';

/** Where Better Auth sends the browser afterwards; the popup's page decides for itself (see GoogleSignInButton). */
export function googleDestinations(next: string) {
  return { callbackURL: next, newUserCallbackURL: '/update-profile', errorCallbackURL: GOOGLE_ERROR_PATH };
}

type PopupClient = {
  signIn: { popup(opts: { provider: string } & ReturnType<typeof googleDestinations>): Promise<{ error: { code: string } | null }> };
};
let client: Promise<PopupClient> | undefined;

/**
 * Better Auth's browser client, fetched the first time someone is about to use it (a pointer over the
 * button, focus, or the click), so no other page carries its code.
 */
export function loadGoogleClient(): Promise<PopupClient> {
  client ??= Promise.all([import('better-auth/client'), import('better-auth/client/plugins')])
    .then(([{ createAuthClient }, { oauthPopupClient }]) =>
      createAuthClient({ baseURL: `${window.location.origin}/api/auth`, plugins: [oauthPopupClient()] }),
    )
    .catch((error: unknown) => {
      client = undefined;
      throw error;
    });
  return client;
}

/**
 * Opens the popup and waits for it: signed in (the session cookie is set), closed by the person,
 * blocked by the browser, or failed (consent denied, an address Google has not verified, a refused
 * session...). Calling it again while a popup is open brings that popup to the front.
 */
export async function signInWithGooglePopup(next: string): Promise<GoogleOutcome> {
  const { error } = await (await loadGoogleClient()).signIn.popup({ provider: 'google', ...googleDestinations(next) });
  if (!error) return 'signed-in';
  if (error.code === 'POPUP_BLOCKED') return 'blocked';
  if (error.code === 'POPUP_CLOSED') return 'closed';
  return 'failed';
}

/** The same sign-in without a popup: this page goes to Google and comes back to `next` (or /signin?error=…). */
export async function startGoogleRedirect(next: string): Promise<void> {
  const body: GoogleRedirectStart = { provider: 'google', ...googleDestinations(next), disableRedirect: true };
  const { url } = await authPost('/api/auth/sign-in/social', body);
  if (!/^https?:\/\//.test(url)) throw new Error('The sign-in did not answer with an address to go to.');
  window.location.assign(url);
}
