import { queryOptions } from '@tanstack/react-query';
import type { PhotoCrop, ProfileInput } from '../../shared/profile';
import { ApiRequestError, isApiRequestError } from '../lib/api';
import { call, client } from '../lib/api-client';

export const PROFILE_QUERY_KEY = ['profile'] as const;

export type { OwnProfileResponse as ProfileResponse } from '../../shared/profile';

export const ownProfileQueryOptions = queryOptions({
  queryKey: PROFILE_QUERY_KEY,
  queryFn: ({ signal }) => call(client.profile.$get(undefined, { init: { signal } })),
  // The form is filled from what was saved last, never from a copy that may be older.
  staleTime: 0,
});

export function saveProfile(input: ProfileInput) {
  return call(client.profile.$put({ json: input }));
}

/** Sends the original file and the chosen square; the server crops, re-encodes and strips metadata. */
export async function uploadPhoto(file: File, crop: PhotoCrop): Promise<{ photoUrl: string }> {
  const form = new FormData();
  form.set('photo', file, file.name);
  for (const [key, value] of Object.entries(crop)) form.set(key, String(value));
  try {
    // The contract describes the form without a validator (the server reads the file itself), so the body
    // goes as it is; the browser sets the multipart type and boundary.
    return await call(client.profile.photo.$post(undefined, { init: { body: form } }));
  } catch (error) {
    // An answer that is not ours (a proxy's page, say) gets this form's own words.
    if (isApiRequestError(error) && error.code.startsWith('HTTP_')) {
      throw new ApiRequestError(error.status, { code: error.code, message: 'The photo could not be saved.' });
    }
    throw error;
  }
}

export function removePhoto() {
  return call(client.profile.photo.$delete());
}
