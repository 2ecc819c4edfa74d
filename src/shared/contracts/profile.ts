import type { RouteConfig } from '@hono/zod-openapi';
import { z } from 'zod';
import { PHOTO_MAX_BYTES } from '../limits';
import { NO_PHOTO, ownProfileResponseSchema, photoRemovedSchema, photoSavedSchema, profileChangesSchema } from '../profile';
import { contract, errors, json, jsonBody } from './define';
import { accountId } from './params';

// The member's own profile (product.md §4.2) and profile photos: the member reads and merge-writes
// their profile and uploads or removes their photo; members see the photos of the members the directory lists.

const tags: ['Profile'] = ['Profile'];
const notModified = { description: 'Not modified: the copy the browser has (If-None-Match) is current' };

export const getProfile = contract({
  method: 'get',
  path: '/profile',
  access: 'member',
  tags,
  summary: "The member's own profile, private fields included",
  responses: { 200: json(ownProfileResponseSchema, 'The profile') },
});

export const saveProfile = contract({
  method: 'put',
  path: '/profile',
  access: 'member',
  tags,
  summary: 'Save the profile: the fields sent replace the stored ones, the rest keep their value',
  request: { body: jsonBody(profileChangesSchema) },
  responses: { 200: json(ownProfileResponseSchema, 'The profile as saved'), ...errors(413) },
});

/**
 * A photo upload's body (a member's, a church's). It is read by the handler (its size limit, its type and the
 * file are checked there, with their own messages), so it is described with a plain schema: no validator of the
 * library reads it.
 */
export const photoUploadBody = {
  required: true,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        required: ['photo'],
        properties: {
          photo: { type: 'string', format: 'binary', description: `JPEG, PNG or WebP, at most ${PHOTO_MAX_BYTES / 1024 / 1024} MB` },
          x: { type: 'integer', minimum: 0, description: 'The square: left edge, in pixels of the upright original' },
          y: { type: 'integer', minimum: 0, description: 'Top edge' },
          width: { type: 'integer', minimum: 1 },
          height: { type: 'integer', minimum: 1 },
        },
      },
    },
  },
} satisfies NonNullable<NonNullable<RouteConfig['request']>['body']>;

export const uploadPhoto = contract({
  method: 'post',
  path: '/profile/photo',
  access: 'member',
  tags,
  summary: 'Upload a photo and the square to keep; the server crops it, re-encodes it and strips its metadata',
  request: {
    body: photoUploadBody,
  },
  responses: { 200: json(photoSavedSchema, 'The address of the new photo'), ...errors(413, 429) },
});

export const removePhoto = contract({
  method: 'delete',
  path: '/profile/photo',
  access: 'member',
  tags,
  summary: 'Back to the blank picture',
  responses: { 200: json(photoRemovedSchema, 'Removed') },
});

export const getPhoto = contract({
  method: 'get',
  path: '/photos/{uid}',
  access: 'member',
  tags,
  summary:
    "A member's photo: a listed member's for any member, anyone else's for its owner and admins only (404 to others, as for no photo); kept for good in the viewer's browser when `v` is its current version",
  request: {
    params: z.object({ uid: accountId(NO_PHOTO, "A member's id") }),
    query: z.object({ v: z.string().optional().meta({ description: 'The version, from the photo’s address' }) }),
  },
  responses: {
    200: { description: 'The photo (with an ETag)', content: { 'image/jpeg': { schema: z.string().meta({ format: 'binary' }) } } },
    304: notModified,
  },
});
