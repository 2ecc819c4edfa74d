import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiRequestError } from './api';
import { ME_QUERY_KEY } from './me-query';

function onApiError(error: unknown) {
  // A 401 anywhere means the session ended (expired, signed out elsewhere): refresh who is signed in,
  // which hides member-only menu entries and sends guarded pages to /signin.
  if (isApiRequestError(error) && error.status === 401) {
    void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
  }
}

export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: onApiError }),
  mutationCache: new MutationCache({ onError: onApiError }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (failureCount, error) => failureCount < 2 && !(isApiRequestError(error) && error.status >= 400 && error.status < 500),
    },
  },
});
