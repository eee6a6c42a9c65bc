import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ContactMessage } from '#common/contracts/contact.ts';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { apiGet, apiRequest } from '../../../lib/api-client.ts';
import { formatDate } from '#common/dates/format-date.ts';

/** Messages sent through /contact: read, answer by mail, archive. */
export function MessagesPanel() {
  const queryClient = useQueryClient();
  const [archived, setArchived] = useState(false);
  const messages = useQuery({
    queryKey: ['admin', 'contact', archived],
    queryFn: () => apiGet<ContactMessage[]>(`/api/admin/contact?archived=${archived ? 1 : 0}`),
    staleTime: 0,
  });
  const archive = useMutation({
    mutationFn: (m: ContactMessage) => apiRequest<ContactMessage>('PUT', `/api/admin/contact/${encodeURIComponent(m.id)}`, { archived: !m.archived }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'contact'] }),
  });
  if (messages.isError) return <LoadFailed what="the messages" error={messages.error} onRetry={() => void messages.refetch()} busy={messages.isFetching} />;
  return (
    <section aria-labelledby="messages-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="messages-heading" className="font-serif text-xl font-semibold">
          {archived ? 'Archived messages' : 'Messages'}
        </h2>
        <button type="button" className="button-secondary" onClick={() => setArchived((a) => !a)}>
          {archived ? 'Show new messages' : 'Show archived'}
        </button>
      </div>
      {messages.isPending ? (
        <p aria-busy="true">Loading…</p>
      ) : messages.data.length === 0 ? (
        <p className="text-stone-700 dark:text-stone-300">{archived ? 'No archived messages.' : 'No new messages.'}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {messages.data.map((m) => (
            <li key={m.id} className="card flex flex-col gap-2">
              <p className="text-sm text-stone-600 dark:text-stone-400">
                <span className="font-semibold text-stone-900 dark:text-stone-100">{m.name}</span> ·{' '}
                <a href={`mailto:${m.email}`} className="break-all">
                  {m.email}
                </a>{' '}
                · {formatDate(m.createdAt, 'withTime')}
              </p>
              <p className="whitespace-pre-line">{m.message}</p>
              <button type="button" className="button-ghost self-start" disabled={archive.isPending} onClick={() => archive.mutate(m)}>
                {m.archived ? 'Move back to new' : 'Archive'}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
