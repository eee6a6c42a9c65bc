import { QueryClient } from '@tanstack/react-query';

/**
 * Spec §9 cache defaults: fresh 5 min, kept 10 min, no automatic retries, no refetch on focus, no polling.
 * Offline first (issue 18): without a network, reads and writes still run once — the service worker
 * answers what it kept, and what lives in the browser (a guest's notes) needs no network at all —
 * rather than wait, paused, for a connection.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60 * 1000,
        gcTime: 10 * 60 * 1000,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        networkMode: 'offlineFirst',
      },
      mutations: { networkMode: 'offlineFirst' },
    },
  });
}
