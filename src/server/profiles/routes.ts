import * as contracts from '../../shared/contracts/profile';
import { NO_PHOTO } from '../../shared/profile';
import { actsAsAdmin } from '../http/session';
import { ADMIN_TOPICS } from '../../shared/admin';
import { sendAnswer, subjectOf, type ResponseCache } from '../http/response-cache';
import type { AppDeps } from '../deps';
import { contractRouter, guarded } from '../http/contracts';
import { AppError } from '../http/errors';
import type { RateLimiter } from '../rate-limit/rate-limit';
import { photoLimit, photoRate, readPhotoUpload } from './photo-upload';
import { getOwnProfile, readPhoto, removePhoto, savePhoto, saveProfile } from './service';

/** The one route whose body may exceed the app-wide JSON limit; it applies its own (see app.ts). */
export const PHOTO_UPLOAD_PATH = '/api/profile/photo';

export function isPhotoUpload(method: string, path: string): boolean {
  return method === 'POST' && path === PHOTO_UPLOAD_PATH;
}

export function profileRoutes(deps: AppDeps, limiter: RateLimiter, answers: ResponseCache) {
  const upload = guarded(deps, contracts.uploadPhoto);
  // Who asks (guarded) and how often, before a byte of a 10 MB body is read; then the upload's own limit.
  const rate = photoRate(limiter);

  // A tuple, so that the handler's context is typed from the checks' (the member guarded() sets).
  const uploadChecks: [...typeof upload.middleware, typeof rate, typeof photoLimit] = [...upload.middleware, rate, photoLimit];

  return (
    contractRouter()
      .openapi(guarded(deps, contracts.getProfile), async (c) => {
        const who = c.get('member');
        // Kept in memory until a change to this member's account is announced (every save announces one).
        const answer = await answers.get(`profile:${who.id}`, [subjectOf(ADMIN_TOPICS.users, who.id)], async () => ({
          profile: await getOwnProfile(deps, { who }),
        }));
        return sendAnswer(c, answer);
      })
      .openapi(guarded(deps, contracts.saveProfile), async (c) => {
        const who = c.get('member');
        const changes = c.req.valid('json');
        c.header('Cache-Control', 'no-store');
        return c.json({ profile: await saveProfile(deps, { who, changes }) }, 200);
      })
      .openapi({ ...upload, middleware: uploadChecks }, async (c) => {
        const who = c.get('member');
        const { photo, crop } = await readPhotoUpload(c);
        return c.json(await savePhoto(deps, { who, data: photo, crop }), 200);
      })
      .openapi(guarded(deps, contracts.removePhoto), async (c) => {
        const who = c.get('member');
        await removePhoto(deps, { who });
        return c.json({ photoUrl: null }, 200);
      })
      // Signed-in members see the photos of listed members, as the directory shows them; a photo of anyone
      // else only its owner and admins see, and everyone else gets the 404 of a member without one. Who asks
      // is checked before the ETag, so a 304 never answers someone who may not see it. The version is in the
      // URL, so the current one is kept for good, in the viewer's own browser only (private, and not for
      // another session there: Vary: Cookie); an outdated version is answered with the current photo, not kept.
      .openapi(guarded(deps, contracts.getPhoto), async (c) => {
        const viewer = c.get('member');
        c.header('Cache-Control', 'no-store');
        const photo = await readPhoto(deps, {
          uid: c.req.valid('param').uid,
          viewer,
          actsAsAdmin: () => actsAsAdmin(deps.database.db, deps.config, viewer, c.get('session')),
        });
        if (!photo) throw new AppError('NOT_FOUND', NO_PHOTO);
        const isCurrent = c.req.query('v') === String(photo.version);
        const etag = `"${photo.version}"`;
        c.header('Cache-Control', isCurrent ? 'private, max-age=31536000, immutable' : 'private, no-cache');
        c.header('Vary', 'Cookie');
        c.header('ETag', etag);
        if (c.req.header('if-none-match') === etag) return c.body(null, 304);
        c.header('Content-Type', 'image/jpeg');
        return c.body(new Uint8Array(photo.data), 200);
      })
  );
}
