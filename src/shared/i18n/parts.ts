// Which catalog each source file's messages go to (lingui.config.ts). The site's text is kept in one
// catalog per part of the product, so a page loads its part's words only when it needs them (the landing
// page loads the frame's alone) and the people translating a feature find its words together.
//
// A file belongs to the first part whose rule matches its path (from the repository's root).

export const PARTS = ['care', 'needs', 'churches', 'admin', 'community', 'frame', 'core'] as const;
export type Part = (typeof PARTS)[number];

const RULES: [Part, RegExp][] = [
  ['care', /care|clearance/],
  ['needs', /need/],
  ['churches', /church/],
  ['admin', /^src\/(web|server)\/(admin|activity|analytics|backup)\/|^src\/shared\/(admin|page-view)|contracts\/admin/],
  ['community', /discuss|forum|directory|profile|notification|member-name|follow|messages-page/],
  [
    'frame',
    /^src\/web\/|^src\/server\/(auth|account|contact|resources|states|web)\/|^src\/shared\/(account|two-factor|contact|resources|states|state-stat|google|brand|routes)|contracts\/(account|auth|public|states|contact|resources)/,
  ],
  ['core', /./],
];

export function partOf(file: string): Part {
  for (const [part, rule] of RULES) if (rule.test(file)) return part;
  return 'core';
}
