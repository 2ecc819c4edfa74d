import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type {
  CategoryListResponse,
  PostInput,
  PostListResponse,
  PostWithResponses,
  ResponseInput,
} from '../../shared/forum';
import { api } from '../lib/api';

// Query keys start with the live topic they belong to ('posts', 'post:<id>' → ['post', '<id>']), so
// useLive refreshes exactly them when the server announces a change (src/shared/live.ts).

export type PostFilter = { q: string; category: string };

export const categoriesQueryOptions = queryOptions({
  queryKey: ['posts', 'categories'],
  queryFn: ({ signal }) => api.get<CategoryListResponse>('/api/post-categories', { signal }),
});

export function postListQueryOptions(filter: PostFilter) {
  return infiniteQueryOptions({
    queryKey: ['posts', 'list', filter],
    queryFn: ({ signal, pageParam }) => {
      const params = new URLSearchParams();
      if (filter.q) params.set('q', filter.q);
      if (filter.category) params.set('category', filter.category);
      if (pageParam) params.set('before', pageParam);
      const query = params.toString();
      return api.get<PostListResponse>(`/api/posts${query ? `?${query}` : ''}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function postQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['post', id],
    queryFn: ({ signal }) => api.get<PostWithResponses>(`/api/posts/${encodeURIComponent(id)}`, { signal }),
  });
}

export function createPost(input: PostInput) {
  return api.post<{ id: number }>('/api/posts', input);
}

export function updatePost(id: number, input: PostInput) {
  return api.patch<{ id: number }>(`/api/posts/${id}`, input);
}

export function deletePost(id: number) {
  return api.delete<{ ok: true }>(`/api/posts/${id}`);
}

export function createResponse(postId: number, input: ResponseInput) {
  return api.post<{ id: number }>(`/api/posts/${postId}/responses`, input);
}

export function updateResponse(id: number, input: ResponseInput) {
  return api.patch<{ id: number }>(`/api/post-responses/${id}`, input);
}

export function deleteResponse(id: number) {
  return api.delete<{ ok: true }>(`/api/post-responses/${id}`);
}
