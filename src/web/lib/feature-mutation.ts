import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';

/**
 * What a component adds to a feature's mutation: its own answer to success and failure (close a dialog,
 * show the server's field errors, navigate). The feature's data layer (its `*-api.ts`) owns the cache.
 */
export type MutationCallbacks<TData, TVariables> = {
  /** As soon as the server said yes, before the refetch: clear a form, close a dialog. */
  onSuccess?: (data: TData, variables: TVariables) => unknown;
  /** Once the queries the change touched are fresh: leave an editor for the saved text, move on. */
  onRefreshed?: (data: TData, variables: TVariables) => unknown;
  onError?: (error: Error, variables: TVariables) => unknown;
};

/** The cache work after a change: which queries it makes stale, or what it writes into them. */
export type AfterSuccess<TData, TVariables> = (queryClient: QueryClient, data: TData, variables: TVariables) => unknown;

/**
 * A feature's mutation hook in one line: the call, the component's onSuccess, the feature's cache work
 * (`afterSuccess`, awaited), then the component's onRefreshed. The mutation stays pending through all of
 * it, so a button keeps its spinner until the page shows the change.
 */
export function useFeatureMutation<TData, TVariables = void>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  afterSuccess: AfterSuccess<TData, TVariables> | null,
  callbacks: MutationCallbacks<TData, TVariables> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (data, variables) => {
      await callbacks.onSuccess?.(data, variables);
      await afterSuccess?.(queryClient, data, variables);
      await callbacks.onRefreshed?.(data, variables);
    },
    onError: (error, variables) => callbacks.onError?.(error, variables),
  });
}
