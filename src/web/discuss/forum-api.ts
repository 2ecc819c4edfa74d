import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { PostInput, ResponseInput } from '../../shared/forum';
import { call, client } from '../lib/api-client';

// Query keys start with the live topic they belong to ('posts', 'post:<id>' → ['post', '<id>']), so
// useLive refreshes exactly them when the server announces a change (src/shared/live.ts).

export type PostFilter = { q: string; category: string };

export const categoriesQueryOptions = queryOptions({
  queryKey: ['posts', 'categories'],
  queryFn: ({ signal }) => call(client['post-categories'].$get(undefined, { init: { signal } })),
});

export function postListQueryOptions(filter: PostFilter) {
  return infiniteQueryOptions({
    queryKey: ['posts', 'list', filter],
    queryFn: ({ signal, pageParam }) => {
      const query = { q: filter.q || undefined, category: filter.category || undefined, before: pageParam ?? undefined };
      return call(client.posts.$get({ query }, { init: { signal } }));
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function postQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['post', id],
    queryFn: ({ signal }) => call(client.posts[':id'].$get({ param: { id } }, { init: { signal } })),
  });
}

export function createPost(input: PostInput) {
  return call(client.posts.$post({ json: input }));
}

export function updatePost(id: number, input: PostInput) {
  return call(client.posts[':id'].$patch({ param: { id: String(id) }, json: input }));
}

export function deletePost(id: number) {
  return call(client.posts[':id'].$delete({ param: { id: String(id) } }));
}

export function createResponse(postId: number, input: ResponseInput) {
  return call(client.posts[':id'].responses.$post({ param: { id: String(postId) }, json: input }));
}

export function updateResponse(id: number, input: ResponseInput) {
  return call(client['post-responses'][':id'].$patch({ param: { id: String(id) }, json: input }));
}

export function deleteResponse(id: number) {
  return call(client['post-responses'][':id'].$delete({ param: { id: String(id) } }));
}
