import { QueryClient } from '@tanstack/react-query';
import { QUERY_CACHE_MS, QUERY_RETRIES, QUERY_RETRY_CAP_MS } from '@/shared/timing';
import { ApiError } from './api';

/** Spec §9: cache for 5 minutes; retry 3 times with exponential back-off capped at 30 s. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: QUERY_CACHE_MS,
        staleTime: 30_000,
        // A 4xx will not change on retry; network errors and 5xx may.
        retry: (count, error) => count < QUERY_RETRIES && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, QUERY_RETRY_CAP_MS),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
