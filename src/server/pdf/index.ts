// One-page documents (the state fact sheets, the printable resources) are laid out for their English. Spanish
// runs about a fifth longer: a page whose words would run into its footer is set again in slightly smaller
// type, rather than cut or spilled onto a second page. A page that fits is set at full size, as it always was.

/** The sizes tried, from the layout's own down to the smallest that still reads well in print. */
const TYPE_SCALES = [1, 0.96, 0.92, 0.88, 0.84];

/** Thrown by a layout whose content reaches its footer; `fitted` then sets the page again, smaller. */
export class RunsIntoFooter extends Error {}

/** Every font size the layout asks of this document, times `scale`; the layout's positions stay. */
export function scaleType(doc: PDFKit.PDFDocument, scale: number): void {
  if (scale === 1) return;
  const fontSize = doc.fontSize.bind(doc);
  doc.fontSize = (size: number) => fontSize(size * scale);
}

/** The page made at the largest type that fits (the smallest, if none does, is refused as it was). */
export async function fitted<T>(make: (scale: number) => Promise<T>): Promise<T> {
  for (const scale of TYPE_SCALES) {
    try {
      return await make(scale);
    } catch (err) {
      if (!(err instanceof RunsIntoFooter) || scale === TYPE_SCALES.at(-1)) throw err;
    }
  }
  throw new Error('fitted: no type scale was tried');
}
