import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { INFO_QUERY_KEY } from './app-info';
import { appEvents } from './events';

/** Client errors (4xx) are answers, not hiccups: only network failures and 5xx are retried, twice. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/** The app's one query client. */
export const queryClient = createQueryClient();

/** No answer outlives the session it was fetched in (the public application info excepted). */
appEvents.on('session-cleared', () => {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== INFO_QUERY_KEY[0] });
});
