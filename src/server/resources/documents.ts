import { BRAND, INVOLVEMENT_AREAS, LOGO, SITE_NAME } from '../../shared/brand';
import { HEADLINE_CHILDREN, NATIONAL_COUNT, NATIONAL_COUNT_CITATION, NETWORK_GOAL, NETWORK_TARGET_PERCENT } from '../../shared/states';
import { i18nFor, type I18n, type Locale } from '../i18n';
import { RunsIntoFooter, fitted, scaleType } from '../pdf';
import { fontData } from './fonts';

// Printable documents in the network's colours and font. The site's address is printed on each, so a
// flyer on a church notice board leads to this installation. Each is made in a language (decision 043): every
// word from the catalog, numbers as the language writes them; Montserrat's Latin set has Spanish's letters.

type Doc = PDFKit.PDFDocument;
export type DocumentContext = { publicUrl: string; locale: Locale };

const INK = BRAND.charcoal;
const MUTED = '#4A5151';
const goalOf = (i18n: I18n) => i18n.number(NETWORK_GOAL);

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

/** A one-page document: the header band, the content `draw` adds, the footer band, in type that fits the page. */
function printable(spec: Printable, ctx: DocumentContext, draw: (doc: Doc, body: Body) => void): Promise<Buffer> {
  return fitted((scale) => printableAt(scale, spec, ctx, draw));
}

async function printableAt(scale: number, spec: Printable, ctx: DocumentContext, draw: (doc: Doc, body: Body) => void): Promise<Buffer> {
  const i18n = i18nFor(ctx.locale);
  // Loaded at the first document, not at start: pdfkit and its fonts keep ~30 MB resident once loaded.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: spec.size,
    margin: 0,
    compress: true,
    info: { Title: spec.title, Author: SITE_NAME, Subject: spec.subject },
  });
  scaleType(doc, scale);
  // A fixed creation date: the same content gives the same bytes.
  doc.info.CreationDate = new Date(Date.UTC(2026, 0, 1));
  doc.registerFont('regular', fontData('regular'));
  doc.registerFont('bold', fontData('bold'));
  doc.registerFont('extraBold', fontData('extraBold'));
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { margin } = spec;
  const top = header(doc, { margin, eyebrow: spec.eyebrow, title: spec.title, titleSize: spec.titleSize, locale: ctx.locale });
  draw(doc, { y: top + 22, margin, width: doc.page.width - 2 * margin });
  footer(doc, i18n, ctx.publicUrl, margin, spec.footerHeight);
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
function header(doc: Doc, opts: { margin: number; eyebrow: string; title: string; titleSize: number; locale: Locale }): number {
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
    .text(opts.eyebrow.toLocaleUpperCase(opts.locale), margin, margin + 44, { characterSpacing: 1.2 });
  doc
    .font('extraBold')
    .fontSize(opts.titleSize)
    .fillColor('#FFFFFF')
    .text(opts.title, margin, margin + 62, { width, lineGap: 2 });
  return bottom;
}

/** The band at the bottom: where to join and how to reach the team. */
function footer(doc: Doc, i18n: I18n, publicUrl: string, margin: number, height: number) {
  const top = doc.page.height - height;
  if (doc.y + 12 > top) throw new RunsIntoFooter(`"${String(doc.info.Title)}" runs into its footer (${Math.round(doc.y)} > ${top - 12})`);
  doc.rect(0, top, doc.page.width, height).fill('#E6F6F6');
  doc.rect(0, top, doc.page.width, 4).fill(BRAND.turquoise);
  const url = publicUrl.replace(/\/+$/, '');
  doc
    .font('extraBold')
    .fontSize(13)
    .fillColor(INK)
    .text(i18n._('Join the network'), margin, top + 18);
  const links = [`${url}/signup`, `${url}/contact`];
  // One sentence, its links marked <0>…</0> in the catalog, so the words around them keep the language's order.
  const said = i18n._('Sign up at <0>{signUp}</0> · Questions? <1>{contact}</1>', { signUp: links[0], contact: links[1] });
  const runs = said.split(/<(\d)>(.*?)<\/\1>/);
  doc
    .font('regular')
    .fontSize(10.5)
    .fillColor(INK)
    .text('', margin, top + 38, { continued: true });
  // split() gives text, then each link's number and words, then text again.
  for (let i = 0; i < runs.length; i += 3) {
    const last = i + 3 >= runs.length;
    doc.font('regular').fillColor(INK).text(runs[i]!, { underline: false, continued: !last });
    if (last) break;
    const link = links[Number(runs[i + 1])];
    doc
      .font('bold')
      .fillColor(BRAND.tealDark)
      .text(runs[i + 2]!, { link, underline: true, continued: true });
  }
}

