/**
 * The page to return to after signing in. Only a path on this site is accepted, so a crafted link
 * (`/signin?next=https://evil.example` or `//evil.example`) cannot send a member elsewhere.
 */
export function safeNextPath(next: string | null | undefined, origin: string): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  try {
    const url = new URL(next, origin);
    if (url.origin !== new URL(origin).origin) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}

export function signInPathFor(path: string): string {
  return `/signin?next=${encodeURIComponent(path)}`;
}
