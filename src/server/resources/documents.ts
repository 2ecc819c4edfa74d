import { BRAND, INVOLVEMENT_AREAS, LOGO, SITE_NAME } from '../../shared/brand';
import { NETWORK_GOAL } from '../../shared/states';
import { fontFile } from './fonts';

// Printable documents in the network's colours and font. The site's address is printed on each, so a
// flyer on a church notice board leads to this installation.

type Doc = PDFKit.PDFDocument;
export type DocumentContext = { publicUrl: string };

const INK = BRAND.charcoal;
const MUTED = '#4A5151';
const goal = new Intl.NumberFormat('en-US').format(NETWORK_GOAL);

type Printable = {
  size: 'LETTER' | [number, number];
  title: string;
  subject: string;
  eyebrow: string;
  titleSize: number;
  margin: number;
  footerHeight: number;
};

const LETTER_PAGE = { size: 'LETTER', titleSize: 26, margin: 54, footerHeight: 84 } as const;

/** Where a document's own content goes: below the header, within the margins. */
type Body = { y: number; margin: number; width: number };

/** A one-page document: the header band, the content `draw` adds, the footer band. */
async function printable(spec: Printable, ctx: DocumentContext, draw: (doc: Doc, body: Body) => void): Promise<Buffer> {
  // Loaded at the first document, not at start: pdfkit and its fonts keep ~30 MB resident once loaded.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: spec.size,
    margin: 0,
    compress: true,
    info: { Title: spec.title, Author: SITE_NAME, Subject: spec.subject },
  });
  // A fixed creation date: the same content gives the same bytes.
  doc.info.CreationDate = new Date(Date.UTC(2026, 0, 1));
  doc.registerFont('regular', fontFile('regular'));
  doc.registerFont('bold', fontFile('bold'));
  doc.registerFont('extraBold', fontFile('extraBold'));
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { margin } = spec;
  const top = header(doc, { margin, eyebrow: spec.eyebrow, title: spec.title, titleSize: spec.titleSize });
  draw(doc, { y: top + 22, margin, width: doc.page.width - 2 * margin });
  footer(doc, ctx, margin, spec.footerHeight);
  doc.end();
  return done;
}

function logo(doc: Doc, x: number, y: number, size: number) {
  doc
    .save()
    .translate(x, y)
    .scale(size / 48);
  doc.path(LOGO.house).fill('#FFFFFF');
  doc.path(LOGO.roof).lineWidth(3).lineJoin('round').stroke(BRAND.mustard);
  doc.path(LOGO.heart).fill(BRAND.salmon);
  doc.restore();
}

/** The coloured band at the top: logo, site name, eyebrow and title. Returns where the band ends. */
function header(doc: Doc, opts: { margin: number; eyebrow: string; title: string; titleSize: number }): number {
  const { margin } = opts;
  const width = doc.page.width - 2 * margin;
  doc.font('extraBold').fontSize(opts.titleSize);
  const titleHeight = doc.heightOfString(opts.title, { width, lineGap: 2 });
  const bottom = margin + 44 + 30 + titleHeight + margin * 0.6;
  doc.rect(0, 0, doc.page.width, bottom).fill(BRAND.tealDark);
  logo(doc, margin, margin - 6, 32);
  doc
    .font('bold')
    .fontSize(13)
    .fillColor('#FFFFFF')
    .text(SITE_NAME, margin + 42, margin + 3, { lineBreak: false });
  doc
    .font('bold')
    .fontSize(9.5)
    .fillColor(BRAND.mustard)
    .text(opts.eyebrow.toUpperCase(), margin, margin + 44, { characterSpacing: 1.2 });
  doc
    .font('extraBold')
    .fontSize(opts.titleSize)
    .fillColor('#FFFFFF')
    .text(opts.title, margin, margin + 62, { width, lineGap: 2 });
  return bottom;
}

