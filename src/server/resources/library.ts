import { BRAND, INVOLVEMENT_AREAS } from '../../shared/brand';
import { resourcePreviewUrl, resourceUrl, type ResourceFormat, type ResourceSummary } from '../../shared/resources';
import { HEADLINE_CHILDREN, NATIONAL_COUNT, NATIONAL_COUNT_CITATION, NETWORK_GOAL } from '../../shared/states';
import { LOCALE_PARAM, LOCALES } from '../../shared/i18n/locale';
import { createHash } from 'node:crypto';
import { etagOf } from '../http/caching';
import { AppError } from '../http/errors';
import { i18nFor, type I18n, type Locale } from '../i18n';
import type { Logger } from '../logger';
import type { FileStorage } from '../storage/storage';
import { renderBulletinInsert, renderFlyer, renderPrayerGuide, type DocumentContext } from './documents';
import { IMAGE_SIZE, previewOf, renderImage, type ImageDesign } from './image';
import { renderPdfThumbnail } from './thumbnail';

/** What the list says of a resource, and how to make it. */
export type Definition = Pick<ResourceSummary, 'id' | 'title' | 'description' | 'format' | 'details' | 'fileName'> & {
  render: (ctx: DocumentContext) => Promise<Buffer>;
};

const image = (design: ImageDesign) => () => renderImage(design);

/**
 * What the resources page offers, in its order and in a language: the list's words, the file names and
 * the images' words. Add one here and it is listed, served and tested.
 */
function definitionsIn(i18n: I18n): Definition[] {
  const goal = i18n.number(NETWORK_GOAL);
  const children = i18n.number(HEADLINE_CHILDREN);
  const count = i18n.number(NATIONAL_COUNT);
  const citation = NATIONAL_COUNT_CITATION;
  const square = i18n._('{width} × {height} pixels', { width: IMAGE_SIZE, height: IMAGE_SIZE });
  const areas = INVOLVEMENT_AREAS.map((area) => i18n._(area.title));
  return [
    {
      id: 'four-ways-flyer',
      title: i18n._('Four ways your church can help'),
      description: i18n._(
        'A one-page flyer for notice boards and welcome tables: the four ways to get involved, why churches, and where to join.',
      ),
      format: 'PDF',
      details: i18n._('Letter, 1 page'),
      fileName: i18n._('four-ways-your-church-can-help.pdf'),
      render: renderFlyer,
    },
    {
      id: 'bulletin-insert',
      title: i18n._('Foster care in numbers'),
      description: i18n._('A half-letter insert for Sunday bulletins with the figures that matter and how your church can help.'),
      format: 'PDF',
      details: i18n._('Half letter, 1 page'),
      fileName: i18n._('foster-care-in-numbers-bulletin-insert.pdf'),
      render: renderBulletinInsert,
    },
    {
      id: 'prayer-guide',
      title: i18n._('A week of prayer for foster care'),
      description: i18n._('One prayer focus for each day of the week, for a church, a small group or a family.'),
      format: 'PDF',
      details: i18n._('Letter, 1 page'),
      fileName: i18n._('a-week-of-prayer-for-foster-care.pdf'),
      render: renderPrayerGuide,
    },
    {
      id: 'every-child-image',
      title: i18n._('Every child deserves a family that stays'),
      description: i18n._('A square image for social media, with the network’s message.'),
      format: 'PNG',
      details: square,
      fileName: i18n._('every-child-deserves-a-family.png'),
      render: image({
        title: i18n._('Every child deserves a family that stays. Churches caring for children in foster care.'),
        background: BRAND.tealDark,
        blocks: [
          { text: i18n._('Every child deserves a family that stays.'), weight: 'extraBold', size: 104, color: '#FFFFFF' },
          {
            text: i18n._('Churches caring for children in foster care.'),
            weight: 'regular',
            size: 44,
            color: BRAND.mustard,
            gapBefore: 36,
          },
        ],
        footer: i18n._('Join us: one church, one family at a time'),
      }),
    },
    {
      id: 'in-numbers-image',
      title: i18n._('More than {children} children in foster care', { children }),
      description: i18n._('A square image with the figures: {count} children in foster care ({citation}), and our goal of about {goal}.', {
        count,
        citation,
        goal,
      }),
      format: 'PNG',
      details: square,
      fileName: i18n._('foster-care-in-numbers.png'),
      render: image({
        title: i18n._(
          '{count} children are in foster care in the United States ({citation}). Our goal: about {goal} cared for by member churches and families.',
          { count, citation, goal },
        ),
        background: BRAND.charcoal,
        blocks: [
          { text: count, weight: 'extraBold', size: 200, color: BRAND.mustard },
          {
            text: i18n._('children are in foster care in the United States ({citation}).', { citation }),
            weight: 'bold',
            size: 56,
            color: '#FFFFFF',
            gapBefore: 8,
          },
          {
            text: i18n._('Our goal: about {goal} cared for by member churches and families.', { goal }),
            weight: 'regular',
            size: 44,
            color: BRAND.turquoise,
            gapBefore: 40,
          },
        ],
        footer: i18n._('Foster care needs the church'),
      }),
    },
    {
      id: 'four-ways-image',
      title: i18n._('Four ways to help'),
      description: i18n._('A square image listing the four ways a church can help children in foster care.'),
      format: 'PNG',
      details: square,
      fileName: i18n._('four-ways-to-help.png'),
      render: image({
        title: i18n._('Four ways to help: {areas}.', { areas: areas.join(', ') }),
        background: BRAND.tealDark,
        blocks: [
          { text: i18n._('Four ways to help'), weight: 'extraBold', size: 96, color: '#FFFFFF' },
          ...areas.map((title, i) => ({
            text: i18n._('{n}. {title}', { n: i + 1, title }),
            weight: 'bold' as const,
            size: 52,
            color: i % 2 ? BRAND.turquoise : BRAND.mustard,
            gapBefore: i === 0 ? 40 : 14,
          })),
        ],
        footer: i18n._('Which one is yours?'),
      }),
    },
  ];
}

