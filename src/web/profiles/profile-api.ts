import { queryOptions } from '@tanstack/react-query';
import type { PhotoCrop, ProfileInput } from '../../shared/profile';
import { i18n } from '../i18n/i18n';
import { ApiRequestError, isApiRequestError } from '../lib/api';
import { call, client } from '../lib/api-client';
import { useFeatureMutation, type MutationCallbacks } from '../lib/feature-mutation';
import { refreshMe } from '../lib/me-query';

export const profileKeys = { own: () => ['profile'] as const };

export const ownProfileQueryOptions = queryOptions({
  queryKey: profileKeys.own(),
  queryFn: ({ signal }) => call(client.profile.$get(undefined, { init: { signal } })),
  // The form is filled from what was saved last, never from a copy that may be older.
  staleTime: 0,
});

function saveProfile(input: ProfileInput) {
  return call(client.profile.$put({ json: input }));
}

type SavedProfile = Awaited<ReturnType<typeof saveProfile>>;

// The member's name, photo and whether they have a profile are in 'me' too: every change here refreshes it.

/** The form is filled from the answer next time, and 'me' knows the member has a profile now. */
export function useSaveProfile(callbacks?: MutationCallbacks<SavedProfile, ProfileInput>) {
  return useFeatureMutation(
    saveProfile,
    async (queryClient, saved) => {
      queryClient.setQueryData(profileKeys.own(), saved);
      await refreshMe(queryClient);
    },
    callbacks,
  );
}

export function useUploadPhoto(callbacks?: MutationCallbacks<{ photoUrl: string }, { photo: File; square: PhotoCrop }>) {
  return useFeatureMutation(({ photo, square }: { photo: File; square: PhotoCrop }) => uploadPhoto(photo, square), refreshMe, callbacks);
}

export function useRemovePhoto(callbacks?: MutationCallbacks<unknown, void>) {
  return useFeatureMutation(removePhoto, refreshMe, callbacks);
}

/** Sends the original file and the chosen square; the server crops, re-encodes and strips metadata. */
async function uploadPhoto(file: File, crop: PhotoCrop): Promise<{ photoUrl: string }> {
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
      throw new ApiRequestError(error.status, { code: error.code, message: i18n._('The photo could not be saved.') });
    }
    throw error;
  }
}

function removePhoto() {
  return call(client.profile.photo.$delete());
}
