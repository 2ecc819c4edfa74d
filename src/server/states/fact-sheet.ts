import { createHash } from 'node:crypto';
import { INVOLVEMENT_AREAS, type InvolvementArea } from '../../shared/brand';
import { countCitation, NATIONAL_CODE, NETWORK_FIGURES_HIDDEN, NETWORK_GOAL, NETWORK_TARGET_PERCENT } from '../../shared/states';
import type { StateStat } from '../../shared/state-stat';
import { i18nFor, type I18n, type Locale } from '../i18n';
import { RunsIntoFooter, fitted, scaleType } from '../pdf';

// Bump when the layout or wording changes, so cached copies (browsers, our own cache) are replaced.
const LAYOUT_VERSION = 4;

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
  /** Where the counts come from, in words (English: the catalog's id; the sheet says it in its language). */
  source: string;
  /** The site's address, for the call to join. */
  publicUrl: string;
  /** Whether an admin changed the figure since it was loaded from the data file. */
  isEdited: boolean;
  /** The sheet's language: every word of it, its numbers and its dates. */
  locale: Locale;
};

const utcDay = (d: Date) => d.toISOString().slice(0, 10);
/** The day as the language writes it ("March 14, 2026", "14 de marzo de 2026"), of the UTC day the sheet speaks for. */
const dayOf = (i18n: I18n, d: Date) => i18n.date(d, { dateStyle: 'long', timeZone: 'UTC' });

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
    stat.countSource,
    stat.countYear,
    stat.updatedAt,
    stat.network,
    stat.churches,
    utcDay(input.date),
    input.source,
    input.publicUrl,
    input.isEdited,
    input.locale,
  ]);
  return createHash('sha256').update(key).digest('base64url').slice(0, 27);
}

/**
 * The state's name in the sheet's language. The names are the frame's messages (src/shared/states.ts); a
 * name without Spanish (or an admin's own) shows as it is.
 */
const nameOf = (i18n: I18n, stat: StateStat) => i18n._(stat.name);

/** The state's name as it reads inside a sentence ("in the District of Columbia", "en el Distrito de Columbia"). */
function placeName(i18n: I18n, stat: StateStat): string {
  // The article goes with the place (the United States, el Distrito de Columbia, los Estados Unidos).
  return i18n._('{code, select, US {the {name}} DC {the {name}} other {{name}}}', { code: stat.code, name: nameOf(i18n, stat) });
}

export function factSheetFileName(stat: StateStat, locale: Locale = 'en'): string {
  const i18n = i18nFor(locale);
  // Accents go (an ASCII file name travels everywhere): "nuevo-mexico".
  const slug = nameOf(i18n, stat)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return i18n._('{slug}-foster-care-fact-sheet.pdf', { slug });
}

/**
 * A one-page fact sheet in the PDF standard fonts (nothing to embed, text extractable): the count, the
 * network's 5% target, the network's own figures there, the date and the source.
 */
export function renderFactSheet(input: FactSheetInput): Promise<Buffer> {
  return fitted((scale) => renderAt(input, scale));
}

