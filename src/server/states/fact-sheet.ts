import { createHash } from 'node:crypto';
import { NATIONAL_CODE, NETWORK_FIGURES_HIDDEN, NETWORK_GOAL, NETWORK_TARGET_PERCENT } from '../../shared/states';
import type { StateStat } from '../../shared/state-stat';

// Bump when the layout or wording changes, so cached copies (browsers, our own cache) are replaced.
const LAYOUT_VERSION = 2;

const COLORS = {
  teal: '#007A7E',
  tealDark: '#00555A',
  turquoise: '#73C1BB',
  charcoal: '#272E2E',
  mustard: '#F1DC8E',
  grey: '#5C636A',
  link: '#0B5CAD',
};

export type FactSheetInput = {
  stat: StateStat;
  /** The day the sheet speaks for (UTC). */
  date: Date;
  /** Where the counts come from, in words. */
  source: string;
  /** The site's address, for the call to join. */
  publicUrl: string;
  /** Whether an admin changed the figure since it was loaded from the data file. */
  isEdited: boolean;
};

const numberFormat = new Intl.NumberFormat('en-US');
const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const utcDay = (d: Date) => d.toISOString().slice(0, 10);

function formatCount(n: number | null): string {
  return n === null ? 'not available' : numberFormat.format(n);
}

/**
 * Identifies one sheet's content: the figures, the day it is dated and the layout. Equal versions mean
 * byte-for-byte interchangeable sheets, so it serves as the ETag and as our cache key.
 */
export function factSheetVersion(input: FactSheetInput): string {
  const { stat } = input;
  const key = JSON.stringify([
    LAYOUT_VERSION,
    stat.code,
    stat.name,
    stat.count,
    stat.sourceUrl,
    stat.updatedAt,
    stat.network,
    stat.churches,
    utcDay(input.date),
    input.source,
    input.publicUrl,
    input.isEdited,
  ]);
  return createHash('sha256').update(key).digest('base64url').slice(0, 27);
}

/** The state's name as it reads inside a sentence ("in the District of Columbia"). */
function placeName(stat: StateStat): string {
  return stat.code === NATIONAL_CODE || stat.code === 'DC' ? `the ${stat.name}` : stat.name;
}

