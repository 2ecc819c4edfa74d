import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../testing/pdf-text';
import { useTestApp } from '../testing/app';
import { expectAnswer } from '../testing/factories';

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
      expect(r.url).toBe(`/api/resources/${r.id}`);
      expect(r.previewUrl).toBe(r.format === 'PNG' ? `/api/resources/${r.id}/preview.png` : null);
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

  it('answers 404 JSON for a resource that does not exist, and for the preview of a PDF', async () => {
    const pdf = (await list()).find((r) => r.format === 'PDF')!;
    // Raw: one of them is an escaped path that no typed call would send.
    for (const url of ['/api/resources/nope', `/api/resources/${pdf.id}/preview.png`, '/api/resources/..%2Fpackage.json']) {
      const res = await t.client().get(url);
      expect(res.status, url).toBe(404);
      expect(((await res.json()) as { code: string }).code).toBe('NOT_FOUND');
    }
  });
});