/** Each language's definitions, made once. */
const DEFINITIONS: Record<Locale, Definition[]> = { en: definitionsIn(i18nFor('en')), es: definitionsIn(i18nFor('es')) };

export type RenderedResource = { body: Buffer; etag: string; contentType: string; fileName: string };
/** A picture of a resource, with its size in pixels for the page's <img>. */
type Preview = RenderedResource & { width: number; height: number };

/** The image previews' size (image.ts's previewOf): square. */
const IMAGE_PREVIEW_SIZE = 480;

/**
 * Where a printable's thumbnail is kept: by the PDF's content, so a new release's PDF gets a new one. pdfkit
 * writes a trailer /ID made from the time of writing, which differs at each render of the same content: it is
 * left out of the hash.
 */
function thumbnailKey(locale: Locale, id: string, pdf: Buffer): string {
  const content = pdf.toString('latin1').replace(/\/ID \[<[0-9a-f]*> <[0-9a-f]*>\]/, '');
  return `resource-previews/${locale}-${id}-${createHash('sha256').update(content, 'latin1').digest('hex').slice(0, 32)}.png`;
}

/** PNG's own header: how a kept thumbnail gives its size back without decoding it. */
function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

export type LibraryOptions = {
  /** Where printables' thumbnails are kept across restarts and instances, like members' photos. */
  storage: FileStorage;
  logger: Logger;
  /** The resources; the site's own unless a test gives others (a PDF that cannot be drawn). */
  definitions?: Record<Locale, Definition[]>;
};

const CONTENT_TYPES: Record<ResourceFormat, string> = { PDF: 'application/pdf', PNG: 'image/png' };

function rendered(body: Buffer, contentType: string, fileName: string): RenderedResource {
  return { body, contentType, fileName, etag: etagOf(body) };
}

/** A resource's address in a language: the list names it, so a download is in the language the list was read in. */
const inLanguage = (url: string, locale: Locale) => `${url}?${LOCALE_PARAM}=${locale}`;

/**
 * The resources, each made on first request in each language and kept: they change only with the code and
 * the site's address, both fixed for the life of the process.
 */
