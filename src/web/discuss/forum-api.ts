import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { POSTS_TOPIC, postTopic, type PostInput, type ResponseInput } from '../../shared/forum';
import type { Locale } from '../../shared/i18n/locale';
import { queryKeyOf } from '../../shared/live-event';
import { call, client } from '../lib/api-client';
import { useFeatureMutation, type MutationCallbacks } from '../lib/feature-mutation';

export type PostFilter = { q: string; category: string; language: Locale | '' };

/**
 * The forum's query keys. Each starts with the live topic whose changes make it stale ('posts', and
 * 'post:<id>' → ['post', '<id>']), so useLive refetches exactly them when the server announces a change
 * (src/shared/live.ts), and so do the mutations below.
 */
export const forumKeys = {
  /** The list, its pages and filters, and the categories with their counts. */
  posts: () => queryKeyOf(POSTS_TOPIC),
  categories: () => [...forumKeys.posts(), 'categories'] as const,
  list: (filter: PostFilter) => [...forumKeys.posts(), 'list', filter] as const,
  /** One post with its responses (and what hangs under it: whether the member follows it). */
  post: (id: number | string) => queryKeyOf(postTopic(id)),
};

export const categoriesQueryOptions = queryOptions({
  queryKey: forumKeys.categories(),
  queryFn: ({ signal }) => call(client['post-categories'].$get(undefined, { init: { signal } })),
});

export function postListQueryOptions(filter: PostFilter) {
  return infiniteQueryOptions({
    queryKey: forumKeys.list(filter),
    queryFn: ({ signal, pageParam }) => {
      const query = {
        q: filter.q || undefined,
        category: filter.category || undefined,
        language: filter.language || undefined,
        before: pageParam ?? undefined,
      };
      return call(client.posts.$get({ query }, { init: { signal } }));
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function postQueryOptions(id: string) {
  return queryOptions({
    queryKey: forumKeys.post(id),
    queryFn: ({ signal }) => call(client.posts[':id'].$get({ param: { id } }, { init: { signal } })),
  });
}

function createPost(input: PostInput) {
  return call(client.posts.$post({ json: input }));
}

function updatePost(id: number, input: PostInput) {
  return call(client.posts[':id'].$patch({ param: { id: String(id) }, json: input }));
}

function deletePost(id: number) {
  return call(client.posts[':id'].$delete({ param: { id: String(id) } }));
}

function createResponse(postId: number, input: ResponseInput) {
  return call(client.posts[':id'].responses.$post({ param: { id: String(postId) }, json: input }));
}

function updateResponse(id: number, input: ResponseInput) {
  return call(client['post-responses'][':id'].$patch({ param: { id: String(id) }, json: input }));
}

function deleteResponse(id: number) {
  return call(client['post-responses'][':id'].$delete({ param: { id: String(id) } }));
}

// ---- Changes: each refetches what it changed before the component hears of it ----

/** A post and its responses changed: the post itself, and the list (its response count, its order). */
function refreshPost(queryClient: QueryClient, postId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: forumKeys.post(postId) }),
    queryClient.invalidateQueries({ queryKey: forumKeys.posts() }),
  ]);
}

type Created = Awaited<ReturnType<typeof createPost>>;

export function useCreatePost(callbacks?: MutationCallbacks<Created, PostInput>) {
  return useFeatureMutation(createPost, (queryClient) => queryClient.invalidateQueries({ queryKey: forumKeys.posts() }), callbacks);
}

export function useUpdatePost(postId: number, callbacks?: MutationCallbacks<unknown, PostInput>) {
  return useFeatureMutation(
    (input: PostInput) => updatePost(postId, input),
    (queryClient) => refreshPost(queryClient, postId),
    callbacks,
  );
}

/** The deleted post's own query is dropped (refetching it would only find a 404); the list is refetched. */
export function useDeletePost(postId: number, callbacks?: MutationCallbacks<unknown, void>) {
  return useFeatureMutation(
    () => deletePost(postId),
    async (queryClient) => {
      queryClient.removeQueries({ queryKey: forumKeys.post(postId) });
      await queryClient.invalidateQueries({ queryKey: forumKeys.posts() });
    },
    callbacks,
  );
}

export function useCreateResponse(postId: number, callbacks?: MutationCallbacks<unknown, ResponseInput>) {
  return useFeatureMutation(
    (input: ResponseInput) => createResponse(postId, input),
    (queryClient) => refreshPost(queryClient, postId),
    callbacks,
  );
}

type ResponseRef = { id: number; postId: number };

export function useUpdateResponse(response: ResponseRef, callbacks?: MutationCallbacks<unknown, ResponseInput>) {
  return useFeatureMutation(
    (input: ResponseInput) => updateResponse(response.id, input),
    (queryClient) => refreshPost(queryClient, response.postId),
    callbacks,
  );
}

export function useDeleteResponse(response: ResponseRef, callbacks?: MutationCallbacks<unknown, void>) {
  return useFeatureMutation(
    () => deleteResponse(response.id),
    (queryClient) => refreshPost(queryClient, response.postId),
    callbacks,
  );
}
