import sharp from 'sharp';

/** A printable's thumbnail is this wide (twice the widest card on the resources page); its height follows the page. */
export const THUMBNAIL_WIDTH = 400;

export type Thumbnail = { body: Buffer; width: number; height: number };

/**
 * A picture of a PDF's first page: drawn by pdf.js (the legacy build, for Node) on @napi-rs/canvas, then made a
 * small palette PNG by sharp (about 40 KB for a letter page). Throws when the bytes are not a PDF it can draw.
 * pdf.js is loaded at the first call: it and the canvas keep tens of MB resident that most processes never need.
 */
export async function renderPdfThumbnail(pdf: Uint8Array, width = THUMBNAIL_WIDTH): Promise<Thumbnail> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // pdf.js takes ownership of the buffer it is given; hand it a copy. No eval and no system fonts: our PDFs
  // embed their fonts, and a PDF is never given a way to run code.
  const doc = await getDocument({
    data: new Uint8Array(pdf),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  }).promise;
  try {
    const page = await doc.getPage(1);
    const viewport = page.getViewport({ scale: width / page.getViewport({ scale: 1 }).width });
    const canvasWidth = Math.round(viewport.width);
    const canvasHeight = Math.round(viewport.height);
    // pdf.js draws on any canvas that looks like the browser's; @napi-rs/canvas is the one it uses in Node too.
    const { createCanvas } = await import('@napi-rs/canvas');
    const canvas = createCanvas(canvasWidth, canvasHeight);
    await page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport, background: '#FFFFFF' }).promise;
    const body = await sharp(canvas.toBuffer('image/png')).png({ palette: true, quality: 80, effort: 7 }).toBuffer();
    return { body, width: canvasWidth, height: canvasHeight };
  } finally {
    await doc.destroy();
  }
}
