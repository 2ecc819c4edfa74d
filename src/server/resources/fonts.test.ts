import fs from 'node:fs';
import { createRequire } from 'node:module';
import type * as Fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { fontData, fontFile, sfntFromWoff, WEIGHTS, type Weight } from './fonts';

const fontkit = createRequire(import.meta.url)('fontkit') as typeof Fontkit;

describe('the font as TrueType data', () => {
  it.each(Object.keys(WEIGHTS) as Weight[])('%s: the same font as the WOFF file it comes from, glyph for glyph', (weight) => {
    const woff = fontkit.openSync(fontFile(weight)) as Fontkit.Font;
    const plain = fontkit.create(fontData(weight)) as Fontkit.Font;
    expect(plain.type).toBe('TTF');
    expect(plain.numGlyphs).toBe(woff.numGlyphs);
    expect(plain.postscriptName).toBe(woff.postscriptName);
    const text = 'Foster Care Network — ¿Cómo ayudar? 20,516';
    const a = woff.layout(text);
    const b = plain.layout(text);
    expect(b.glyphs.map((g) => g.id)).toEqual(a.glyphs.map((g) => g.id));
    expect(b.positions.map((p) => p.xAdvance)).toEqual(a.positions.map((p) => p.xAdvance));
    expect(b.glyphs.map((g) => g.path.toSVG())).toEqual(a.glyphs.map((g) => g.path.toSVG()));
  });

  it('refuses what is not a WOFF file', () => {
    expect(() => sfntFromWoff(fontData('regular'))).toThrow('Not a WOFF 1.0 file');
    const woff = fs.readFileSync(fontFile('regular'));
    const cut = Buffer.from(woff.subarray(0, woff.length - 200));
    expect(() => sfntFromWoff(cut)).toThrow();
  });
});