export function createResourceLibrary(site: Omit<DocumentContext, 'locale'>, options: LibraryOptions) {
  const { storage, logger } = options;
  const definitions = options.definitions ?? DEFINITIONS;
  // Kept by language and id: each language's file is a file of its own (its own bytes, so its own ETag).
  const files = new Map<string, Promise<RenderedResource>>();
  const previews = new Map<string, Promise<Preview>>();
  const thumbnails = new Map<string, Promise<Preview | null>>();
  const definition = (id: string, locale: Locale) => definitions[locale].find((d) => d.id === id);

  function file(id: string, locale: Locale): Promise<RenderedResource> | undefined {
    const def = definition(id, locale);
    if (!def) return undefined;
    const key = `${locale}:${id}`;
    let made = files.get(key);
    if (!made) {
      made = def.render({ ...site, locale }).then((body) => rendered(body, CONTENT_TYPES[def.format], def.fileName));
      // A failure is not kept: the next request tries again.
      made.catch(() => files.delete(key));
      files.set(key, made);
    }
    return made;
  }

  function imagePreview(def: Definition, locale: Locale): Promise<Preview> {
    const key = `${locale}:${def.id}`;
    let made = previews.get(key);
    if (!made) {
      made = file(def.id, locale)!.then(async (full) => ({
        ...rendered(await previewOf(full.body, IMAGE_PREVIEW_SIZE), 'image/png', `preview-${def.fileName}`),
        width: IMAGE_PREVIEW_SIZE,
        height: IMAGE_PREVIEW_SIZE,
      }));
      made.catch(() => previews.delete(key));
      previews.set(key, made);
    }
    return made;
  }

  /** The kept thumbnail of this PDF's bytes, or a new one drawn and kept; null when it cannot be drawn (logged). */
  async function drawThumbnail(def: Definition, locale: Locale): Promise<Preview | null> {
    const pdf = (await file(def.id, locale)!).body;
    const key = thumbnailKey(locale, def.id, pdf);
    const fileName = `preview-${def.fileName.replace(/\.pdf$/, '')}.png`;
    try {
      const kept = await storage.get(key);
      if (kept) return { ...rendered(kept.data, 'image/png', fileName), ...pngSize(kept.data) };
      const started = Date.now();
      const drawn = await renderPdfThumbnail(pdf);
      await storage.put(key, drawn.body, 'image/png');
      logger.info('resource thumbnail drawn', { id: def.id, locale, bytes: drawn.body.length, ms: Date.now() - started });
      return { ...rendered(drawn.body, 'image/png', fileName), width: drawn.width, height: drawn.height };
    } catch (err) {
      // The page shows its generic sheet instead; the next list or the job's next look tries again.
      logger.warn('resource thumbnail failed', { id: def.id, locale, err: err instanceof Error ? err.message : String(err) });
      return null;
    }
  }

  function thumbnail(def: Definition, locale: Locale): Promise<Preview | null> {
    const key = `${locale}:${def.id}`;
    let made = thumbnails.get(key);
    if (!made) {
      made = drawThumbnail(def, locale);
      // A failure is not kept: the next asker (or the job) tries again.
      void made.then((drawn) => drawn ?? thumbnails.delete(key));
      thumbnails.set(key, made);
    }
    return made;
  }

  /** A resource's picture: a smaller copy of an image, the first page of a PDF; null when there is none. */
  function pictureOf(def: Definition, locale: Locale): Promise<Preview | null> {
    return def.format === 'PNG' ? imagePreview(def, locale) : thumbnail(def, locale);
  }

  function preview(id: string, locale: Locale): Promise<RenderedResource> | undefined {
    const def = definition(id, locale);
    if (!def) return undefined;
    return pictureOf(def, locale).then((picture) => {
      if (!picture) throw new AppError('NOT_FOUND', /*i18n*/ 'This resource has no preview right now.');
      return picture;
    });
  }

  async function list(locale: Locale): Promise<ResourceSummary[]> {
    return Promise.all(
      definitions[locale].map(async (definition) => {
        const { render: _render, ...def } = definition;
        const picture = await pictureOf(definition, locale);
        return {
          ...def,
          bytes: (await file(def.id, locale)!).body.length,
          url: inLanguage(resourceUrl(def.id), locale),
          previewUrl: picture ? inLanguage(resourcePreviewUrl(def.id), locale) : null,
          previewWidth: picture?.width ?? null,
          previewHeight: picture?.height ?? null,
        };
      }),
    );
  }

  /**
   * Draws (or finds kept) every printable's thumbnail in every language: the background job's run at start, so
   * the first visitor of the resources page does not wait for pdf.js. One at a time: each holds the thread.
   */
  async function prepareThumbnails(): Promise<{ ready: number; failed: number }> {
    let ready = 0;
    let failed = 0;
    for (const locale of LOCALES) {
      for (const def of definitions[locale].filter((d) => d.format === 'PDF')) {
        if (await thumbnail(def, locale)) ready++;
        else failed++;
      }
    }
    return { ready, failed };
  }

  return { file, preview, list, prepareThumbnails };
}

export type ResourceLibrary = ReturnType<typeof createResourceLibrary>;
