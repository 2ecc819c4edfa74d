import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../testing/pdf-text';
import { useTestApp } from '../testing/app';
import { expectAnswer, signedInMember } from '../testing/factories';
import { recordingLogger } from '../testing/recording-logger';
import { font, WEIGHTS, type Weight } from './fonts';
import { createResourceLibrary, type Definition } from './library';
import { renderPdfThumbnail, THUMBNAIL_WIDTH } from './thumbnail';

const t = useTestApp({ config: { publicUrl: 'https://network.example.org' } });

async function list() {
  return (await expectAnswer(t.client().api.resources.$get())).resources;
}

/** A resource's file (its `url`), or its preview (`previewUrl`). */
const file = (id: string, headers?: Record<string, string>) => t.client().api.resources[':id'].$get({ param: { id } }, { headers });
const preview = (id: string) => t.client().api.resources[':id']['preview.png'].$get({ param: { id } });

describe('resources', () => {
  it('lists printable PDFs and shareable PNG images for everyone, with their sizes', async () => {
    const resources = await list();
    expect(resources.filter((r) => r.format === 'PDF').length).toBeGreaterThanOrEqual(3);
    expect(resources.filter((r) => r.format === 'PNG').length).toBeGreaterThanOrEqual(3);
    for (const r of resources) {
      expect(r.bytes, r.id).toBeGreaterThan(1000);
      // The list names its language in each address, so a download is in the language the list was read in.
      expect(r.url).toBe(`/api/resources/${r.id}?lang=en`);
      // Every resource has a picture: a smaller copy of an image, a printable's first page (issue 29).
      expect(r.previewUrl).toBe(`/api/resources/${r.id}/preview.png?lang=en`);
      expect(r.previewWidth).toBe(r.format === 'PNG' ? 480 : THUMBNAIL_WIDTH);
      expect(r.previewHeight).toBeGreaterThan(0);
    }
  });

  it('downloads each PDF with its title and this site’s address to join, as an attachment', async () => {
    for (const r of (await list()).filter((x) => x.format === 'PDF')) {
      const res = await file(r.id);
      expect(res.status, r.id).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${r.fileName}"`);
      const body = Buffer.from(await res.arrayBuffer());
      expect(body.length).toBe(r.bytes);
      const text = (await pdfText(body)).replace(/\s+/g, ' ');
      expect(text, r.id).toContain(r.title);
      expect(text, r.id).toContain('https://network.example.org/signup');
    }
  });

  it('downloads each image as a 1080-pixel square PNG without metadata, and a small preview of it', async () => {
    for (const r of (await list()).filter((x) => x.format === 'PNG')) {
      const res = await file(r.id);
      expect(res.headers.get('content-type')).toBe('image/png');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height, meta.exif], r.id).toEqual(['png', 1080, 1080, undefined]);

      const small = await preview(r.id);
      expect(small.headers.get('content-disposition')).toMatch(/^inline;/);
      expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(480);
    }
  });

  it('answers a repeat request with 304 when the copy is current', async () => {
    const [first] = await list();
    const res = await file(first!.id);
    const etag = res.headers.get('etag')!;
    expect(res.headers.get('cache-control')).toContain('max-age=3600');
    const again = await file(first!.id, { 'if-none-match': etag });
    expect(again.status).toBe(304);
  });

  it('are in Spanish for a Spanish asker: the list, the file names and every word of the PDFs, accents and all', async () => {
    const c = t.client();
    c.jar.set('lang', 'es');
    const res = await c.api.resources.$get();
    expect(res.headers.get('content-language')).toBe('es');
    expect(res.headers.get('vary')).toMatch(/Accept-Language/);
    const { resources } = await expectAnswer(res);
    const english = await list();
    expect(resources.map((r) => r.id)).toEqual(english.map((r) => r.id));
    const flyer = resources.find((r) => r.id === 'four-ways-flyer')!;
    expect(flyer).toMatchObject({
      title: 'Cuatro maneras en que su iglesia puede ayudar',
      details: 'Carta, 1 página',
      fileName: 'cuatro-maneras-en-que-su-iglesia-puede-ayudar.pdf',
      url: '/api/resources/four-ways-flyer?lang=es',
    });
    expect(resources.find((r) => r.id === 'in-numbers-image')!.details).toBe('1080 × 1080 píxeles');

    for (const r of resources.filter((x) => x.format === 'PDF')) {
      // The address the list gives, from any client: it names the language.
      const file = await t.client().get(r.url, { 'accept-language': 'en' });
      expect(file.status, r.id).toBe(200);
      expect(file.headers.get('content-language')).toBe('es');
      expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${r.fileName}"`);
      const text = (await pdfText(Buffer.from(await file.arrayBuffer()))).replace(/\s+/g, ' ');
      expect(text, r.id).toContain(r.title);
      // The footer's sentence around its two links (a narrow page breaks it where it must).
      expect(text, r.id).toContain('Regístrese en https://network.example.org/signup · ¿Preguntas?');
      expect(text.replace(/\s/g, ''), r.id).toContain('¿Preguntas?https://network.example.org/contact');
      expect(text, r.id).not.toContain('Sign up at');
    }
    const prayer = await t.client().get('/api/resources/prayer-guide?lang=es');
    const prayerText = (await pdfText(Buffer.from(await prayer.arrayBuffer()))).replace(/\s+/g, ' ');
    // The days are named by Intl, in capitals of the language.
    for (const day of ['DOMINGO', 'MIÉRCOLES', 'SÁBADO']) expect(prayerText.replace(/\s/g, '')).toContain(day);
    expect(prayerText).toContain('Por 20,000 niños atendidos por iglesias y familias miembros');
  });

  it('prints Spanish letters in the site’s font: every weight has their glyphs', () => {
    for (const weight of Object.keys(WEIGHTS) as Weight[]) {
      const face = font(weight);
      for (const letter of 'áéíóúüñÁÉÍÓÚÜÑ¿¡«»“”')
        expect(face.hasGlyphForCodePoint(letter.codePointAt(0)!), `${weight} ${letter}`).toBe(true);
    }
  });

  it('keeps each language apart: its own ETag, and the English one unchanged', async () => {
    const en = await file('bulletin-insert', { 'accept-language': 'en' });
    const es = await file('bulletin-insert', { 'accept-language': 'es' });
    expect(en.headers.get('content-language')).toBe('en');
    expect(es.headers.get('content-language')).toBe('es');
    expect(es.headers.get('etag')).not.toBe(en.headers.get('etag'));
    expect((await file('bulletin-insert', { 'accept-language': 'es', 'if-none-match': en.headers.get('etag')! })).status).toBe(200);
    const text = (await pdfText(Buffer.from(await en.arrayBuffer()))).replace(/\s+/g, ' ');
    // The exact count with its source and year, and the headline's rounded figure as "more than" (issue 29).
    expect(text).toContain('410,308 children in foster care in the United States (AFCARS FY2021).');
    expect(text).toContain('Sign up at https://network.example.org/signup · Questions? https://network.example.org/contact');
    const image = await t.client().get('/api/resources/every-child-image/preview.png?lang=es');
    expect(image.headers.get('content-language')).toBe('es');
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBe(480);
  });

  it('answers 404 JSON for a resource that does not exist, and for its preview', async () => {
    // Raw: one of them is an escaped path that no typed call would send.
    for (const url of ['/api/resources/nope', '/api/resources/nope/preview.png', '/api/resources/..%2Fpackage.json']) {
      const res = await t.client().get(url);
      expect(res.status, url).toBe(404);
      expect(((await res.json()) as { code: string }).code).toBe('NOT_FOUND');
    }
  });
});

