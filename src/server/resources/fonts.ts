import { createRequire } from 'node:module';
import type * as Fontkit from 'fontkit';

// Montserrat, the site's font (FACTS.md), from the same package the front end ships it from. WOFF, not
// WOFF2: pdfkit's subsetting of WOFF2 compound glyphs fails (fontkit 2.0).
const require = createRequire(import.meta.url);

export const WEIGHTS = { regular: 400, bold: 700, extraBold: 800 } as const;
export type Weight = keyof typeof WEIGHTS;

export function fontFile(weight: Weight): string {
  return require.resolve(`@fontsource/montserrat/files/montserrat-latin-${WEIGHTS[weight]}-normal.woff`);
}

const loaded = new Map<Weight, Fontkit.Font>();
// Loaded at the first text measured, not at start (measuring is synchronous, hence require).
let fontkit: typeof Fontkit | undefined;

/** The face, for measuring and drawing text as outlines. */
export function font(weight: Weight): Fontkit.Font {
  let face = loaded.get(weight);
  if (!face) {
    fontkit ??= require('fontkit') as typeof Fontkit;
    face = fontkit.openSync(fontFile(weight)) as Fontkit.Font;
    loaded.set(weight, face);
  }
  return face;
}
