// The mail layout's look (decision 044): the site's colours (src/shared/brand.ts) and font stack, written as
// inline styles, which every mail client reads, plus one <style> block for what only a stylesheet can say
// (dark mode, a phone's width), which the clients that read it honour and the others ignore.
import type { CSSProperties } from 'react';
import { BRAND } from '../../../shared/brand';

/** The site's font stack (src/web/theme.ts): Montserrat where the reader has it, the system's sans-serif otherwise. */
const FONT = 'Montserrat, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** Light: charcoal on white, in a page of the palest brand teal. Dark: the same colours' night side. */
export const COLORS = {
  page: '#eef6f6',
  card: '#ffffff',
  text: BRAND.charcoal,
  quiet: '#55605f',
  rule: '#d5e3e3',
  // Links and the button: the brand teal one shade darker, so white text on it passes 4.5:1 (theme.ts).
  link: BRAND.tealDark,
  button: BRAND.tealDark,
  quote: BRAND.turquoise,
  darkPage: '#111717',
  darkCard: '#1b2323',
  darkText: '#e7efee',
  darkQuiet: '#a9b8b6',
  darkRule: '#33403f',
  darkLink: BRAND.turquoise,
} as const;

export const STYLES = {
  body: { margin: 0, padding: 0, backgroundColor: COLORS.page },
  page: { padding: '24px 0', backgroundColor: COLORS.page, fontFamily: FONT, color: COLORS.text },
  container: { width: '100%', maxWidth: '600px', margin: '0 auto' },
  header: { padding: '0 24px 16px' },
  mark: {
    display: 'inline-block',
    width: '36px',
    height: '36px',
    lineHeight: '36px',
    borderRadius: '8px',
    backgroundColor: BRAND.teal,
    color: BRAND.mustard,
    fontSize: '22px',
    textAlign: 'center',
    verticalAlign: 'middle',
    marginRight: '10px',
  },
  wordmark: { fontSize: '20px', fontWeight: 800, color: COLORS.text, verticalAlign: 'middle', textDecoration: 'none' },
  wordmarkAccent: { color: COLORS.link },
  card: {
    backgroundColor: COLORS.card,
    borderTop: `4px solid ${BRAND.teal}`,
    borderRadius: '8px',
    padding: '24px',
  },
  paragraph: { fontSize: '16px', lineHeight: '24px', margin: '0 0 16px', color: COLORS.text },
  link: { color: COLORS.link, textDecoration: 'underline', wordBreak: 'break-word' },
  quote: {
    margin: '0 0 16px',
    padding: '4px 0 4px 16px',
    borderLeft: `4px solid ${COLORS.quote}`,
    fontSize: '16px',
    lineHeight: '24px',
    color: COLORS.text,
  },
  actionCell: { padding: '8px 0 24px' },
  buttonCell: { backgroundColor: COLORS.button, borderRadius: '8px' },
  button: {
    backgroundColor: COLORS.button,
    color: '#ffffff',
    borderRadius: '8px',
    fontSize: '16px',
    fontWeight: 700,
    lineHeight: '24px',
    padding: '12px 24px',
    textDecoration: 'none',
    display: 'inline-block',
  },
  // A long address wraps where it must, and the sentence before it only between words.
  fallback: {
    fontSize: '13px',
    lineHeight: '20px',
    margin: '8px 0 0',
    color: COLORS.quiet,
    overflowWrap: 'anywhere',
    wordBreak: 'break-word',
  },
  footer: { padding: '16px 24px 0' },
  footerText: { fontSize: '13px', lineHeight: '20px', margin: '0 0 8px', color: COLORS.quiet },
  footerLink: { color: COLORS.quiet, textDecoration: 'underline', wordBreak: 'break-word' },
} satisfies Record<string, CSSProperties>;

/**
 * Dark mode for the clients that honour prefers-color-scheme (Apple Mail, iOS, Outlook for Mac, Thunderbird),
 * and Outlook.com's own dark mode, which marks the message with data-ogsc / data-ogsb instead. `!important`
 * because the light colours are inline. Some clients drop <body>'s own style, so the
 * page's colour is also on the table around the message (`.mail-page`). Narrow screens: less padding, so the text keeps its width on a phone.
 */
export const STYLESHEET = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .mail-body, .mail-page { background-color: ${COLORS.darkPage} !important; color: ${COLORS.darkText} !important; }
  .mail-card { background-color: ${COLORS.darkCard} !important; }
  .mail-text, .mail-wordmark { color: ${COLORS.darkText} !important; }
  .mail-link, .mail-accent { color: ${COLORS.darkLink} !important; }
  .mail-quiet, .mail-quiet a { color: ${COLORS.darkQuiet} !important; }
}
[data-ogsc] .mail-text, [data-ogsc] .mail-wordmark { color: ${COLORS.darkText} !important; }
[data-ogsc] .mail-link, [data-ogsc] .mail-accent { color: ${COLORS.darkLink} !important; }
[data-ogsc] .mail-quiet, [data-ogsc] .mail-quiet a { color: ${COLORS.darkQuiet} !important; }
[data-ogsb] .mail-body, [data-ogsb] .mail-page { background-color: ${COLORS.darkPage} !important; }
[data-ogsb] .mail-card { background-color: ${COLORS.darkCard} !important; }
@media (max-width: 620px) {
  .mail-page { padding: 8px 0 !important; }
  .mail-card { padding: 20px 16px !important; border-radius: 0 !important; }
  .mail-header, .mail-footer { padding-left: 16px !important; padding-right: 16px !important; }
}
`
  .trim()
  .replace(/\s*\n\s*/g, ' ');
