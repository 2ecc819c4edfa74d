import type { Metadata } from 'sharp';
import { PHOTO_MAX_BYTES, PHOTO_MAX_PIXELS, PHOTO_MAX_SIDE, PHOTO_OUTPUT_SIZE } from '../../shared/limits';
import type { PhotoCrop } from '../../shared/profile';
import { AppError, type ErrorWords } from '../http/errors';
import { later } from '../i18n';

export type PhotoFormat = 'jpeg' | 'png' | 'webp';

const NOT_AN_IMAGE = /*i18n*/ 'Choose a JPEG, PNG or WebP image. This file is not one of those.';
const UNREADABLE = /*i18n*/ 'This image could not be read. It may be damaged; try another file.';
const TOO_LARGE = later(/*i18n*/ 'The photo is larger than {megabytes} MB. Choose a smaller file.', {
  megabytes: PHOTO_MAX_BYTES / 1024 / 1024,
});
const TOO_MANY_PIXELS = later(/*i18n*/ 'The image is too large: at most {side, number} pixels a side and {megapixels} megapixels in all.', {
  side: PHOTO_MAX_SIDE,
  megapixels: PHOTO_MAX_PIXELS / 1_000_000,
});

/**
 * The format from the file's first bytes. The file name and the browser's content type are not trusted:
 * a PDF renamed .jpg, an SVG (script inside an image) or anything else stops here, before any decoder runs.
 */
export function sniffImageFormat(data: Buffer): PhotoFormat | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp';
  }
  return null;
}

const photoError = (message: ErrorWords) => new AppError('VALIDATION', message, { photo: message });

/**
 * Checks an uploaded photo and turns it into the one stored form: a 512×512 JPEG, upright, in sRGB, with
 * no metadata at all (EXIF, GPS, XMP, IPTC, ICC), so a photo taken in a foster home cannot reveal where it is.
 *
 * Order matters: content type from magic bytes, then dimensions from the header alone (sharp's metadata does
 * not decode pixels), and only then a decode, itself capped by limitInputPixels.
 */
export async function processPhoto(data: Buffer, crop?: PhotoCrop): Promise<Buffer> {
  if (data.length > PHOTO_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE);
  const sniffed = sniffImageFormat(data);
  if (!sniffed) throw new AppError('UNSUPPORTED_MEDIA_TYPE', NOT_AN_IMAGE);

  // Loaded at the first photo, not at start: sharp and libvips keep ~28 MB resident once loaded.
  const { default: sharp } = await import('sharp');
  let meta: Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw photoError(UNREADABLE);
  }
  if (meta.format !== sniffed) throw new AppError('UNSUPPORTED_MEDIA_TYPE', NOT_AN_IMAGE);
  const { width, height } = meta;
  if (!width || !height) throw photoError(UNREADABLE);
  if (width > PHOTO_MAX_SIDE || height > PHOTO_MAX_SIDE || width * height > PHOTO_MAX_PIXELS) {
    throw photoError(TOO_MANY_PIXELS);
  }

  // The member cropped what the browser showed: the image turned upright by its EXIF orientation.
  const upright = meta.autoOrient ?? { width, height };
  const region = crop ? cropRegion(crop, upright) : centreSquare(upright);

  try {
    return await withDecodeSlot(() =>
      sharp(data, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error' })
        .autoOrient()
        .extract(region)
        .resize(PHOTO_OUTPUT_SIZE, PHOTO_OUTPUT_SIZE, { fit: 'cover' })
        // Transparent PNG and WebP areas become white rather than JPEG's black.
        .flatten({ background: '#ffffff' })
        .toColourspace('srgb')
        .jpeg({ quality: 85, mozjpeg: true })
        .toBuffer(),
    );
  } catch {
    throw photoError(UNREADABLE);
  }
}

// A rotated 50-megapixel photo needs a few hundred MB while it is decoded; a handful of simultaneous
// uploads must not exhaust the server's memory, so decodes wait for one another.
const MAX_DECODES = 2;
let decoding = 0;
const waiting: Array<() => void> = [];

async function withDecodeSlot<T>(work: () => Promise<T>): Promise<T> {
  while (decoding >= MAX_DECODES) await new Promise<void>((resolve) => waiting.push(resolve));
  decoding++;
  try {
    return await work();
  } finally {
    decoding--;
    waiting.shift()?.();
  }
}

type Size = { width: number; height: number };
type Region = { left: number; top: number; width: number; height: number };

// The cropper rounds to whole pixels, so its square can overhang the image by a pixel or be a pixel off square.
const ROUNDING_SLACK = 2;

function cropRegion(crop: PhotoCrop, image: Size): Region {
  const { x, y, width, height } = crop;
  const fits =
    x + width <= image.width + ROUNDING_SLACK &&
    y + height <= image.height + ROUNDING_SLACK &&
    Math.abs(width - height) <= Math.max(ROUNDING_SLACK, Math.round(width * 0.01));
  if (!fits) {
    const message = later(/*i18n*/ 'The crop must be a square inside the {width}×{height} image.', {
      width: image.width,
      height: image.height,
    });
    throw new AppError('VALIDATION', message, { crop: message });
  }
  const left = Math.min(x, image.width - 1);
  const top = Math.min(y, image.height - 1);
  return {
    left,
    top,
    width: Math.min(width, image.width - left),
    height: Math.min(height, image.height - top),
  };
}

function centreSquare(image: Size): Region {
  const side = Math.min(image.width, image.height);
  return {
    left: Math.floor((image.width - side) / 2),
    top: Math.floor((image.height - side) / 2),
    width: side,
    height: side,
  };
}