/** The band at the bottom: where to join and how to reach the team. */
function footer(doc: Doc, ctx: DocumentContext, margin: number, height: number) {
  const top = doc.page.height - height;
  if (doc.y + 12 > top) throw new Error(`"${String(doc.info.Title)}" runs into its footer (${Math.round(doc.y)} > ${top - 12})`);
  doc.rect(0, top, doc.page.width, height).fill('#E6F6F6');
  doc.rect(0, top, doc.page.width, 4).fill(BRAND.turquoise);
  const url = ctx.publicUrl.replace(/\/+$/, '');
  doc
    .font('extraBold')
    .fontSize(13)
    .fillColor(INK)
    .text('Join the network', margin, top + 18);
  doc
    .font('regular')
    .fontSize(10.5)
    .fillColor(INK)
    .text('Sign up at ', margin, top + 38, { continued: true })
    .font('bold')
    .fillColor(BRAND.tealDark)
    .text(`${url}/signup`, { link: `${url}/signup`, underline: true, continued: true })
    .font('regular')
    .fillColor(INK)
    .text(' · Questions? ', { underline: false, continued: true })
    .font('bold')
    .fillColor(BRAND.tealDark)
    .text(`${url}/contact`, { link: `${url}/contact`, underline: true });
}

/** "Four ways your church can help": a one-page flyer for notice boards (Letter). */
export function renderFlyer(ctx: DocumentContext): Promise<Buffer> {
  const spec = {
    ...LETTER_PAGE,
    title: 'Four ways your church can help children in foster care',
    subject: 'Speak up, donate, support, open your home',
    eyebrow: 'Churches caring for children in foster care',
  };
  return printable(spec, ctx, (doc, { y, margin, width }) => {
    doc
      .font('regular')
      .fontSize(12)
      .fillColor(INK)
      .text(
        `About 400,000 children are in foster care in the United States, and about 100,000 of them are waiting for a family to adopt them. Our network of Assemblies of God churches has set a goal: ${goal} children cared for by member churches and families. Every church can do one of these four things.`,
        margin,
        y,
        { width, lineGap: 3 },
      );
    y = doc.y + 18;

    const colors = [BRAND.turquoise, BRAND.mustard, BRAND.salmon, BRAND.tealDark];
    const gap = 18;
    const boxWidth = (width - gap) / 2;
    const boxHeight = 110;
    INVOLVEMENT_AREAS.forEach((area, i) => {
      const x = margin + (i % 2) * (boxWidth + gap);
      const top = y + Math.floor(i / 2) * (boxHeight + gap);
      doc.roundedRect(x, top, boxWidth, boxHeight, 8).fill('#F7F8F8');
      doc.rect(x, top, 6, boxHeight).fill(colors[i]);
      doc
        .font('bold')
        .fontSize(9)
        .fillColor(MUTED)
        .text(`${i + 1} OF 4`, x + 20, top + 16, { characterSpacing: 1 });
      doc
        .font('extraBold')
        .fontSize(15)
        .fillColor(INK)
        .text(area.title, x + 20, top + 30, { width: boxWidth - 36 });
      doc
        .font('regular')
        .fontSize(10.5)
        .fillColor(INK)
        .text(area.text, x + 20, doc.y + 4, { width: boxWidth - 36, lineGap: 2 });
    });
    y += 2 * boxHeight + gap + 22;

    doc.font('extraBold').fontSize(14).fillColor(INK).text('Why churches?', margin, y);
    doc
      .font('regular')
      .fontSize(11)
      .fillColor(INK)
      .text(
        'There are too few foster and adoptive families, and about half of foster families stop within their first year, most often worn out and alone. Churches have both answers: families who can open their homes, and people around them ready to help.',
        margin,
        doc.y + 6,
        { width, lineGap: 3 },
      );
  });
}

