import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { PHOTO_MAX_BYTES, PHOTO_UPLOAD_MAX_BYTES } from '../../shared/limits';
import { photoCropSchema, type PhotoCrop } from '../../shared/profile';
import type { MemberEnv } from '../http/contracts';
import { AppError } from '../http/errors';
import { parseWith } from '../http/validate';
import { later } from '../i18n';
import type { RateLimiter } from '../rate-limit/rate-limit';
import { PHOTO_UPLOAD_RATE_MESSAGE, PHOTO_UPLOAD_RULE } from '../rate-limit/rules';

// Reading a photo upload (a member's photo, a church's): the body's own limit and the multipart form. What the
// bytes become is processPhoto's (photo.ts).

const PHOTO_TOO_LARGE = later(/*i18n*/ 'The photo is larger than {megabytes} MB. Choose a smaller file.', {
  megabytes: PHOTO_MAX_BYTES / 1024 / 1024,
});

/**
 * How often a member uploads (member's and church's photos share the budget): checked after who asks and before
 * a byte of a 10 MB body is read.
 */
export function photoRate(limiter: RateLimiter): MiddlewareHandler<MemberEnv> {
  return async (c, next) => {
    const who = c.get('member');
    await limiter.hit([{ key: `photo:${who.id}`, rule: PHOTO_UPLOAD_RULE }], PHOTO_UPLOAD_RATE_MESSAGE);
    await next();
  };
}

/** The upload's own body limit (app.ts leaves photo uploads out of the JSON one); church photos use it too. */
export const photoLimit: MiddlewareHandler<MemberEnv> = bodyLimit({
  maxSize: PHOTO_UPLOAD_MAX_BYTES,
  onError: () => {
    throw new AppError('PAYLOAD_TOO_LARGE', PHOTO_TOO_LARGE);
  },
});

/** multipart/form-data: `photo` (the file) and optionally the crop square `x`, `y`, `width`, `height`. */
export async function readPhotoUpload(c: Context): Promise<{ photo: Buffer; crop: PhotoCrop | undefined }> {
  const type = c.req.header('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(type)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', /*i18n*/ 'Send the photo as multipart/form-data.');
  }
  let form: FormData;
  try {
    form = await c.req.raw.formData();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('BAD_REQUEST', /*i18n*/ 'The upload could not be read. Please try again.');
  }
  const file = form.get('photo');
  if (!(file instanceof File) || file.size === 0) {
    throw new AppError('VALIDATION', /*i18n*/ 'Choose a photo to upload.', { photo: /*i18n*/ 'Choose a photo to upload.' });
  }
  if (file.size > PHOTO_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', PHOTO_TOO_LARGE);
  const cropFields = ['x', 'y', 'width', 'height'].filter((k) => form.get(k) !== null);
  const crop = cropFields.length
    ? parseWith(photoCropSchema, Object.fromEntries(['x', 'y', 'width', 'height'].map((k) => [k, form.get(k)])))
    : undefined;
  return { photo: Buffer.from(await file.arrayBuffer()), crop };
}
