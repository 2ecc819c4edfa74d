import zlib from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { JSON_BODY_MAX_BYTES, PHOTO_MAX_BYTES, PHOTO_OUTPUT_SIZE } from '../../shared/limits';
import { photoKey } from '../storage/storage';
import { useTestApp } from '../testing/app';
import { eq } from 'drizzle-orm';
import { profile, user } from '../db/schema';
import {
  expectAnswer,
  fileBlob,
  getPhotoAt,
  photoVersionOf,
  PNG_SIGNATURE,
  pngChunk,
  pngHeader,
  signedInAdmin,
  signedInMember,
  uploadPhoto,
} from '../testing/factories';

const t = useTestApp();

type Client = ReturnType<typeof t.client>;

const newMember = () => signedInMember(t, { prefix: 'photo', profile: null });

function upload(c: Client, file: Blob, name = 'photo.jpg', fields: Record<string, string | number> = {}) {
  return uploadPhoto(t, c, file, { name, fields });
}

async function photoOf(c: Client, url: string) {
  const res = await getPhotoAt(c, url);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** Noise does not compress, so the JPEG is large enough to be well past the 64 KB JSON limit. */
async function noisyJpeg(width = 900, height = 700) {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + ((i * 104729) >> 3)) & 0xff;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

/** Left half red, right half blue. */
async function halves(width: number, height: number) {
  const red = await sharp({ create: { width: width / 2, height, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#0000ff' } }).composite([{ input: red, left: 0, top: 0 }]);
}

async function meanColour(jpeg: Buffer) {
  const { channels } = await sharp(jpeg).stats();
  return channels.slice(0, 3).map((ch) => Math.round(ch.mean));
}

/** A PNG that declares huge dimensions in its header; its pixel data is a few bytes, so nothing big is made. */
function pngHeaderOnly(width: number, height: number) {
  return Buffer.concat([
    PNG_SIGNATURE,
    pngHeader(width, height, 'rgb'),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(16))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Whether a JPEG's EXIF block carries a GPS directory (tag 0x8825, in either byte order). */
function hasGpsTag(exif: Buffer | undefined) {
  if (!exif) return false;
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
}

async function expectRefused(res: Response, status: number, pattern: RegExp) {
  expect(res.status).toBe(status);
  const body = await res.json();
  expect(body.message).toMatch(pattern);
  return body;
}

describe('uploading a profile photo', () => {
  it('re-encodes to one 512×512 JPEG without any metadata: no EXIF, no GPS, no XMP, no ICC', async () => {
    const { c, id } = await newMember();
    const original = await (
      await halves(1200, 900)
    )
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Phone 12', Copyright: 'A foster family' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '37/1 12/1 3000/100',
          GPSLongitudeRef: 'W',
          GPSLongitude: '93/1 17/1 2400/100',
        },
      })
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>')
      .withIccProfile('p3')
      .toBuffer();
    const before = await sharp(original).metadata();
    expect(hasGpsTag(before.exif)).toBe(true);
    expect(before.xmp).toBeDefined();
    expect(before.icc).toBeDefined();

    const res = await upload(c, fileBlob(original), 'IMG_0001.jpg');
    expect(res.status).toBe(200);
    const { photoUrl } = await res.json();
    expect(photoUrl).toBe(`/api/photos/${id}?v=1`);

    const stored = await photoOf(c, photoUrl);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: PHOTO_OUTPUT_SIZE, height: PHOTO_OUTPUT_SIZE, space: 'srgb' });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(stored.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);
    expect(stored.includes(Buffer.from('PhoneMaker', 'latin1'))).toBe(false);
    expect(await t.deps.storage.exists(photoKey(id))).toBe(true);
  });

  it('crops the square the member chose, in pixels of the upright image', async () => {
    const { c } = await newMember();
    const image = await (await halves(600, 400)).jpeg().toBuffer();
    const blue = await upload(c, fileBlob(image), 'a.jpg', { x: 350, y: 50, width: 250, height: 250 });
    expect(blue.status).toBe(200);
    const [r, , b] = await meanColour(await photoOf(c, (await blue.json()).photoUrl));
    expect(b).toBeGreaterThan(230);
    expect(r).toBeLessThan(25);

    // Orientation 6: the camera held sideways. The browser shows it turned upright, 400 wide and 600 high,
    // with the red half on top; the crop refers to that picture.
    const sideways = await (await halves(600, 400)).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const top = await upload(c, fileBlob(sideways), 'b.jpg', { x: 0, y: 0, width: 300, height: 300 });
    expect(top.status).toBe(200);
    const [r2, , b2] = await meanColour(await photoOf(c, (await top.json()).photoUrl));
    expect(r2).toBeGreaterThan(230);
    expect(b2).toBeLessThan(25);
  });

  it('takes the centre square when no crop is given, and PNG (transparency on white) and WebP too', async () => {
    const { c } = await newMember();
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const res = await upload(c, fileBlob(png, 'image/png'), 'clear.png');
    expect(res.status).toBe(200);
    const stored = await photoOf(c, (await res.json()).photoUrl);
    expect(await meanColour(stored)).toEqual([255, 255, 255]);

    const webp = await (await halves(400, 400)).webp().toBuffer();
    const res2 = await upload(c, fileBlob(webp, 'image/webp'), 'x.webp');
    expect(res2.status).toBe(200);
    expect((await sharp(await photoOf(c, (await res2.json()).photoUrl)).metadata()).format).toBe('jpeg');
  });

  it('accepts photos far larger than the 64 KB JSON limit', async () => {
    const { c } = await newMember();
    const big = await noisyJpeg(1400, 1000);
    expect(big.length).toBeGreaterThan(JSON_BODY_MAX_BYTES * 4);
    expect((await upload(c, fileBlob(big))).status).toBe(200);
  });

  it('replaces the previous photo and moves the version on, so the new one shows at once', async () => {
    const { c, id } = await newMember();
    const first = await (await upload(c, fileBlob(await (await halves(200, 200)).jpeg().toBuffer()))).json();
    const second = await (await upload(c, fileBlob(await noisyJpeg(300, 300)))).json();
    expect(first.photoUrl).toBe(`/api/photos/${id}?v=1`);
    expect(second.photoUrl).toBe(`/api/photos/${id}?v=2`);
    expect((await c.me())!.photoUrl).toBe(second.photoUrl);
    expect((await expectAnswer(c.api.profile.$get())).profile.photoUrl).toBe(second.photoUrl);
  });

  it('refuses a PDF named .jpg, with a clear message, and stores nothing', async () => {
    const { c, id } = await newMember();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const body = await expectRefused(await upload(c, fileBlob(pdf, 'image/jpeg'), 'holiday.jpg'), 415, /JPEG, PNG or WebP/);
    expect(body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(await photoVersionOf(t.db, id)).toBeNull();
    expect(await t.deps.storage.exists(photoKey(id))).toBe(false);
  });

  it('refuses an SVG, whatever it is called', async () => {
    const { c, id } = await newMember();
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    await expectRefused(await upload(c, fileBlob(svg, 'image/svg+xml'), 'me.svg'), 415, /JPEG, PNG or WebP/);
    await expectRefused(await upload(c, fileBlob(svg, 'image/png'), 'me.png'), 415, /JPEG, PNG or WebP/);
    expect(await photoVersionOf(t.db, id)).toBeNull();
  });

  it('refuses other image formats sharp could read (GIF, TIFF)', async () => {
    const { c } = await newMember();
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#00979b' } })
      .gif()
      .toBuffer();
    const tiff = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#00979b' } })
      .tiff()
      .toBuffer();
    await expectRefused(await upload(c, fileBlob(gif, 'image/jpeg'), 'a.jpg'), 415, /JPEG, PNG or WebP/);
    await expectRefused(await upload(c, fileBlob(tiff, 'image/jpeg'), 'b.jpg'), 415, /JPEG, PNG or WebP/);
  });

  it('refuses a file over 10 MB, whether or not the request says its length', async () => {
    const { c, id } = await newMember();
    const huge = Buffer.alloc(PHOTO_MAX_BYTES + 1024, 0);
    huge.set([0xff, 0xd8, 0xff, 0xe0]);
    await expectRefused(await upload(c, fileBlob(huge), 'huge.jpg'), 413, /larger than 10 MB/);

    // Raw, as the uploads here are (the contract leaves the multipart body to the handler, so the typed
    // client has no type for it): a body that says its length up front.
    const boundary = 'xxBOUNDARYxx';
    const multipart = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="huge.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      huge,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.request('/api/profile/photo', {
      method: 'POST',
      headers: {
        origin: t.config.publicUrl,
        cookie: c.cookieHeader(),
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(multipart.length),
      },
      body: multipart,
    });
    await expectRefused(res, 413, /larger than 10 MB/);
    expect(await photoVersionOf(t.db, id)).toBeNull();
  });

  it('refuses absurd dimensions from the header, without decoding: 20000×20000 and friends', async () => {
    const { c, id } = await newMember();
    for (const [w, h] of [
      [20000, 20000],
      [10001, 10],
      [8000, 8000],
    ] as const) {
      const png = pngHeaderOnly(w, h);
      expect(png.length).toBeLessThan(200);
      const body = await expectRefused(await upload(c, fileBlob(png, 'image/png'), 'huge.png'), 400, /too large.*10,000 pixels/);
      expect(body.fieldErrors.photo).toBe(body.message);
    }
    expect(await photoVersionOf(t.db, id)).toBeNull();
  });

  it('refuses a damaged image and a crop outside the image', async () => {
    const { c } = await newMember();
    const good = await (await halves(400, 300)).jpeg().toBuffer();
    await expectRefused(await upload(c, fileBlob(good.subarray(0, 300)), 'cut.jpg'), 400, /could not be read/);
    const outside = await expectRefused(
      await upload(c, fileBlob(good), 'a.jpg', { x: 300, y: 0, width: 200, height: 200 }),
      400,
      /square inside/,
    );
    expect(outside.fieldErrors.crop).toBeDefined();
    await expectRefused(await upload(c, fileBlob(good), 'a.jpg', { x: 0, y: 0, width: 300, height: 100 }), 400, /square inside/);
    const bad = await upload(c, fileBlob(good), 'a.jpg', { x: 'left', y: 0, width: 100, height: 100 });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fieldErrors.x).toBeDefined();
  });

  it('is for signed-in members, as multipart/form-data with a photo', async () => {
    const visitor = t.client();
    expect((await upload(visitor, fileBlob(await noisyJpeg(100, 100)))).status).toBe(401);
    const { c } = await newMember();
    expect((await c.post('/api/profile/photo', { photo: 'x' })).status).toBe(415);
    const empty = new FormData();
    empty.set('note', 'no photo');
    const res = await t.app.request('/api/profile/photo', {
      method: 'POST',
      headers: { origin: t.config.publicUrl, cookie: c.cookieHeader() },
      body: empty,
    });
    await expectRefused(res, 400, /Choose a photo/);
  });

  it('keeps the 64 KB limit on every other route', async () => {
    const { c } = await newMember();
    // Raw: oversized on purpose, to routes of every kind (one of them Better Auth's, one that takes no body).
    const padding = 'x'.repeat(JSON_BODY_MAX_BYTES + 1);
    for (const [method, path] of [
      ['PUT', '/api/profile'],
      ['PATCH', '/api/account'],
      ['POST', '/api/profile/photo/'],
      ['PUT', '/api/profile/photo'],
      ['POST', '/api/auth/sign-in/email'],
    ] as const) {
      const res = await c.request(method, path, JSON.stringify({ padding }));
      expect(res.status, `${method} ${path}`).toBe(413);
    }
  });
});

