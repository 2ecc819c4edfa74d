// The blocks a message is made of, and their plain-text part. Every block is plain text: the HTML part
// (mail-layout.tsx) reaches the reader only through React, which escapes it.

/**
 * One block of a message: a paragraph of plain text, a quotation (for example the words a member wrote), a
 * link (for example a post's page), or the message's main action, shown as a button (for example "Confirm
 * my email address"; one per message). All of them are plain text: never pass HTML.
 */
export type MailBlock = string | { quote: string } | { link: string; label?: string } | { action: string; label: string };

/** Only web links: a javascript: or data: URL in a mail would be an attack, not a link. */
export function safeLink(link: string): string {
  const url = new URL(link);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`Mail links must be http(s) URLs, got ${url.protocol}`);
  }
  return url.toString();
}

export const linesOf = (text: string): string[] => text.split(/\r\n|\r|\n/);

/** A block as plain text: a button reads as its label and its address, like any link, so the text part keeps the URL. */
export function blockToText(block: MailBlock): string {
  if (typeof block === 'string') return block;
  if ('quote' in block)
    return linesOf(block.quote)
      .map((line) => `> ${line}`)
      .join('\n');
  const href = safeLink('action' in block ? block.action : block.link);
  return block.label ? `${block.label}:\n${href}` : href;
}
