import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ChurchMessageInput } from '../../shared/church-members';
import type { ChurchFieldsInput, ChurchProposalInput } from '../../shared/churches';
import type { PhotoCrop } from '../../shared/profile';
import { ApiRequestError, isApiRequestError } from '../lib/api';
import { call, client } from '../lib/api-client';
import { useFeatureMutation, type MutationCallbacks } from '../lib/feature-mutation';

// A member's church and the point person's page (issue 25). Every key starts with 'churches', the live topic
// the server announces each change of a church, its point persons and its members on: useLive(['churches'])
// refetches them all.

export const churchMemberKeys = {
  all: () => ['churches'] as const,
  mine: () => ['churches', 'me'] as const,
  newMembers: () => ['churches', 'me', 'new-members'] as const,
  pick: (q: string) => ['churches', 'pick', q] as const,
  manage: (id: number) => ['churches', String(id), 'manage'] as const,
};

export const myChurchQueryOptions = queryOptions({
  queryKey: churchMemberKeys.mine(),
  queryFn: ({ signal }) => call(client.me.church.$get(undefined, { init: { signal } })),
  staleTime: 0,
});

export const newChurchMembersQueryOptions = queryOptions({
  queryKey: churchMemberKeys.newMembers(),
  queryFn: ({ signal }) => call(client.me.church['new-members'].$get(undefined, { init: { signal } })),
});

/** Suggestions for what the member typed (a name, or a five-digit ZIP code); nothing is asked for under two characters. */
export function usePickChurches(q: string) {
  return useQuery({
    queryKey: churchMemberKeys.pick(q),
    queryFn: ({ signal }) => call(client.churches.pick.$get({ query: { q } }, { init: { signal } })),
    enabled: q.trim().length >= 2,
    staleTime: 30_000,
  });
}

export const manageQueryOptions = (id: number) =>
  queryOptions({
    queryKey: churchMemberKeys.manage(id),
    queryFn: ({ signal }) => call(client.churches[':id'].manage.$get({ param: { id: String(id) } }, { init: { signal } })),
    staleTime: 0,
  });

type MyChurchAnswer = Awaited<ReturnType<typeof claim>>;

function claim(churchId: number) {
  return call(client.me.church.$put({ json: { churchId } }));
}

/** My church is the answer itself; every church query is read again (its members changed). */
const afterMine = async (queryClient: QueryClient, mine: MyChurchAnswer) => {
  queryClient.setQueryData(churchMemberKeys.mine(), mine);
  await queryClient.invalidateQueries({ queryKey: churchMemberKeys.all() });
};

export function useClaimChurch(callbacks?: MutationCallbacks<MyChurchAnswer, number>) {
  return useFeatureMutation(claim, afterMine, callbacks);
}

export function useLeaveChurch(callbacks?: MutationCallbacks<MyChurchAnswer, void>) {
  return useFeatureMutation(() => call(client.me.church.$delete()), afterMine, callbacks);
}

export function useProposeChurch(callbacks?: MutationCallbacks<MyChurchAnswer, ChurchProposalInput>) {
  return useFeatureMutation((input: ChurchProposalInput) => call(client.churches.proposals.$post({ json: input })), afterMine, callbacks);
}

const refreshAll = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: churchMemberKeys.all() });

export function useUpdateChurch(id: number, callbacks?: MutationCallbacks<unknown, ChurchFieldsInput>) {
  return useFeatureMutation(
    (fields: ChurchFieldsInput) => call(client.churches[':id'].$patch({ param: { id: String(id) }, json: fields })),
    refreshAll,
    callbacks,
  );
}

export function useConfirmMember(id: number, callbacks?: MutationCallbacks<unknown, string>) {
  return useFeatureMutation(
    (uid: string) => call(client.churches[':id'].members[':uid'].confirm.$post({ param: { id: String(id), uid } })),
    refreshAll,
    callbacks,
  );
}

export function useRemoveMember(id: number, callbacks?: MutationCallbacks<unknown, string>) {
  return useFeatureMutation(
    (uid: string) => call(client.churches[':id'].members[':uid'].$delete({ param: { id: String(id), uid } })),
    refreshAll,
    callbacks,
  );
}

export function useMessageMembers(id: number, callbacks?: MutationCallbacks<{ recipients: number }, ChurchMessageInput>) {
  return useFeatureMutation(
    (input: ChurchMessageInput) => call(client.churches[':id'].members.message.$post({ param: { id: String(id) }, json: input })),
    null,
    callbacks,
  );
}

export function useUploadChurchPhoto(id: number, callbacks?: MutationCallbacks<{ photoUrl: string }, { photo: File; square: PhotoCrop }>) {
  return useFeatureMutation(
    async ({ photo, square }: { photo: File; square: PhotoCrop }) => {
      const form = new FormData();
      form.set('photo', photo, photo.name);
      for (const [key, value] of Object.entries(square)) form.set(key, String(value));
      try {
        // As the profile photo's upload: the browser sets the multipart type; the server reads the file itself.
        return await call(client.churches[':id'].photo.$post({ param: { id: String(id) } }, { init: { body: form } }));
      } catch (error) {
        if (isApiRequestError(error) && error.code.startsWith('HTTP_')) {
          throw new ApiRequestError(error.status, { code: error.code, message: /*i18n*/ 'The photo could not be saved.' });
        }
        throw error;
      }
    },
    refreshAll,
    callbacks,
  );
}

export function useRemoveChurchPhoto(id: number, callbacks?: MutationCallbacks<unknown, void>) {
  return useFeatureMutation(() => call(client.churches[':id'].photo.$delete({ param: { id: String(id) } })), refreshAll, callbacks);
}
