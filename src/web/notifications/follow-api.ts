import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { postTopic } from '../../shared/forum';
import { queryKeyOf } from '../../shared/live-event';
import { call, client } from '../lib/api-client';

/**
 * The query keys of following. A post's follow state lives under the post's live topic ('post:<id>' →
 * ['post', '<id>', 'follow']), so a response of the member's own (which follows the post) refreshes it.
 */
export const followKeys = {
  post: (postId: number) => [...queryKeyOf(postTopic(postId)), 'follow'] as const,
  categories: (uid: string) => ['follows', uid, 'categories'] as const,
};

export function postFollowQueryOptions(postId: number) {
  return queryOptions({
    queryKey: followKeys.post(postId),
    queryFn: ({ signal }) => call(client.posts[':id'].follow.$get({ param: { id: String(postId) } }, { init: { signal } })),
  });
}

/** Follows or unfollows a post; the button shows the change at once and goes back if the server refuses. */
export function usePostFollowChange(postId: number) {
  const queryClient = useQueryClient();
  const key = postFollowQueryOptions(postId).queryKey;
  return useMutation({
    mutationFn: (following: boolean) => {
      const param = { param: { id: String(postId) } };
      return call(following ? client.posts[':id'].follow.$put(param) : client.posts[':id'].follow.$delete(param));
    },
    onMutate: async (following) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData(key);
      if (before) queryClient.setQueryData(key, { ...before, following });
      return { before };
    },
    onError: (_error, _following, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (now) => queryClient.setQueryData(key, now),
  });
}

export function categoryFollowsQueryOptions(uid: string) {
  return queryOptions({
    queryKey: followKeys.categories(uid),
    queryFn: ({ signal }) => call(client['post-categories'].follows.$get(undefined, { init: { signal } })),
  });
}

/** Follows or unfollows a category, shown at once in the member's list of followed categories. */
export function useCategoryFollowChange(uid: string, categoryId: number) {
  const queryClient = useQueryClient();
  const key = categoryFollowsQueryOptions(uid).queryKey;
  const setFollowing = (following: boolean) =>
    queryClient.setQueryData(key, (now) => {
      if (!now) return now;
      const others = now.categoryIds.filter((id) => id !== categoryId);
      return { categoryIds: following ? [...others, categoryId] : others };
    });
  return useMutation({
    mutationFn: (following: boolean) => {
      const param = { param: { id: String(categoryId) } };
      return call(following ? client['post-categories'][':id'].follow.$put(param) : client['post-categories'][':id'].follow.$delete(param));
    },
    onMutate: async (following) => {
      await queryClient.cancelQueries({ queryKey: key });
      setFollowing(following);
    },
    onError: (_error, following) => setFollowing(!following),
    onSuccess: (now) => setFollowing(now.following),
  });
}
