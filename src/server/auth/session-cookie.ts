/**
 * What a request's Cookie header says of its session (issue 23): no session cookie, exactly one under the
 * name Better Auth reads, or more than one under any of the session cookie's names. The last is a browser
 * holding a cookie planted by someone else (from a sibling subdomain with `Domain=`, or over plain http)
 * beside its own: Better Auth's parser takes the first of a name, another parser the last, so such a
 * request is nobody's, on every route.
 */
export type SessionCookie = { kind: 'none' } | { kind: 'one'; value: string } | { kind: 'ambiguous'; names: string[] };

const PREFIXES = ['', '__Secure-', '__Host-'];

/** Every name a session cookie can be read under: ours, with either prefix, and the dashed spelling. */
function sessionCookieNames(ourName: string): Set<string> {
  const base = ourName.replace(/^__(Secure|Host)-/, '');
  const dashed = base.replace('.', '-');
  return new Set(PREFIXES.flatMap((prefix) => [`${prefix}${base}`, `${prefix}${dashed}`]));
}

/** Decodes as better-call does (quotes dropped, percent-decoded when it decodes). */
function decodeValue(raw: string): string {
  let value = raw.trim();
  if (value.codePointAt(0) === 34) value = value.slice(1, -1);
  try {
    return value.includes('%') ? decodeURIComponent(value) : value;
  } catch {
    return value;
  }
}

/** The name=value pairs of a Cookie header, every one, in order (duplicates kept), split as better-call splits. */
function cookiePairs(header: string): Array<{ name: string; raw: string }> {
  const pairs: Array<{ name: string; raw: string }> = [];
  let index = 0;
  while (index < header.length) {
    const eq = header.indexOf('=', index);
    if (eq === -1) break;
    let end = header.indexOf(';', index);
    if (end === -1) end = header.length;
    else if (end < eq) {
      index = header.lastIndexOf(';', eq - 1) + 1;
      continue;
    }
    pairs.push({ name: header.slice(index, eq).trim(), raw: header.slice(eq + 1, end) });
    index = end + 1;
  }
  return pairs;
}

/** Reads the session cookie named `ourName` (the one Better Auth reads) from a request's headers. */
export function readSessionCookie(headers: Pick<Headers, 'get'>, ourName: string): SessionCookie {
  const header = headers.get('cookie');
  if (!header) return { kind: 'none' };
  const names = sessionCookieNames(ourName);
  const found = cookiePairs(header).filter((pair) => names.has(pair.name));
  if (found.length > 1) return { kind: 'ambiguous', names: [...new Set(found.map((pair) => pair.name))] };
  const [only] = found;
  // A lone cookie under another of the names is one Better Auth does not read: nobody is signed in.
  if (!only || only.name !== ourName) return { kind: 'none' };
  const value = decodeValue(only.raw);
  return value ? { kind: 'one', value } : { kind: 'none' };
}

/** The session's token inside a signed cookie value (`token.signature`), as Better Auth stores it. */
export function tokenOfCookieValue(value: string): string {
  const dot = value.lastIndexOf('.');
  return dot === -1 ? value : value.slice(0, dot);
}

/** The same headers without any of the session cookie's names, for Better Auth when the session is ambiguous. */
export function withoutSessionCookies(headers: Headers, ourName: string): Headers {
  const names = sessionCookieNames(ourName);
  const copy = new Headers(headers);
  const kept = cookiePairs(headers.get('cookie') ?? '')
    .filter((pair) => !names.has(pair.name))
    .map((pair) => `${pair.name}=${pair.raw.trim()}`);
  if (kept.length) copy.set('cookie', kept.join('; '));
  else copy.delete('cookie');
  return copy;
}

/** The domains a cookie for `host` may have been set on: the host's parents, down to two labels. */
function parentDomains(host: string): string[] {
  if (/^[\d.]+$/.test(host) || host.includes(':') || !host.includes('.')) return [];
  const labels = host.split('.');
  const parents: string[] = [];
  for (let i = 1; i <= labels.length - 2; i++) parents.push(labels.slice(i).join('.'));
  return parents;
}

/**
 * Set-Cookie lines that tell the browser to drop every session cookie it sent under `names`: host-only, and
 * on each parent domain of the site (where a sibling subdomain can plant one). The member is signed out, and
 * the next sign-in gives the browser one session cookie again. A cookie planted with another Path stays
 * until it expires.
 */
export function expiredSessionCookies(names: string[], publicUrl: string): string[] {
  const { hostname, protocol } = new URL(publicUrl);
  const secure = protocol === 'https:';
  return names.flatMap((name) => {
    const attributes = `Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure || name.startsWith('__') ? '; Secure' : ''}`;
    // A __Host- cookie never has a Domain, and the browser refuses one that names it.
    const domains = name.startsWith('__Host-') ? [] : parentDomains(hostname);
    return [`${name}=; ${attributes}`, ...domains.map((domain) => `${name}=; ${attributes}; Domain=${domain}`)];
  });
}
