import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { NewsletterAdmin, NewsletterPreview } from '#common/contracts/newsletter.ts';
import { FormMessages } from '../../../components/FormMessages.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { apiGet, apiPost, errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '#common/dates/format-date.ts';

/** The weekly devotional: who reads it, the issues sent (the send log), this week's preview, and Send now. */
export function NewsletterPanel() {
  const queryClient = useQueryClient();
  const panel = useQuery({ queryKey: ['admin', 'newsletter'], queryFn: () => apiGet<NewsletterAdmin>('/api/admin/newsletter'), staleTime: 0 });
  const [preview, setPreview] = useState<NewsletterPreview | null>(null);
  const load = useMutation({ mutationFn: () => apiGet<NewsletterPreview>('/api/admin/newsletter/preview'), onSuccess: setPreview });
  const send = useMutation({
    mutationFn: () => apiPost<{ week: string; sent: number; failed: number }>('/api/admin/newsletter/send', {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
  if (panel.isError) return <LoadFailed what="the newsletter" error={panel.error} onRetry={() => void panel.refetch()} busy={panel.isFetching} />;
  const data = panel.data;
  return (
    <section aria-labelledby="newsletter-admin-heading" className="flex flex-col gap-4">
      <h2 id="newsletter-admin-heading" className="font-serif text-xl font-semibold">
        Newsletter
      </h2>
      <dl className="grid grid-cols-3 gap-3" aria-busy={panel.isPending}>
        {(['confirmed', 'pending', 'unsubscribed'] as const).map((status) => (
          <div key={status} className="card flex flex-col-reverse gap-1 p-4">
            <dt className="text-sm text-stone-600 capitalize dark:text-stone-400">{status}</dt>
            <dd className="font-serif text-3xl font-semibold tabular-nums">{data?.subscribers[status] ?? '—'}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-stone-700 dark:text-stone-300">
        The week’s issue goes by itself on Mondays from 06:00 UTC to every confirmed reader, once each. Sending now sends this week’s issue to those who have
        not had it.
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="button-secondary" disabled={load.isPending} onClick={() => load.mutate()}>
          {load.isPending ? 'Loading…' : 'Preview this week’s issue'}
        </button>
        <button
          type="button"
          className="button-primary"
          disabled={send.isPending}
          onClick={() => window.confirm('Send this week’s issue now to every confirmed reader who has not had it?') && send.mutate()}
        >
          {send.isPending ? 'Sending…' : 'Send now'}
        </button>
      </div>
      <FormMessages
        error={load.isError ? errorMessage(load.error) : send.isError ? errorMessage(send.error) : null}
        notice={send.data ? `Sent ${send.data.sent}${send.data.failed ? `, ${send.data.failed} failed (they are tried again later)` : ''}.` : null}
      />
      {preview && (
        <section aria-label="Preview" className="card flex flex-col gap-2">
          <p className="font-semibold">{preview.subject}</p>
          {/* Scrolls when the issue is longer than it: focusable, so the keyboard can scroll it too (axe's
              scrollable-region-focusable); the lint rule does not know scroll regions. */}
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
          <pre tabIndex={0} role="region" aria-label="The issue as text" className="max-h-96 overflow-auto text-sm whitespace-pre-wrap">
            {preview.text}
          </pre>
        </section>
      )}
      <h3 className="font-serif text-lg font-semibold">Issues sent</h3>
      {data && data.issues.length === 0 ? (
        <p className="text-stone-700 dark:text-stone-300">No issue has been sent yet.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-stone-200 text-sm dark:divide-stone-800">
          {data?.issues.map((issue) => (
            <li key={issue.id} className="flex flex-wrap gap-x-3 py-2">
              <span className="font-medium">{issue.subject}</span>
              <span className="text-stone-600 dark:text-stone-400">
                {issue.delivered} delivered · {issue.finishedAt ? `finished ${formatDate(issue.finishedAt, 'withTime')}` : 'still sending'}
              </span>
            </li>
          ))}
        </ul>
      )}
      <h3 className="font-serif text-lg font-semibold">Latest sign-ups</h3>
      {data && data.recent.length === 0 && <p className="text-stone-700 dark:text-stone-300">No one has subscribed yet.</p>}
      <ul className="flex flex-col divide-y divide-stone-200 text-sm dark:divide-stone-800">
        {data?.recent.map((r) => (
          <li key={r.email} className="flex flex-wrap gap-x-3 py-2">
            <span className="min-w-0 flex-1 break-all">{r.email}</span>
            <span className="text-stone-600 dark:text-stone-400">
              {r.status} · {formatDate(r.createdAt, 'withTime')}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
