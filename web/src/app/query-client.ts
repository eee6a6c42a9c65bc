import { QueryClient } from '@tanstack/react-query';

/** Spec §9 cache defaults: fresh 5 min, kept 10 min, no automatic retries, no refetch on focus, no polling. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60 * 1000,
        gcTime: 10 * 60 * 1000,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
    },
  });
}