/** "Foster care in numbers": a half-letter insert for Sunday bulletins. */
export function renderBulletinInsert(ctx: DocumentContext): Promise<Buffer> {
  const spec = {
    size: [396, 612],
    title: 'Foster care in numbers',
    subject: 'A bulletin insert about foster care and the network',
    eyebrow: 'For your church bulletin',
    titleSize: 22,
    margin: 32,
    footerHeight: 76,
  } satisfies Printable;
  return printable(spec, ctx, (doc, { y, margin, width }) => {
    const figures = [
      { number: '400,000', text: 'children in foster care in the United States, approximately.', color: BRAND.turquoise },
      { number: '100,000', text: 'of them ready for adoption, waiting for a family of their own.', color: BRAND.salmon },
      { number: '1 in 2', text: 'foster families stop within their first year, most often worn out and alone.', color: BRAND.mustard },
      { number: goal, text: 'children cared for by member churches and families: our goal.', color: BRAND.tealDark },
    ];
    for (const figure of figures) {
      doc
        .font('extraBold')
        .fontSize(24)
        .fillColor(INK)
        .text(figure.number, margin + 16, y);
      doc
        .font('regular')
        .fontSize(10.5)
        .fillColor(INK)
        .text(figure.text, margin + 16, doc.y + 1, { width: width - 16, lineGap: 1.5 });
      doc.rect(margin, y + 3, 4, doc.y - y - 3).fill(figure.color);
      y = doc.y + 16;
    }
    doc
      .font('extraBold')
      .fontSize(13)
      .fillColor(INK)
      .text('Churches have both answers', margin, y + 2);
    doc
      .font('regular')
      .fontSize(10.5)
      .fillColor(INK)
      .text(
        'Families who can open their homes, and people around them ready to help: speak up, donate for physical needs, provide support services, open your home.',
        margin,
        doc.y + 4,
        { width, lineGap: 2 },
      );
  });
}

const PRAYER_DAYS: Array<{ day: string; for: string; text: string }> = [
  {
    day: 'Sunday',
    for: 'Children in foster care',
    text: 'For safety tonight, healing from what they have lived through, and a family that stays.',
  },
  {
    day: 'Monday',
    for: 'Birth families',
    text: 'For parents working to bring their children home: for help, for change, and for restored families where that is possible.',
  },
  {
    day: 'Tuesday',
    for: 'Foster and adoptive families',
    text: 'For patience, rest and joy, for marriages under strain, and for the children already in their homes.',
  },
  {
    day: 'Wednesday',
    for: 'Caseworkers, judges and agencies',
    text: 'For wisdom in hard decisions, manageable caseloads, and strength for people who carry heavy stories.',
  },
  {
    day: 'Thursday',
    for: 'Young people leaving care',
    text: 'For those who turn 18 in care: for a place to live, mentors who stay, and a church that becomes family.',
  },
  {
    day: 'Friday',
    for: 'Our church',
    text: 'For open homes and ready hands: meals, rides, respite and friendship for the families around us.',
  },
  {
    day: 'Saturday',
    for: 'Our network',
    text: `For ${goal} children cared for by member churches and families, and for the next family to say yes.`,
  },
];

/** "A week of prayer for foster care": one prayer focus a day (Letter). */
export function renderPrayerGuide(ctx: DocumentContext): Promise<Buffer> {
  const spec = {
    ...LETTER_PAGE,
    title: 'A week of prayer for foster care',
    subject: 'One prayer focus for each day of the week',
    eyebrow: 'Speak up: pray',
  };
  return printable(spec, ctx, (doc, { y, margin, width }) => {
    doc
      .font('regular')
      .fontSize(11.5)
      .fillColor(INK)
      .text('Use it for a week of prayer in your church, a small group, or at home. Speaking up starts here.', margin, y, { width });
    y = doc.y + 14;
    for (const day of PRAYER_DAYS) {
      doc.font('bold').fontSize(9).fillColor(BRAND.tealDark).text(day.day.toUpperCase(), margin, y, { characterSpacing: 1 });
      doc
        .font('extraBold')
        .fontSize(13)
        .fillColor(INK)
        .text(day.for, margin + 92, y - 2, { width: width - 92 });
      doc
        .font('regular')
        .fontSize(10.5)
        .fillColor(INK)
        .text(day.text, margin + 92, doc.y + 2, { width: width - 92, lineGap: 2 });
      y = doc.y + 8;
      doc
        .moveTo(margin, y)
        .lineTo(margin + width, y)
        .lineWidth(0.5)
        .stroke('#D5DADA');
      y += 9;
    }
    doc.y = y;
  });
}