/** "Four ways your church can help": a one-page flyer for notice boards (Letter). */
export function renderFlyer(ctx: DocumentContext): Promise<Buffer> {
  const i18n = i18nFor(ctx.locale);
  const spec = {
    ...LETTER_PAGE,
    title: i18n._('Four ways your church can help children in foster care'),
    subject: i18n._('Speak up, donate, support, open your home'),
    eyebrow: i18n._('Churches caring for children in foster care'),
  };
  return printable(spec, ctx, (doc, { y, margin, width }) => {
    doc
      .font('regular')
      .fontSize(12)
      .fillColor(INK)
      .text(
        i18n._(
          'More than {children} children are in foster care in the United States ({count} in {citation}), and about {waiting} of them are waiting for a family to adopt them. Our network of Assemblies of God churches has set a goal of about {goal} children cared for by member churches and families: {percent}% of them. Every church can do one of these four things.',
          {
            children: i18n.number(HEADLINE_CHILDREN),
            count: i18n.number(NATIONAL_COUNT),
            citation: NATIONAL_COUNT_CITATION,
            waiting: i18n.number(100_000),
            goal: goalOf(i18n),
            percent: NETWORK_TARGET_PERCENT,
          },
        ),
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
        .text(i18n._('{n} OF {total}', { n: i + 1, total: INVOLVEMENT_AREAS.length }), x + 20, top + 16, { characterSpacing: 1 });
      doc
        .font('extraBold')
        .fontSize(15)
        .fillColor(INK)
        .text(i18n._(area.title), x + 20, top + 30, { width: boxWidth - 36 });
      doc
        .font('regular')
        .fontSize(10.5)
        .fillColor(INK)
        .text(i18n._(area.text), x + 20, doc.y + 4, { width: boxWidth - 36, lineGap: 2 });
    });
    y += 2 * boxHeight + gap + 22;

    doc.font('extraBold').fontSize(14).fillColor(INK).text(i18n._('Why churches?'), margin, y);
    doc
      .font('regular')
      .fontSize(11)
      .fillColor(INK)
      .text(
        i18n._(
          'There are too few foster and adoptive families, and about half of foster families stop within their first year, most often worn out and alone. Churches have both answers: families who can open their homes, and people around them ready to help.',
        ),
        margin,
        doc.y + 6,
        { width, lineGap: 3 },
      );
  });
}

