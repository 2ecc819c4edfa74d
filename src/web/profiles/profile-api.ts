import { queryOptions } from '@tanstack/react-query';
import { isApiError } from '../../shared/api-error';
import type { OwnProfile, PhotoCrop, ProfileInput } from '../../shared/profile';
import { api, ApiRequestError } from '../lib/api';

export const PROFILE_QUERY_KEY = ['profile'] as const;

export type ProfileResponse = { profile: OwnProfile };

export const ownProfileQueryOptions = queryOptions({
  queryKey: PROFILE_QUERY_KEY,
  queryFn: ({ signal }) => api.get<ProfileResponse>('/api/profile', { signal }),
  // The form is filled from what was saved last, never from a copy that may be older.
  staleTime: 0,
});

export function saveProfile(input: ProfileInput) {
  return api.put<ProfileResponse>('/api/profile', input);
}

/** Sends the original file and the chosen square; the server crops, re-encodes and strips metadata. */
export async function uploadPhoto(file: File, crop: PhotoCrop): Promise<{ photoUrl: string }> {
  const form = new FormData();
  form.set('photo', file, file.name);
  for (const [key, value] of Object.entries(crop)) form.set(key, String(value));
  let response: Response;
  try {
    response = await fetch('/api/profile/photo', {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
  } catch {
    throw new ApiRequestError(0, { code: 'NETWORK', message: 'The server could not be reached.' });
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    throw new ApiRequestError(
      response.status,
      isApiError(payload) ? payload : { code: `HTTP_${response.status}`, message: 'The photo could not be saved.' },
    );
  }
  return payload as { photoUrl: string };
}

export function removePhoto() {
  return api.delete<{ photoUrl: null }>('/api/profile/photo');
}