/** The picture's format, size and how much it varies (a blank page hardly does). */
async function pictureOf(bytes: Buffer) {
  const image = sharp(bytes);
  const [meta, stats] = await Promise.all([image.metadata(), image.stats()]);
  return { format: meta.format, width: meta.width, height: meta.height, spread: Math.max(...stats.channels.map((c) => c.stdev)) };
}

describe("printables' thumbnails (issue 29)", () => {
  it("is each PDF's first page drawn as a small PNG of the page's proportions, kept in the file storage", async () => {
    for (const r of (await list()).filter((x) => x.format === 'PDF')) {
      const res = await preview(r.id);
      expect(res.status, r.id).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      const bytes = Buffer.from(await res.arrayBuffer());
      const picture = await pictureOf(bytes);
      expect(picture, r.id).toMatchObject({ format: 'png', width: THUMBNAIL_WIDTH, height: r.previewHeight });
      // Letter is 8.5 × 11 inches, half letter 5.5 × 8.5: the thumbnail has the page's shape, not a square.
      expect(picture.height / picture.width, r.id).toBeCloseTo(r.details.startsWith('Half') ? 8.5 / 5.5 : 11 / 8.5, 1);
      expect(picture.spread, `${r.id} is not a blank page`).toBeGreaterThan(20);
      expect(bytes.length, r.id).toBeLessThan(80_000);
    }
    const kept = [];
    for await (const f of t.deps.storage.list()) if (f.key.startsWith('resource-previews/')) kept.push(f.key);
    expect(kept.length).toBeGreaterThanOrEqual(3);
  });

  it('is drawn by the background job, whose run counts them', async () => {
    expect(await t.jobs.runNow('resource-thumbnails')).toMatchObject({ status: 'done', result: { ready: 6, failed: 0 } });
  });

  it('is drawn once: another instance on the same storage finds it kept', async () => {
    const { logger, lines } = recordingLogger();
    const library = createResourceLibrary({ publicUrl: t.config.publicUrl }, { storage: t.deps.storage, logger });
    expect(await library.prepareThumbnails()).toEqual({ ready: 6, failed: 0 });
    const again = createResourceLibrary({ publicUrl: t.config.publicUrl }, { storage: t.deps.storage, logger });
    const drawnBefore = lines.filter((l) => l.msg === 'resource thumbnail drawn').length;
    expect(await again.prepareThumbnails()).toEqual({ ready: 6, failed: 0 });
    expect(lines.filter((l) => l.msg === 'resource thumbnail drawn')).toHaveLength(drawnBefore);
  });

  it('falls back to the generic sheet when a PDF cannot be drawn: logged, listed without a picture, its preview a 404', async () => {
    const broken: Definition = {
      id: 'broken-flyer',
      title: 'A broken flyer',
      description: 'Bytes that are not a PDF pdf.js can read.',
      format: 'PDF',
      details: 'Letter, 1 page',
      fileName: 'broken-flyer.pdf',
      render: () => Promise.resolve(Buffer.from('%PDF-1.7\nthis is not a PDF\n%%EOF')),
    };
    await expect(renderPdfThumbnail(await broken.render({ publicUrl: '', locale: 'en' }))).rejects.toThrow();
    const { logger, lines } = recordingLogger();
    const library = createResourceLibrary(
      { publicUrl: t.config.publicUrl },
      { storage: t.deps.storage, logger, definitions: { en: [broken], es: [broken] } },
    );
    const [listed] = await library.list('en');
    expect(listed).toMatchObject({ id: 'broken-flyer', previewUrl: null, previewWidth: null, previewHeight: null });
    expect(lines).toContainEqual(expect.objectContaining({ level: 'warn', msg: 'resource thumbnail failed' }));
    await expect(library.preview('broken-flyer', 'en')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await library.prepareThumbnails()).toEqual({ ready: 0, failed: 2 });
  });

  it("follows the resource's access rule: public, for a visitor as for a member, cached like the file", async () => {
    const [pdf] = (await list()).filter((r) => r.format === 'PDF');
    const asVisitor = await preview(pdf!.id);
    expect(asVisitor.status).toBe(200);
    const file = await t.client().api.resources[':id'].$get({ param: { id: pdf!.id } });
    expect(asVisitor.headers.get('cache-control')).toBe(file.headers.get('cache-control'));
    expect(asVisitor.headers.get('cache-control')).toMatch(/^public/);
    const member = (await signedInMember(t)).c;
    const asMember = await member.api.resources[':id']['preview.png'].$get({ param: { id: pdf!.id } });
    expect(asMember.status).toBe(200);
    expect(asMember.headers.get('etag')).toBe(asVisitor.headers.get('etag'));
  });
});
