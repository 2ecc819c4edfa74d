import { BRAND, INVOLVEMENT_AREAS } from '../../shared/brand';
import { resourcePreviewUrl, resourceUrl, type ResourceFormat, type ResourceSummary } from '../../shared/resources';
import { NETWORK_GOAL } from '../../shared/states';
import { etagOf } from '../http/caching';
import { renderBulletinInsert, renderFlyer, renderPrayerGuide, type DocumentContext } from './documents';
import { IMAGE_SIZE, previewOf, renderImage, type ImageDesign } from './image';

/** What the list says of a resource, and how to make it. */
type Definition = Pick<ResourceSummary, 'id' | 'title' | 'description' | 'format' | 'details' | 'fileName'> & {
  render: (ctx: DocumentContext) => Promise<Buffer>;
};

const goal = new Intl.NumberFormat('en-US').format(NETWORK_GOAL);
const square = `${IMAGE_SIZE} × ${IMAGE_SIZE} pixels`;
const image = (design: ImageDesign) => () => renderImage(design);

/** What the resources page offers, in its order. Add one here and it is listed, served and tested. */
const DEFINITIONS: Definition[] = [
  {
    id: 'four-ways-flyer',
    title: 'Four ways your church can help',
    description: 'A one-page flyer for notice boards and welcome tables: the four ways to get involved, why churches, and where to join.',
    format: 'PDF',
    details: 'Letter, 1 page',
    fileName: 'four-ways-your-church-can-help.pdf',
    render: renderFlyer,
  },
  {
    id: 'bulletin-insert',
    title: 'Foster care in numbers',
    description: 'A half-letter insert for Sunday bulletins with the figures that matter and how your church can help.',
    format: 'PDF',
    details: 'Half letter, 1 page',
    fileName: 'foster-care-in-numbers-bulletin-insert.pdf',
    render: renderBulletinInsert,
  },
  {
    id: 'prayer-guide',
    title: 'A week of prayer for foster care',
    description: 'One prayer focus for each day of the week, for a church, a small group or a family.',
    format: 'PDF',
    details: 'Letter, 1 page',
    fileName: 'a-week-of-prayer-for-foster-care.pdf',
    render: renderPrayerGuide,
  },
  {
    id: 'every-child-image',
    title: 'Every child deserves a family that stays',
    description: 'A square image for social media, with the network’s message.',
    format: 'PNG',
    details: square,
    fileName: 'every-child-deserves-a-family.png',
    render: image({
      title: 'Every child deserves a family that stays. Churches caring for children in foster care.',
      background: BRAND.tealDark,
      blocks: [
        { text: 'Every child deserves a family that stays.', weight: 'extraBold', size: 104, color: '#FFFFFF' },
        { text: 'Churches caring for children in foster care.', weight: 'regular', size: 44, color: BRAND.mustard, gapBefore: 36 },
      ],
      footer: 'Join us: one church, one family at a time',
    }),
  },
  {
    id: 'in-numbers-image',
    title: 'About 400,000 children in foster care',
    description: `A square image with the figures: about 400,000 children in foster care, and our goal of ${goal}.`,
    format: 'PNG',
    details: square,
    fileName: 'foster-care-in-numbers.png',
    render: image({
      title: `About 400,000 children are in foster care in the United States. Our goal: ${goal} cared for by member churches and families.`,
      background: BRAND.charcoal,
      blocks: [
        { text: '400,000', weight: 'extraBold', size: 200, color: BRAND.mustard },
        { text: 'children are in foster care in the United States.', weight: 'bold', size: 56, color: '#FFFFFF', gapBefore: 8 },
        {
          text: `Our goal: ${goal} cared for by member churches and families.`,
          weight: 'regular',
          size: 44,
          color: BRAND.turquoise,
          gapBefore: 40,
        },
      ],
      footer: 'Foster care needs the church',
    }),
  },
  {
    id: 'four-ways-image',
    title: 'Four ways to help',
    description: 'A square image listing the four ways a church can help children in foster care.',
    format: 'PNG',
    details: square,
    fileName: 'four-ways-to-help.png',
    render: image({
      title: `Four ways to help: ${INVOLVEMENT_AREAS.map((a) => a.title).join(', ')}.`,
      background: BRAND.tealDark,
      blocks: [
        { text: 'Four ways to help', weight: 'extraBold', size: 96, color: '#FFFFFF' },
        ...INVOLVEMENT_AREAS.map((area, i) => ({
          text: `${i + 1}. ${area.title}`,
          weight: 'bold' as const,
          size: 52,
          color: i % 2 ? BRAND.turquoise : BRAND.mustard,
          gapBefore: i === 0 ? 40 : 14,
        })),
      ],
      footer: 'Which one is yours?',
    }),
  },
];

export type RenderedResource = { body: Buffer; etag: string; contentType: string; fileName: string };

const CONTENT_TYPES: Record<ResourceFormat, string> = { PDF: 'application/pdf', PNG: 'image/png' };

function rendered(body: Buffer, contentType: string, fileName: string): RenderedResource {
  return { body, contentType, fileName, etag: etagOf(body) };
}

/**
 * The resources, each made on first request and kept: they change only with the code and the site's
 * address, both fixed for the life of the process.
 */
export function createResourceLibrary(ctx: DocumentContext) {
  const files = new Map<string, Promise<RenderedResource>>();
  const previews = new Map<string, Promise<RenderedResource>>();
  const definition = (id: string) => DEFINITIONS.find((d) => d.id === id);

  function file(id: string): Promise<RenderedResource> | undefined {
    const def = definition(id);
    if (!def) return undefined;
    let made = files.get(id);
    if (!made) {
      made = def.render(ctx).then((body) => rendered(body, CONTENT_TYPES[def.format], def.fileName));
      // A failure is not kept: the next request tries again.
      made.catch(() => files.delete(id));
      files.set(id, made);
    }
    return made;
  }

  function preview(id: string): Promise<RenderedResource> | undefined {
    const def = definition(id);
    if (def?.format !== 'PNG') return undefined;
    let made = previews.get(id);
    if (!made) {
      made = file(id)!.then(async (full) => rendered(await previewOf(full.body), 'image/png', `preview-${def.fileName}`));
      made.catch(() => previews.delete(id));
      previews.set(id, made);
    }
    return made;
  }

  async function list(): Promise<ResourceSummary[]> {
    return Promise.all(
      DEFINITIONS.map(async ({ render: _render, ...def }) => ({
        ...def,
        bytes: (await file(def.id)!).body.length,
        url: resourceUrl(def.id),
        previewUrl: def.format === 'PNG' ? resourcePreviewUrl(def.id) : null,
      })),
    );
  }

  return { file, preview, list };
}

export type ResourceLibrary = ReturnType<typeof createResourceLibrary>;
