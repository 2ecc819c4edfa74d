import { HtmlValidate, type ConfigData } from 'html-validate';

// The HTML validator (html-validate) with its recommended rules, as issue 29 asks, leaving aside only rules about
// how markup is written rather than what it means (decision 050). html-validate's command line needs Node 22;
// its API, used here, runs on our Node 20.

/** Rules about style that a page's markup, wherever it comes from, is not held to. */
const STYLE_RULES_LEFT_ASIDE: ConfigData['rules'] = {
  // `<!doctype html>` or `<!DOCTYPE html>`, `<br>` or `<br/>`: the same document (issue 29 leaves both aside).
  'doctype-style': 'off',
  'void-style': 'off',
  // `required` or `required=""`: the same attribute. React writes `=""`, and so does Chromium's serialiser.
  'attribute-boolean-style': 'off',
  'attribute-empty-style': 'off',
  // Style attributes are how Mantine passes a component its CSS variables (a progress section's width, a grid's
  // columns); the Content-Security-Policy allows them on purpose (style-src 'unsafe-inline', security-headers.ts).
  'no-inline-style': 'off',
  // An id is valid HTML when it is not empty and has no space; the strict form also wants a letter first, which
  // React's useId ids (`_r_1_`) never have. html-validate's own "standard" preset is this relaxed one.
  'valid-id': ['error', { relaxed: true }],
};

const validator = {
  /**
   * A page as Chromium holds it (`page.content()`): html-validate's preset for markup read back from a browser,
   * which also leaves aside the whitespace and self-closing style the serialiser decides, not us.
   */
  browser: new HtmlValidate({ extends: ['html-validate:recommended', 'html-validate:browser'], rules: STYLE_RULES_LEFT_ASIDE }),
  /**
   * A file as the server sends it (the prerendered landing page). React writes some attribute names in camel case
   * (`hrefLang`, `autoComplete`); HTML's attribute names are case-insensitive, and the browser's copy of the same
   * page, validated with the rule on, has them in lower case.
   */
  file: new HtmlValidate({ extends: ['html-validate:recommended'], rules: { ...STYLE_RULES_LEFT_ASIDE, 'attr-case': 'off' } }),
};

/** What the validator finds in `html`, one line each (`rule: message (where)`); none when it is valid. */
export async function invalidities(html: string, source: keyof typeof validator): Promise<string[]> {
  const report = await validator[source].validateString(html);
  return report.results.flatMap((result) =>
    result.messages.map((m) => `${m.ruleId}: ${m.message} (${m.selector ?? `line ${m.line}, column ${m.column}`})`),
  );
}
