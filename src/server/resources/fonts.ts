import fs from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import type * as Fontkit from 'fontkit';

// Montserrat, the site's font (FACTS.md), from the same package the front end ships it from. WOFF, not
// WOFF2: pdfkit's subsetting of WOFF2 compound glyphs fails (fontkit 2.0).
const require = createRequire(import.meta.url);

export const WEIGHTS = { regular: 400, bold: 700, extraBold: 800 } as const;
export type Weight = keyof typeof WEIGHTS;

export function fontFile(weight: Weight): string {
  return require.resolve(`@fontsource/montserrat/files/montserrat-latin-${WEIGHTS[weight]}-normal.woff`);
}

/**
 * A WOFF 1.0 file as the plain TrueType/OpenType font it wraps (W3C WOFF File Format 1.0, §4–§5): the same tables,
 * each inflated with zlib, behind an SFNT header. fontkit reads WOFF itself, but inflates a table in JavaScript each
 * time it reads from it, without keeping the result: for every glyph drawn or measured it inflated the whole glyph
 * table again, which was two thirds of the time spent making a PDF.
 */
export function sfntFromWoff(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('Not a WOFF 1.0 file');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const stored = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(stored) : stored;
    if (data.length !== origLength) throw new Error('A WOFF table inflated to the wrong length');
    return { tag: woff.readUInt32BE(at), checksum: woff.readUInt32BE(at + 16), data };
  });
  const pad = (n: number) => (n + 3) & ~3;
  const headerLength = 12 + numTables * 16;
  const out = Buffer.alloc(headerLength + tables.reduce((sum, t) => sum + pad(t.data.length), 0));
  const log2 = Math.floor(Math.log2(numTables));
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(2 ** log2 * 16, 6);
  out.writeUInt16BE(log2, 8);
  out.writeUInt16BE(numTables * 16 - 2 ** log2 * 16, 10);
  let offset = headerLength;
  tables.forEach((t, i) => {
    const record = 12 + i * 16;
    out.writeUInt32BE(t.tag, record);
    out.writeUInt32BE(t.checksum, record + 4);
    out.writeUInt32BE(offset, record + 8);
    out.writeUInt32BE(t.data.length, record + 12);
    t.data.copy(out, offset);
    offset += pad(t.data.length);
  });
  return out;
}

const fonts = new Map<Weight, Buffer>();

/** The font of this weight as TrueType data, made once per process: what PDFs embed and images draw with. */
export function fontData(weight: Weight): Buffer {
  let data = fonts.get(weight);
  if (!data) {
    data = sfntFromWoff(fs.readFileSync(fontFile(weight)));
    fonts.set(weight, data);
  }
  return data;
}

const loaded = new Map<Weight, Fontkit.Font>();
// Loaded at the first text measured, not at start (measuring is synchronous, hence require).
let fontkit: typeof Fontkit | undefined;

/** The face, for measuring and drawing text as outlines. */
export function font(weight: Weight): Fontkit.Font {
  let face = loaded.get(weight);
  if (!face) {
    fontkit ??= require('fontkit') as typeof Fontkit;
    face = fontkit.create(fontData(weight)) as Fontkit.Font;
    loaded.set(weight, face);
  }
  return face;
}
