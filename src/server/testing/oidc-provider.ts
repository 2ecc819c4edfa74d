import type { IncomingMessage } from 'node:http';
import { OAuth2Server, type MutableRedirectUri, type MutableToken, type TokenRequestIncomingMessage } from 'oauth2-mock-server';

/** Who is signed in to "Google" in a browser, as the ID token will say. */
export type ProviderIdentity = { sub: string; email: string; emailVerified: boolean; name?: string };
/** What the person does on the provider's consent screen: continue as someone, deny, or nothing yet. */
export type Consent = ProviderIdentity | 'deny' | 'undecided';

export const TEST_GOOGLE_CLIENT = { clientId: 'test-client.apps.example', clientSecret: 'test-client-secret' } as const;

/**
 * The browser's session at the provider, kept in a cookie on the provider's host as a real one would be:
 * each browser (or test client) decides for itself who signs in, and nothing is shared between tests.
 */
const CONSENT_COOKIE = 'test_provider_consent';

const encodeConsent = (consent: Consent) => Buffer.from(JSON.stringify(consent)).toString('base64url');

/** The browser cookie (Playwright's BrowserContext.addCookies) that makes the provider at issuerUrl answer with this consent. */
export function consentBrowserCookie(issuerUrl: string, consent: Consent) {
  return { name: CONSENT_COOKIE, value: encodeConsent(consent), url: issuerUrl };
}

function readConsent(req: IncomingMessage): Consent | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== CONSENT_COOKIE) continue;
    try {
      return JSON.parse(Buffer.from(rest.join('='), 'base64url').toString('utf8')) as Consent;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * A real OpenID Connect provider on loopback (oauth2-mock-server: discovery, authorization code with
 * PKCE, RS256-signed ID tokens carrying the nonce) standing in for Google. Its consent screen answers
 * at once, with the consent the browser's cookie holds; without one it answers `login_required`. An
 * 'undecided' person stays on a page of the provider's (its discovery document: it has no consent page
 * of its own) and goes nowhere.
 */
export async function startOidcProvider() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  const identityByCode = new Map<string, ProviderIdentity>();

  server.service.on('beforeAuthorizeRedirect', ({ url }: MutableRedirectUri, req: IncomingMessage) => {
    const consent = readConsent(req);
    const code = url.searchParams.get('code');
    if (consent === 'undecided') {
      url.href = `${server.issuer.url}/.well-known/openid-configuration`;
      return;
    }
    if (consent === undefined || consent === 'deny') {
      url.searchParams.delete('code');
      url.searchParams.set('error', consent === 'deny' ? 'access_denied' : 'login_required');
      return;
    }
    if (code) identityByCode.set(code, consent);
  });
  // Signs both the access token and the ID token; the claims matter in the ID token.
  server.service.on('beforeTokenSigning', (token: MutableToken, req: TokenRequestIncomingMessage) => {
    const who = req.body.code ? identityByCode.get(req.body.code) : undefined;
    if (!who) return;
    Object.assign(token.payload, { sub: who.sub, email: who.email, email_verified: who.emailVerified });
    if (who.name) token.payload.name = who.name;
  });
  server.service.on('beforeResponse', (_response: unknown, req: TokenRequestIncomingMessage) => {
    if (req.body.code) identityByCode.delete(req.body.code);
  });

  await server.start(0, '127.0.0.1');
  // The server would name itself "localhost", which may resolve to ::1, where it does not listen.
  server.issuer.url = `http://127.0.0.1:${server.address().port}`;
  const issuerUrl = server.issuer.url;

  return {
    issuerUrl,
    config: { ...TEST_GOOGLE_CLIENT, issuerUrl },
    /** The Cookie header value that makes the provider answer with this consent. */
    consentCookie: (consent: Consent) => `${CONSENT_COOKIE}=${encodeConsent(consent)}`,
    stop: () => server.stop(),
  };
}

export type OidcProvider = Awaited<ReturnType<typeof startOidcProvider>>;
