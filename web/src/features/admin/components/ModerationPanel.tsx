import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type RefObject } from 'react';
import type { ModerationQueue } from '#common/contracts/pictures.ts';
import { FormMessages } from '../../../components/FormMessages.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { apiGet, apiRequest, errorMessage } from '../../../lib/api-client.ts';
import { ConfirmDialog } from '../../plans/components/ConfirmDialog.tsx';
import { countOf, en } from '#common/text/plural.ts';
import { passageName } from '#common/scripture/passage-name.ts';

type ReportedPicture = ModerationQueue['pictures'][number];

const KINDS: Record<string, string> = { verse: 'Verse picture', chapter: 'Chapter illustration', card: 'Share card', prayer: 'Prayer picture' };

/**
 * Deleting a picture for good, asked first in a dialog that says what goes: the picture and its thumbnail
 * from storage, its reports and its page, and for a share card the shared verses that show it.
 */
function DeletePicture({
  picture,
  onDeleted,
  focusAfter,
}: {
  picture: ReportedPicture;
  onDeleted: (what: string) => void;
  /** Where focus goes once the picture is gone: its Delete button goes with its row. */
  focusAfter: RefObject<HTMLElement | null>;
}) {
  const [open, setOpen] = useState(false);
  const done = useRef(false);
  const remove = useMutation({ mutationFn: () => apiRequest('DELETE', `/api/admin/pictures/${encodeURIComponent(picture.id)}`) });
  const what = `${(KINDS[picture.kind] ?? picture.kind).toLowerCase()} of ${passageName(picture.reference)}`;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        remove.reset();
      }}
      trigger={
        <button
          type="button"
          className="button-ghost self-start text-red-800 sm:self-center dark:text-red-300"
          aria-label={`Delete the picture of ${passageName(picture.reference)}`}
        >
          Delete
        </button>
      }
      title={`Delete the ${what}?`}
      description={`It is deleted for good: ${[
        'the picture and its thumbnail from storage',
        picture.reports === 0 ? '' : picture.reports === 1 ? 'its report' : `its ${countOf(picture.reports, en('report'))}`,
        picture.kind === 'card' ? 'every shared verse showing it' : '',
        picture.kind === 'prayer' ? 'its place beside its prayer' : 'its page, whose link stops working',
      ]
        .filter(Boolean)
        .join(', ')}. This cannot be undone.`}
      confirm="Delete picture"
      busyLabel="Deleting…"
      busy={remove.isPending}
      error={remove.isError ? errorMessage(remove.error) : null}
      onCloseAutoFocus={(event) => {
        if (!done.current) return;
        event.preventDefault();
        focusAfter.current?.focus();
      }}
      // The row, and this dialog with it, goes once the list is fetched again.
      onConfirm={() =>
        void remove.mutateAsync().then(
          () => {
            done.current = true;
            setOpen(false);
            onDeleted(what);
          },
          () => undefined,
        )
      }
    />
  );
}

/** Reported pictures (three reports hide one until an admin looks) and the latest public shared verses. */
export function ModerationPanel() {
  const queryClient = useQueryClient();
  const [deleted, setDeleted] = useState<string | null>(null);
  const reportedHeading = useRef<HTMLHeadingElement>(null);
  const queue = useQuery({ queryKey: ['admin', 'moderation'], queryFn: () => apiGet<ModerationQueue>('/api/admin/moderation'), staleTime: 0 });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'moderation'] });
  const hide = useMutation({
    mutationFn: ({ id, hidden }: { id: string; hidden: boolean }) => apiRequest('PUT', `/api/admin/pictures/${encodeURIComponent(id)}/hidden`, { hidden }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (code: string) => apiRequest('DELETE', `/api/admin/shared-verses/${encodeURIComponent(code)}`),
    onSuccess: refresh,
  });
  if (queue.isError) return <LoadFailed what="the moderation queue" error={queue.error} onRetry={() => void queue.refetch()} busy={queue.isFetching} />;
  const data = queue.data;
  return (
    <section aria-labelledby="moderation-heading" className="flex flex-col gap-4">
      <h2 id="moderation-heading" className="font-serif text-xl font-semibold">
        Moderation
      </h2>
      <FormMessages error={hide.isError ? errorMessage(hide.error) : remove.isError ? errorMessage(remove.error) : null} notice={deleted} />
      <h3 ref={reportedHeading} tabIndex={-1} className="font-serif text-lg font-semibold">
        Reported pictures
      </h3>
      {!data ? (
        <p aria-busy="true">Loading…</p>
      ) : data.pictures.length === 0 ? (
        <p className="text-stone-700 dark:text-stone-300">Nothing has been reported.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-stone-200 dark:divide-stone-800">
          {data.pictures.map((p) => (
            <li key={p.id} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center">
              <img
                src={p.thumbnailUrl}
                alt={`${KINDS[p.kind] ?? p.kind}: ${passageName(p.reference)}`}
                className="h-24 w-24 shrink-0 rounded-lg object-cover"
              />
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-medium">
                  {KINDS[p.kind] ?? p.kind} · {passageName(p.reference)}
                </p>
                <p className="text-stone-600 dark:text-stone-400">
                  {countOf(p.reports, en('report'))}
                  {p.hidden ? ' · hidden' : ' · shown'}
                  {p.reasons.length > 0 && ` · “${p.reasons.join('”, “')}”`}
                </p>
              </div>
              <button
                type="button"
                className="button-secondary self-start sm:self-center"
                disabled={hide.isPending}
                onClick={() => hide.mutate({ id: p.id, hidden: !p.hidden })}
                aria-label={`${p.hidden ? 'Show again' : 'Hide'} the picture of ${passageName(p.reference)}`}
              >
                {p.hidden ? 'Show again' : 'Hide'}
              </button>
              <DeletePicture
                picture={p}
                focusAfter={reportedHeading}
                onDeleted={(what) => {
                  setDeleted(`Deleted the ${what}.`);
                  void refresh();
                }}
              />
            </li>
          ))}
        </ul>
      )}
      <h3 className="font-serif text-lg font-semibold">Latest shared verses</h3>
      {data && data.shares.length === 0 ? (
        <p className="text-stone-700 dark:text-stone-300">No verse has been shared publicly yet.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-stone-200 dark:divide-stone-800">
          {data?.shares.map((s) => (
            <li key={s.shareCode} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center">
              <img src={s.thumbnailUrl} alt={`Share card: ${s.reference}`} className="h-16 w-16 shrink-0 rounded-lg object-cover" />
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-medium">
                  <a href={`/shared/${s.shareCode}`} target="_blank" rel="noopener">
                    {s.reference}
                  </a>
                  {s.hidden && <span className="ml-2 text-stone-600 dark:text-stone-400">(hidden)</span>}
                </p>
                <p className="line-clamp-2 text-stone-600 dark:text-stone-400">{s.verseText}</p>
              </div>
              <button
                type="button"
                className="button-ghost self-start text-red-800 sm:self-center dark:text-red-300"
                disabled={remove.isPending}
                onClick={() => window.confirm(`Delete the shared ${s.reference}? Its link stops working.`) && remove.mutate(s.shareCode)}
                aria-label={`Delete the shared ${s.reference}`}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