async function renderAt(input: FactSheetInput, scale: number): Promise<Buffer> {
  // Loaded at the first sheet, not at start: pdfkit and its fonts keep ~30 MB resident once loaded.
  const { default: PDFDocument } = await import('pdfkit');
  const { stat, date, source, publicUrl } = input;
  const i18n = i18nFor(input.locale);
  const number = (n: number) => i18n.number(n);
  const formatCount = (n: number | null) => (n === null ? i18n._('not available') : number(n));
  const isNational = stat.code === NATIONAL_CODE;
  const name = nameOf(i18n, stat);
  const place = placeName(i18n, stat);
  const percent = NETWORK_TARGET_PERCENT;
  const day = dayOf(i18n, date);
  // Who counted and for which year ("AFCARS FY2021"), not the day the sheet is printed: the count is not today's.
  const citation = countCitation(stat);
  const dayStart = new Date(`${utcDay(date)}T00:00:00Z`);

  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 54,
    compress: true,
    info: {
      Title: i18n._('{name}: children in foster care', { name }),
      Author: 'Foster Care Network',
      Subject: i18n._("Children in foster care in {place} and the network's {percent}% target", { place, percent }),
      // Dated by the day it speaks for, so two sheets of the same version are the same bytes.
      CreationDate: dayStart,
      ModDate: dayStart,
    },
  });
  scaleType(doc, scale);
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
    .text(i18n._('FOSTER CARE NETWORK  |  FACT SHEET'), left, 36, { width, characterSpacing: 1 });
  doc.font('Helvetica-Bold').fontSize(30).fillColor('#FFFFFF').text(name, left, 56, { width });
  doc
    .font('Helvetica')
    .fontSize(11)
    .fillColor('#FFFFFF')
    .text(citation ? i18n._('Children in foster care, {citation}', { citation }) : i18n._('Children in foster care'), left, 98, {
      width,
    });

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
      .text(label.toLocaleUpperCase(i18n.locale), x + 16, boxTop + 16, {
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
  figureBox(
    left,
    i18n._('Children in foster care'),
    stat.count,
    isNational
      ? citation
        ? i18n._('In all states and DC, {citation}', { citation })
        : i18n._('In all states and DC')
      : citation
        ? i18n._('In {place}, {citation}', { place, citation })
        : i18n._('In {place}', { place }),
  );
  figureBox(
    left + boxWidth + gap,
    i18n._('Network target ({percent}%)', { percent }),
    stat.target,
    i18n._('{percent}% of the children in foster care, rounded up', { percent }),
  );

  doc.font('Helvetica').fontSize(11).fillColor(COLORS.charcoal);
  doc.text('', left, boxTop + 118 + 22, { width });
  if (stat.count === null) {
    doc.text(
      i18n._(
        'No count of children in foster care is available for {place} in the source we use. We will add it as soon as a published figure exists.',
        { place },
      ),
      { width, lineGap: 3 },
    );
    doc.moveDown(0.6);
  }
  doc.text(
    i18n._(
      'Assemblies of God churches are about {percent}% of the evangelical churches in the United States. If each cares for its share, {percent}% of the children in foster care are covered: a goal of about {goal} children across the country.',
      { percent, goal: number(NETWORK_GOAL) },
    ),
    { width, lineGap: 3 },
  );

  // The network's own figures.
  doc.moveDown(1.4);
  doc.font('Helvetica-Bold').fontSize(16).fillColor(COLORS.charcoal).text(i18n._('Our network in {place}', { place }), { width });
  doc.moveDown(0.5);
  // Too few members to show figures that would identify them: the sheet says so instead.
  const shown = (value: number | undefined) => (value === undefined ? i18n._(NETWORK_FIGURES_HIDDEN) : number(value));
  const notShown = i18n._('not shown');
  const rows: Array<[string, string]> = [
    [i18n._('Churches in the network'), number(stat.churches)],
    [i18n._('Members of these churches'), shown(stat.network?.members)],
    [i18n._('Foster families'), stat.network ? shown(stat.network.fosterFamilies) : notShown],
    [i18n._('Foster children cared for'), stat.network ? shown(stat.network.fosterChildren) : notShown],
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
        ? i18n._('Members who have saved a profile on the network, and the foster children in their homes this year.')
        : i18n._('Members who have saved a profile giving {place} as their state, and the foster children in their homes this year.', {
            place,
          }),
      left,
      doc.y,
      { width },
    );

  // How to help, and the call to join.
  doc.moveDown(1.4);
  doc.font('Helvetica-Bold').fontSize(16).fillColor(COLORS.charcoal).text(i18n._('How churches can help'), left, doc.y, { width });
  doc.moveDown(0.4);
  // The four areas' names are the site's (src/shared/brand.ts); the sheet says each in a few words of its own.
  const says: Record<InvolvementArea['key'], string> = {
    speak: i18n._('pray, preach, teach and advocate for children, families and agencies.'),
    donate: i18n._('beds, clothing and meals when a child arrives.'),
    support: i18n._('babysitting, rides, meals and respite care.'),
    home: i18n._('become a foster or adoptive parent.'),
  };
  for (const area of INVOLVEMENT_AREAS) {
    const [title, text] = [i18n._(area.title), says[area.key]];
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor(COLORS.charcoal)
      .text(i18n._('{title}: ', { title }), left, doc.y, { width, continued: true, lineGap: 2 });
    doc.font('Helvetica').text(text);
  }
  doc.moveDown(0.8);
  const signUp = `${publicUrl}/signup`;
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor(COLORS.teal)
    .text(i18n._('Join the network: '), left, doc.y, { width, continued: true });
  doc.font('Helvetica').fillColor(COLORS.link).text(signUp, { link: signUp, underline: true });

  // Source and date, at the foot of the page, below a rule the content above must not reach (a sheet with the
  // note of a missing count, or in Spanish, is set in smaller type: src/server/pdf).
  const footTop = doc.page.height - 54 - 78;
  if (doc.y > footTop - 12)
    throw new RunsIntoFooter(`The fact sheet of ${stat.code} runs into its footer (${Math.round(doc.y)} > ${footTop - 12})`);
  doc
    .moveTo(left, footTop - 10)
    .lineTo(left + width, footTop - 10)
    .lineWidth(0.5)
    .strokeColor('#C9D3D3')
    .stroke();
  doc.font('Helvetica').fontSize(8.5).fillColor(COLORS.grey);
  // Seeded rows carry the day they were loaded, which says nothing about the figure; edited ones say when.
  const footnote = input.isEdited
    ? i18n._('Sheet dated {day}. Count updated {updated}. Source: {source}', {
        day,
        updated: dayOf(i18n, new Date(stat.updatedAt)),
        source: i18n._(source),
      })
    : i18n._('Sheet dated {day}. Source: {source}', { day, source: i18n._(source) });
  doc.text(footnote, left, footTop, {
    width,
    lineGap: 1.5,
  });
  if (stat.sourceUrl) {
    doc.fillColor(COLORS.grey).text(i18n._('Casey Family Programs fact sheet: '), { width, continued: true });
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