describe('serving photos', () => {
  it('serves the current version with long-lived private caching, and an older version uncached', async () => {
    const { c, id } = await newMember();
    await upload(c, fileBlob(await noisyJpeg(200, 200)));
    await upload(c, fileBlob(await noisyJpeg(220, 220)));
    const current = await getPhotoAt(c, `/api/photos/${id}?v=2`);
    expect(current.status).toBe(200);
    expect(current.headers.get('content-type')).toBe('image/jpeg');
    expect(current.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(current.headers.get('x-content-type-options')).toBe('nosniff');
    const old = await getPhotoAt(c, `/api/photos/${id}?v=1`);
    expect(old.status).toBe(200);
    expect(old.headers.get('cache-control')).toBe('private, no-cache');
    const etag = current.headers.get('etag')!;
    expect((await getPhotoAt(c, `/api/photos/${id}?v=2`, { 'if-none-match': etag })).status).toBe(304);
  });

  it('shows a listed member’s photo to members, an unlisted one’s only to its owner and admins with the second factor (404 to others)', async () => {
    /** A member with a photo, then made unlisted as `unlist` says (a listed member by default). */
    async function withPhoto(unlist?: (uid: string) => Promise<unknown>) {
      const m = await signedInMember(t, { prefix: 'photo', profile: { agAffiliated: 'Yes' } });
      const { photoUrl } = (await (await upload(m.c, fileBlob(await noisyJpeg(200, 200)))).json()) as { photoUrl: string };
      await unlist?.(m.id);
      return { ...m, photoUrl };
    }
    const listed = await withPhoto();
    const unlisted = {
      notAffiliated: await withPhoto((uid) => t.db.update(profile).set({ agAffiliated: 'No' }).where(eq(profile.uid, uid))),
      unconfirmed: await withPhoto((uid) => t.db.update(user).set({ emailVerified: false }).where(eq(user.id, uid))),
      suspended: await withPhoto((uid) => t.db.update(profile).set({ suspendedAt: new Date() }).where(eq(profile.uid, uid))),
      unsaved: await withPhoto((uid) => t.db.update(profile).set({ savedAt: null }).where(eq(profile.uid, uid))),
    };
    const member = await signedInMember(t, { profile: { agAffiliated: 'Yes' } });
    const noProfile = await signedInMember(t, { profile: null });
    const admin = await signedInAdmin(t);
    const adminNo2fa = await signedInAdmin(t, { secondFactor: false });

    for (const viewer of [member, noProfile, admin, adminNo2fa, listed]) {
      const res = await getPhotoAt(viewer.c, listed.photoUrl);
      expect(res.status, viewer.email).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
      expect(res.headers.get('vary')).toMatch(/cookie/i);
    }
    expect((await getPhotoAt(t.client(), listed.photoUrl)).status).toBe(401);

    for (const [why, target] of Object.entries(unlisted)) {
      // Another member, even one who saw it while it was listed (its ETag), learns nothing: 404, not 403 nor 304.
      for (const viewer of [member, noProfile, adminNo2fa]) {
        for (const headers of [{}, { 'if-none-match': '"1"' }] as Record<string, string>[]) {
          const res = await getPhotoAt(viewer.c, target.photoUrl, headers);
          expect(res.status, `${why} to ${viewer.email}`).toBe(404);
          expect(await res.json()).toEqual({ code: 'NOT_FOUND', message: 'This member has no profile photo.' });
          expect(res.headers.get('cache-control'), why).toBe('no-store');
        }
      }
      expect((await getPhotoAt(admin.c, target.photoUrl)).status, `${why} to an admin`).toBe(200);
      if (why !== 'suspended') expect((await getPhotoAt(target.c, target.photoUrl)).status, `${why} to its owner`).toBe(200);
    }
  });

  it('answers 404 JSON for a member without a photo and for ids that cannot be members', async () => {
    const { c, id } = await newMember();
    // Raw: two of the ids are malformed on purpose.
    for (const path of [`/api/photos/${id}?v=1`, '/api/photos/no-such-member', '/api/photos/..%2F..%2Fetc%2Fpasswd', '/api/photos/a.b']) {
      const res = await c.get(path);
      expect(res.status, path).toBe(404);
      expect((await res.json()).code).toBe('NOT_FOUND');
    }
  });

  it('removes the photo: back to the blank picture', async () => {
    const { c, id } = await newMember();
    const { photoUrl } = await (await upload(c, fileBlob(await noisyJpeg(200, 200)))).json();
    await expectAnswer(c.api.profile.photo.$delete());
    expect((await c.me())!.photoUrl).toBeNull();
    expect((await getPhotoAt(c, photoUrl)).status).toBe(404);
    expect(await t.deps.storage.exists(photoKey(id))).toBe(false);
  });
});