/** "Foster care in numbers": a half-letter insert for Sunday bulletins. */
export function renderBulletinInsert(ctx: DocumentContext): Promise<Buffer> {
  const i18n = i18nFor(ctx.locale);
  const spec = {
    size: [396, 612],
    title: i18n._('Foster care in numbers'),
    subject: i18n._('A bulletin insert about foster care and the network'),
    eyebrow: i18n._('For your church bulletin'),
    titleSize: 22,
    margin: 32,
    footerHeight: 76,
  } satisfies Printable;
  return printable(spec, ctx, (doc, { y, margin, width }) => {
    const figures = [
      {
        number: i18n.number(NATIONAL_COUNT),
        text: i18n._('children in foster care in the United States ({citation}).', { citation: NATIONAL_COUNT_CITATION }),
        color: BRAND.turquoise,
      },
      {
        number: i18n.number(100_000),
        text: i18n._('of them ready for adoption, waiting for a family of their own.'),
        color: BRAND.salmon,
      },
      {
        number: i18n._('1 in 2'),
        text: i18n._('foster families stop within their first year, most often worn out and alone.'),
        color: BRAND.mustard,
      },
      {
        number: goalOf(i18n),
        // The exact 5% (20,516) is on the fact sheets; here the round goal says "about 5%".
        text: i18n._('children cared for by member churches and families: our goal, about {percent}% of them.', {
          percent: NETWORK_TARGET_PERCENT,
        }),
        color: BRAND.tealDark,
      },
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
      .text(i18n._('Churches have both answers'), margin, y + 2);
    doc
      .font('regular')
      .fontSize(10.5)
      .fillColor(INK)
      .text(
        i18n._(
          'Families who can open their homes, and people around them ready to help: speak up, donate for physical needs, provide support services, open your home.',
        ),
        margin,
        doc.y + 4,
        { width, lineGap: 2 },
      );
  });
}

/** Each day (0 is Sunday; Intl names it in the language) and its words; Saturday's name the goal ({goal}). */
const PRAYER_DAYS: Array<{ day: number; for: string; text: string }> = [
  {
    day: 0,
    for: /*i18n*/ 'Children in foster care',
    text: /*i18n*/ 'For safety tonight, healing from what they have lived through, and a family that stays.',
  },
  {
    day: 1,
    for: /*i18n*/ 'Birth families',
    text: /*i18n*/ 'For parents working to bring their children home: for help, for change, and for restored families where that is possible.',
  },
  {
    day: 2,
    for: /*i18n*/ 'Foster and adoptive families',
    text: /*i18n*/ 'For patience, rest and joy, for marriages under strain, and for the children already in their homes.',
  },
  {
    day: 3,
    for: /*i18n*/ 'Caseworkers, judges and agencies',
    text: /*i18n*/ 'For wisdom in hard decisions, manageable caseloads, and strength for people who carry heavy stories.',
  },
  {
    day: 4,
    for: /*i18n*/ 'Young people leaving care',
    text: /*i18n*/ 'For those who turn 18 in care: for a place to live, mentors who stay, and a church that becomes family.',
  },
  {
    day: 5,
    for: /*i18n*/ 'Our church',
    text: /*i18n*/ 'For open homes and ready hands: meals, rides, respite and friendship for the families around us.',
  },
  {
    day: 6,
    for: /*i18n*/ 'Our network',
    text: /*i18n*/ 'For {goal} children cared for by member churches and families, and for the next family to say yes.',
  },
];

/** "A week of prayer for foster care": one prayer focus a day (Letter). */
export function renderPrayerGuide(ctx: DocumentContext): Promise<Buffer> {
  const i18n = i18nFor(ctx.locale);
  const goal = goalOf(i18n);
  // 4 January 2026 was a Sunday.
  const weekday = (day: number) => i18n.date(new Date(Date.UTC(2026, 0, 4 + day)), { weekday: 'long', timeZone: 'UTC' });
  const spec = {
    ...LETTER_PAGE,
    title: i18n._('A week of prayer for foster care'),
    subject: i18n._('One prayer focus for each day of the week'),
    eyebrow: i18n._('Speak up: pray'),
  };
  return printable(spec, ctx, (doc, { y, margin, width }) => {
    doc
      .font('regular')
      .fontSize(11.5)
      .fillColor(INK)
      .text(i18n._('Use it for a week of prayer in your church, a small group, or at home. Speaking up starts here.'), margin, y, {
        width,
      });
    y = doc.y + 14;
    for (const day of PRAYER_DAYS) {
      doc
        .font('bold')
        .fontSize(9)
        .fillColor(BRAND.tealDark)
        .text(weekday(day.day).toLocaleUpperCase(ctx.locale), margin, y, { characterSpacing: 1 });
      doc
        .font('extraBold')
        .fontSize(13)
        .fillColor(INK)
        .text(i18n._(day.for), margin + 92, y - 2, { width: width - 92 });
      doc
        .font('regular')
        .fontSize(10.5)
        .fillColor(INK)
        .text(i18n._(day.text, { goal }), margin + 92, doc.y + 2, { width: width - 92, lineGap: 2 });
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
