import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { OutboxPage } from '#common/contracts/admin.ts';
import { formatDate } from '#common/dates/format-date.ts';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { apiGet } from '../../../lib/api-client.ts';
import { PageNav } from './PageNav.tsx';

/**
 * Mail the site kept instead of sending (no SMTP relay set), newest first, a page at a time: an admin can
 * pass a confirmation or reset link on by hand. Kept in the database, so every process's mail is here.
 */
export function MailPanel() {
  const [page, setPage] = useState(1);
  const outbox = useQuery({
    queryKey: ['admin', 'mail', page],
    queryFn: () => apiGet<OutboxPage>(`/api/admin/mail?page=${page}`),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  if (outbox.isError) return <LoadFailed what="the outbox" error={outbox.error} onRetry={() => void outbox.refetch()} busy={outbox.isFetching} />;
  const data = outbox.data;
  return (
    <section aria-labelledby="mail-heading" className="flex flex-col gap-3">
      <h2 id="mail-heading" className="font-serif text-xl font-semibold">
        Mail outbox {data && <span className="text-base font-normal text-stone-600 dark:text-stone-400">({data.total})</span>}
      </h2>
      <p className="text-sm text-stone-700 dark:text-stone-300">
        {data?.relayed
          ? 'Mail is sent through the SMTP relay (SMTP_URL); nothing new is kept here.'
          : 'No SMTP relay is set (SMTP_URL), so mail is kept here instead of sent: the newest 500 messages.'}
      </p>
      {!data ? (
        <p aria-busy="true">Loading…</p>
      ) : data.messages.length === 0 ? (
        <p className="text-stone-700 dark:text-stone-300">No mail has been kept.</p>
      ) : (
        // Wider than a phone: it scrolls sideways, so it is focusable for the keyboard to scroll it too (axe's
        // scrollable-region-focusable); the lint rule does not know scroll regions.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Kept mail, newest first">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead className="text-stone-600 dark:text-stone-400">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">
                  When
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  To
                </th>
                <th scope="col" className="py-2 font-medium">
                  Message
                </th>
              </tr>
            </thead>
            <tbody>
              {data.messages.map((m) => (
                <tr key={m.id} className="border-t border-stone-200 align-top dark:border-stone-800">
                  <td className="py-2 pr-4 whitespace-nowrap">{formatDate(m.at, 'withTime')}</td>
                  <td className="py-2 pr-4 whitespace-nowrap">{m.to}</td>
                  <td className="py-2">
                    <details>
                      <summary className="flex min-h-11 cursor-pointer items-center rounded font-medium sm:min-h-9">{m.subject}</summary>
                      <pre className="mt-1 max-w-prose font-sans text-sm whitespace-pre-wrap break-words text-stone-800 dark:text-stone-200">{m.text}</pre>
                    </details>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && <PageNav label="Outbox pages" page={data.page} pageCount={data.pageCount} onPage={setPage} />}
    </section>
  );
}
