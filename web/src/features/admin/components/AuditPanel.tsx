import { useInfiniteQuery } from '@tanstack/react-query';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import type { AuditEntry } from '#common/contracts/admin.ts';
import { apiGet } from '../../../lib/api-client.ts';
import { formatDate } from '#common/dates/format-date.ts';

/** Every change made in the panel (and by content imports), newest first, 50 at a time. */
export function AuditPanel() {
  const log = useInfiniteQuery({
    queryKey: ['admin', 'audit'],
    queryFn: ({ pageParam }) => apiGet<{ entries: AuditEntry[] }>(`/api/admin/audit${pageParam ? `?before=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: '',
    getNextPageParam: (last) => (last.entries.length === 50 ? last.entries.at(-1)!.at : undefined),
    staleTime: 0,
  });
  if (log.isError) return <LoadFailed what="the audit log" error={log.error} onRetry={() => void log.refetch()} busy={log.isFetching} />;
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <section aria-labelledby="audit-heading" className="flex flex-col gap-3">
      <h2 id="audit-heading" className="font-serif text-xl font-semibold">
        Audit log
      </h2>
      {log.isPending ? (
        <p aria-busy="true">Loading…</p>
      ) : entries.length === 0 ? (
        <p className="text-stone-700 dark:text-stone-300">Nothing has been changed in the panel yet.</p>
      ) : (
        // Wider than a phone: it scrolls sideways, so it is focusable for the keyboard to scroll it too (axe's
        // scrollable-region-focusable); the lint rule does not know scroll regions.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Changes, newest first">
          <table className="w-full text-left text-sm">
            <thead className="text-stone-600 dark:text-stone-400">
              <tr>
                <th className="py-2 pr-4 font-medium">When</th>
                <th className="py-2 pr-4 font-medium">Who</th>
                <th className="py-2 pr-4 font-medium">What</th>
                <th className="py-2 font-medium">On</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id} className="border-t border-stone-200 dark:border-stone-800">
                  <td className="py-2 pr-4 whitespace-nowrap">{formatDate(e.at, 'withTime')}</td>
                  <td className="py-2 pr-4">{e.actorEmail}</td>
                  <td className="py-2 pr-4 font-mono text-xs">{e.action}</td>
                  <td className="py-2">
                    {e.target}
                    {e.detail && <span className="block text-stone-600 dark:text-stone-400">{e.detail}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {log.hasNextPage && (
        <button type="button" className="button-secondary self-start" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          {log.isFetchingNextPage ? 'Loading…' : 'Show older'}
        </button>
      )}
    </section>
  );
}
