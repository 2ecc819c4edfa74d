import { BRAND, LOGO, SITE_NAME } from '../../shared/brand';
import { font, type Weight } from './fonts';

// Square images to share on social media: drawn as SVG with every letter turned into an outline
// (Montserrat, through fontkit), so they look the same on any server whatever fonts it has, then
// rendered to PNG by sharp.

export const IMAGE_SIZE = 1080;
const MARGIN = 96;
const WIDTH = IMAGE_SIZE - 2 * MARGIN;

type Line = { text: string; weight: Weight; size: number; color: string };

/** The width of a line of text at a size, in pixels. */
function measure(text: string, weight: Weight, size: number): number {
  const face = font(weight);
  return (face.layout(text).advanceWidth * size) / face.unitsPerEm;
}

/** Breaks text into lines no wider than `width`. */
export function wrap(text: string, weight: Weight, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && measure(candidate, weight, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** One line of text as a single SVG path, its baseline at `y`. */
function textPath({ text, weight, size, color }: Line, x: number, y: number): string {
  const face = font(weight);
  const run = face.layout(text);
  const scale = size / face.unitsPerEm;
  let cursor = x;
  let d = '';
  run.glyphs.forEach((glyph, i) => {
    const pos = run.positions[i]!;
    d += glyph.path
      .scale(scale, -scale)
      .translate(cursor + pos.xOffset * scale, y - pos.yOffset * scale)
      .toSVG();
    cursor += pos.xAdvance * scale;
  });
  return `<path fill="${color}" d="${d}"/>`;
}

export type ImageDesign = {
  /** What the image says, for its description (alt text) and the SVG's title. */
  title: string;
  blocks: Array<{ text: string; weight: Weight; size: number; color: string; gapBefore?: number }>;
  /** A line at the bottom, above the site name. */
  footer: string;
  background: string;
};

/** The SVG of a square image: logo and name at the top, the blocks of text, the footer. */
export function imageSvg(design: ImageDesign): string {
  // The blocks are centred between the logo row and the footer; a design that does not fit is refused.
  const top = MARGIN + 150;
  const bottom = IMAGE_SIZE - MARGIN - 120;
  const lines = design.blocks.flatMap((block) =>
    wrap(block.text, block.weight, block.size, WIDTH).map((text, i) => ({ ...block, text, gap: i === 0 ? (block.gapBefore ?? 0) : 0 })),
  );
  const height = lines.reduce((sum, line) => sum + line.gap + line.size * 1.12, 0);
  if (height > bottom - top) throw new Error(`The image "${design.title}" needs ${Math.round(height)} px; it has ${bottom - top}`);
  let y = top + (bottom - top - height) / 2;
  const parts: string[] = [];
  for (const line of lines) {
    y += line.gap + line.size * 1.12;
    // The baseline sits about a fifth of the size above the line's bottom (Montserrat's descent).
    parts.push(textPath(line, MARGIN, y - line.size * 0.22));
  }
  const logoSize = 88;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" viewBox="0 0 ${IMAGE_SIZE} ${IMAGE_SIZE}">`,
    `<title>${escapeXml(design.title)}</title>`,
    `<rect width="100%" height="100%" fill="${design.background}"/>`,
    `<circle cx="${IMAGE_SIZE}" cy="0" r="300" fill="${BRAND.turquoise}" opacity="0.25"/>`,
    `<circle cx="0" cy="${IMAGE_SIZE}" r="220" fill="${BRAND.mustard}" opacity="0.18"/>`,
    `<g transform="translate(${MARGIN} ${MARGIN}) scale(${logoSize / 48})">`,
    `<path d="${LOGO.house}" fill="#FFFFFF"/>`,
    `<path d="${LOGO.roof}" fill="none" stroke="${BRAND.mustard}" stroke-width="3" stroke-linejoin="round"/>`,
    `<path d="${LOGO.heart}" fill="${BRAND.salmon}"/>`,
    `</g>`,
    textPath({ text: SITE_NAME, weight: 'bold', size: 40, color: '#FFFFFF' }, MARGIN + logoSize + 28, MARGIN + 58),
    ...parts,
    `<rect x="${MARGIN}" y="${IMAGE_SIZE - MARGIN - 70}" width="96" height="8" rx="4" fill="${BRAND.salmon}"/>`,
    textPath({ text: design.footer, weight: 'bold', size: 34, color: '#FFFFFF' }, MARGIN, IMAGE_SIZE - MARGIN),
    `</svg>`,
  ].join('');
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

// sharp is loaded at the first image, not at start: with libvips it keeps ~28 MB resident once loaded.
const loadSharp = async () => (await import('sharp')).default;

export async function renderImage(design: ImageDesign): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(imageSvg(design)))
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** A smaller copy for the resources page. */
export async function previewOf(png: Buffer, width = 480): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(png).resize(width).png({ compressionLevel: 9 }).toBuffer();
}
