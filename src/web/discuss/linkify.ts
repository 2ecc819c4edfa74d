/** A piece of user text: plain text, or a web address to show as a link. */
export type TextPart = { text: string } | { url: string };

const URL_LIKE = /\bhttps?:\/\/[^\s<>"]+/gi;
// Punctuation that ends a sentence rather than the address ("see https://example.org.").
const TRAILING = /[.,;:!?'*_~]+$/;

/** Drops trailing punctuation and closing brackets that have no opening one inside the address. */
function trimAddress(candidate: string): string {
  let url = candidate.replace(TRAILING, '');
  for (const [open, close] of [
    ['(', ')'],
    ['[', ']'],
  ] as const) {
    while (url.endsWith(close) && url.split(close).length > url.split(open).length) {
      url = url.slice(0, -1).replace(TRAILING, '');
    }
  }
  return url;
}

function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * Splits what a member wrote into text and http(s) addresses. Nothing here is HTML: the parts are rendered
 * as React text and anchors, so markup a member types shows as the characters they typed.
 */
export function linkify(input: string): TextPart[] {
  const parts: TextPart[] = [];
  let rest = 0;
  for (const match of input.matchAll(URL_LIKE)) {
    const url = trimAddress(match[0]);
    if (!isWebAddress(url)) continue;
    if (match.index > rest) parts.push({ text: input.slice(rest, match.index) });
    parts.push({ url });
    rest = match.index + url.length;
  }
  if (rest < input.length) parts.push({ text: input.slice(rest) });
  return parts;
}