export function factSheetFileName(stat: StateStat): string {
  const slug = stat.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug}-foster-care-fact-sheet.pdf`;
}

/**
 * A one-page fact sheet in the PDF standard fonts (nothing to embed, text extractable): the count, the
 * network's 5% target, the network's own figures there, the date and the source.
 */
export async function renderFactSheet(input: FactSheetInput): Promise<Buffer> {
  // Loaded at the first sheet, not at start: pdfkit and its fonts keep ~30 MB resident once loaded.
  const { default: PDFDocument } = await import('pdfkit');
  const { stat, date, source, publicUrl } = input;
  const isNational = stat.code === NATIONAL_CODE;
  const place = placeName(stat);
  const day = dayFormat.format(date);
  const dayStart = new Date(`${utcDay(date)}T00:00:00Z`);

  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 54,
    compress: true,
    info: {
      Title: `${stat.name}: children in foster care`,
      Author: 'Foster Care Network',
      Subject: `Children in foster care in ${place} and the network's ${NETWORK_TARGET_PERCENT}% target`,
      // Dated by the day it speaks for, so two sheets of the same version are the same bytes.
      CreationDate: dayStart,
      ModDate: dayStart,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = 54;
  const width = doc.page.width - 2 * left;

  // Header band.
  doc.rect(0, 0, doc.page.width, 132).fill(COLORS.teal);
  doc.rect(0, 132, doc.page.width, 6).fill(COLORS.mustard);
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor(COLORS.mustard)
    .text('FOSTER CARE NETWORK  |  FACT SHEET', left, 36, { width, characterSpacing: 1 });
  doc.font('Helvetica-Bold').fontSize(30).fillColor('#FFFFFF').text(stat.name, left, 56, { width });
  doc.font('Helvetica').fontSize(11).fillColor('#FFFFFF').text(`Children in foster care, as of ${day}`, left, 98, { width });

  // The two figures.
  const boxTop = 168;
  const gap = 18;
  const boxWidth = (width - gap) / 2;
  const figureBox = (x: number, label: string, value: number | null, note: string) => {
    doc.roundedRect(x, boxTop, boxWidth, 118, 8).lineWidth(1.5).strokeColor(COLORS.turquoise).stroke();
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor(COLORS.charcoal)
      .text(label.toUpperCase(), x + 16, boxTop + 16, {
        width: boxWidth - 32,
        characterSpacing: 0.6,
      });
    doc
      .font('Helvetica-Bold')
      .fontSize(value === null ? 22 : 34)
      .fillColor(COLORS.tealDark)
      .text(formatCount(value), x + 16, boxTop + 38, { width: boxWidth - 32 });
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(COLORS.grey)
      .text(note, x + 16, boxTop + 84, { width: boxWidth - 32 });
  };
  figureBox(left, 'Children in foster care', stat.count, isNational ? 'In all states and DC' : `In ${place}`);
  figureBox(
    left + boxWidth + gap,
    `Network target (${NETWORK_TARGET_PERCENT}%)`,
    stat.target,
    `${NETWORK_TARGET_PERCENT}% of the children in foster care, rounded up`,
  );

  doc.font('Helvetica').fontSize(11).fillColor(COLORS.charcoal);
  doc.text('', left, boxTop + 118 + 22, { width });
  if (stat.count === null) {
    doc.text(
      `No count of children in foster care is available for ${place} in the source we use. ` +
        'We will add it as soon as a published figure exists.',
      { width, lineGap: 3 },
    );
    doc.moveDown(0.6);
  }
  doc.text(
    `Assemblies of God churches are about ${NETWORK_TARGET_PERCENT}% of the evangelical churches in the United States. ` +
      `If each cares for its share, ${NETWORK_TARGET_PERCENT}% of the children in foster care are covered: ` +
      `${numberFormat.format(NETWORK_GOAL)} children across the country.`,
    { width, lineGap: 3 },
  );

  // The network's own figures.
  doc.moveDown(1.4);
  doc.font('Helvetica-Bold').fontSize(16).fillColor(COLORS.charcoal).text(`Our network in ${place}`, { width });
  doc.moveDown(0.5);
  // Too few members to show figures that would identify them: the sheet says so instead.
  const shown = (value: number | undefined) => (value === undefined ? NETWORK_FIGURES_HIDDEN : numberFormat.format(value));
  const rows: Array<[string, string]> = [
    ['Churches in the network', numberFormat.format(stat.churches)],
    ['Members of these churches', shown(stat.network?.members)],
    ['Foster families', stat.network ? shown(stat.network.fosterFamilies) : 'not shown'],
    ['Foster children cared for', stat.network ? shown(stat.network.fosterChildren) : 'not shown'],
  ];
  for (const [label, value] of rows) {
    const y = doc.y;
    doc
      .font('Helvetica')
      .fontSize(12)
      .fillColor(COLORS.charcoal)
      .text(label, left, y, { width: width - 120 });
    doc
      .font('Helvetica-Bold')
      .fontSize(12)
      .text(value, left + width - 120, y, { width: 120, align: 'right' });
    doc
      .moveTo(left, doc.y + 4)
      .lineTo(left + width, doc.y + 4)
      .lineWidth(0.5)
      .strokeColor('#C9D3D3')
      .stroke();
    doc.text('', left, doc.y + 10);
  }
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(COLORS.grey)
    .text(
      isNational
        ? 'Members who have saved a profile on the network, and the foster children in their homes this year.'
        : `Members who have saved a profile giving ${place} as their state, and the foster children in their homes this year.`,
      left,
      doc.y,
      { width },
    );

  // How to help, and the call to join.
  doc.moveDown(1.4);
  doc.font('Helvetica-Bold').fontSize(16).fillColor(COLORS.charcoal).text('How churches can help', left, doc.y, { width });
  doc.moveDown(0.4);
  const areas: Array<[string, string]> = [
    ['Speak up', 'pray, preach, teach and advocate for children, families and agencies.'],
    ['Donate for physical needs', 'beds, clothing and meals when a child arrives.'],
    ['Provide support services', 'babysitting, rides, meals and respite care.'],
    ['Open your home', 'become a foster or adoptive parent.'],
  ];
  for (const [title, text] of areas) {
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor(COLORS.charcoal)
      .text(`${title}: `, left, doc.y, { width, continued: true, lineGap: 2 });
    doc.font('Helvetica').text(text);
  }
  doc.moveDown(0.8);
  const signUp = `${publicUrl}/signup`;
  doc.font('Helvetica-Bold').fontSize(11).fillColor(COLORS.teal).text('Join the network: ', left, doc.y, { width, continued: true });
  doc.font('Helvetica').fillColor(COLORS.link).text(signUp, { link: signUp, underline: true });

  // Source and date, at the foot of the page.
  const footTop = doc.page.height - 54 - 78;
  doc
    .moveTo(left, footTop - 10)
    .lineTo(left + width, footTop - 10)
    .lineWidth(0.5)
    .strokeColor('#C9D3D3')
    .stroke();
  doc.font('Helvetica').fontSize(8.5).fillColor(COLORS.grey);
  // Seeded rows carry the day they were loaded, which says nothing about the figure; edited ones say when.
  const changed = input.isEdited ? ` Count updated ${dayFormat.format(new Date(stat.updatedAt))}.` : '';
  doc.text(`Sheet dated ${day}.${changed} Source: ${source}`, left, footTop, {
    width,
    lineGap: 1.5,
  });
  if (stat.sourceUrl) {
    doc.fillColor(COLORS.grey).text('Casey Family Programs fact sheet: ', { width, continued: true });
    doc.fillColor(COLORS.link).text(stat.sourceUrl, { link: stat.sourceUrl, underline: true });
  }

  doc.end();
  return done;
}

/**
 * Recently made sheets by version. Small (one per state and day), and safe with several instances:
 * a version names the content, so a copy made anywhere is the right one.
 */
export function createFactSheetCache(max = 64) {
  const entries = new Map<string, Promise<Buffer>>();
  return {
    get(version: string, make: () => Promise<Buffer>): Promise<Buffer> {
      const found = entries.get(version);
      if (found) {
        entries.delete(version);
        entries.set(version, found);
        return found;
      }
      const made = make();
      entries.set(version, made);
      made.catch(() => entries.delete(version));
      while (entries.size > max) entries.delete(entries.keys().next().value!);
      return made;
    },
  };
}
