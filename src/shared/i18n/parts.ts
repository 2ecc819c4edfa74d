// Which catalog each source file's messages go to (lingui.config.ts). The site's text is kept in one
// catalog per part of the product, so the people translating a feature find its words together. (The
// browser loads its language's parts as one; the prerendered landing page carries the few it shows.)
//
// A file belongs to the first part whose rule matches its path (from the repository's root).

export const PARTS = ['care', 'needs', 'churches', 'admin', 'community', 'account', 'frame', 'core'] as const;
export type Part = (typeof PARTS)[number];

const RULES: [Part, RegExp][] = [
  // The landing page's words (the home page, the map and their bands) load with it: the frame's part.
  ['frame', /^src\/web\/(home|map)\//],
  ['care', /care|clearance/],
  ['needs', /need/],
  ['churches', /church/],
  ['admin', /^src\/(web|server)\/(admin|activity|analytics|backup)\/|^src\/shared\/(admin|page-view)|contracts\/admin/],
  ['community', /discuss|forum|directory|profile|notification|member-name|follow|messages-page/],
  ['account', /^src\/(web|server)\/(auth|account|two-factor)\/|^src\/shared\/(account|two-factor|google)|contracts\/(account|auth)/],
  // The frame's words: the header and footer, the pages' common parts, the home page and the map.
  ['frame', /^src\/web\/|^src\/server\/web\/|^src\/shared\/(states|state-stat|brand|routes)|contracts\/(public|states)/],
  ['core', /./],
];

export function partOf(file: string): Part {
  for (const [part, rule] of RULES) if (rule.test(file)) return part;
  return 'core';
}
