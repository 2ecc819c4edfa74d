import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import { careTeamTopic } from '../../shared/care';
import type { CarePost } from '../../shared/care-space';
import type { z } from 'zod';
import type { carePostInputSchema } from '../../shared/care';
import type { Locale } from '../../shared/i18n/locale';
import { queryKeyOf } from '../../shared/live-event';
import { call, client } from '../lib/api-client';
import { useFeatureMutation, type MutationCallbacks } from '../lib/feature-mutation';

// A care team's space (issue 27). Its key starts with the team's live topic ('care-team:<id>'), so every post and
// removal the server announces there refreshes it in every open browser; the writer's own browser refreshes at
// once after a change, without waiting for the event.

export type CarePostInput = z.input<typeof carePostInputSchema>;

/** The team's live topic, as the server names it (src/server/care/store.ts careTeamTopic). */

export const careSpaceKeys = {
  posts: (teamId: number) => [...queryKeyOf(careTeamTopic(teamId)), 'posts'] as const,
  list: (teamId: number, language: Locale | '') => [...careSpaceKeys.posts(teamId), language] as const,
};

/** The team space, newest first, a page at a time ("Show older" asks for the posts before the last one shown). */
export function careSpaceOptions(teamId: number, language: Locale | '' = '') {
  return infiniteQueryOptions({
    queryKey: careSpaceKeys.list(teamId, language),
    queryFn: ({ signal, pageParam }) =>
      call(
        client.care.teams[':id'].posts.$get(
          {
            param: { id: String(teamId) },
            query: { before: pageParam === null ? undefined : String(pageParam), language: language || undefined },
          },
          { init: { signal } },
        ),
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
  });
}

const refreshSpace = (teamId: number) => (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: careSpaceKeys.posts(teamId) });

export function useCreateCarePost(teamId: number, callbacks?: MutationCallbacks<CarePost, CarePostInput>) {
  return useFeatureMutation(
    (input: CarePostInput) => call(client.care.teams[':id'].posts.$post({ param: { id: String(teamId) }, json: input })),
    refreshSpace(teamId),
    callbacks,
  );
}

export function useDeleteCarePost(teamId: number, callbacks?: MutationCallbacks<unknown, number>) {
  return useFeatureMutation(
    (postId: number) => call(client.care.teams[':id'].posts[':postId'].$delete({ param: { id: String(teamId), postId: String(postId) } })),
    refreshSpace(teamId),
    callbacks,
  );
}
