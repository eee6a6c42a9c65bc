import { passageName } from '#common/scripture/passage-name.ts';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Share2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { sharedVersePath, shareText } from '#common/pictures/rules.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { toast, toastError } from '../../../components/ui/toast-store.ts';
import { useViewer } from '../../auth/api/viewer.ts';
import { deleteSharedVerse, mySharedVersesQuery } from '../api/pictures.ts';
import { guestShares, guestSharesQuery } from '../store/guest-shares.ts';
import { formatDate } from '#common/dates/format-date.ts';

interface Row {
  shareCode: string;
  reference: string;
  translation: string;
  verseText: string;
  createdAt: string;
  imageUrl?: string;
}

/**
 * /my-shared-verses: the verses a person shared — from their account when signed in, from this
 * browser as a guest — each with its public link and a way to delete it.
 */
export function MySharedVersesPage() {
  const viewer = useViewer();
  const queryClient = useQueryClient();
  const account = useInfiniteQuery({ ...mySharedVersesQuery, enabled: viewer === 'user' });
  const guest = useQuery({ ...guestSharesQuery, enabled: viewer === 'guest' }).data ?? [];
  const [deleting, setDeleting] = useState<string | null>(null);

  const rows: Row[] = viewer === 'user' ? (account.data?.pages.flatMap((p) => p.items) ?? []) : guest.map((g) => ({ ...g, shareCode: g.id }));

  const remove = async (code: string) => {
    setDeleting(code);
    try {
      await deleteSharedVerse(code, guest.find((g) => g.id === code)?.ownerKey);
      toast({ title: 'Shared verse deleted', description: 'Its link no longer opens it.' });
    } catch (error) {
      // Already gone from the server: the browser's record goes too.
      if (!(error instanceof ApiError && error.status === 404)) {
        toastError(errorMessage(error));
        setDeleting(null);
        return;
      }
    }
    if (viewer === 'guest') guestShares.remove(code);
    await queryClient.invalidateQueries({ queryKey: viewer === 'guest' ? guestSharesQuery.queryKey : mySharedVersesQuery.queryKey });
    setDeleting(null);
  };

  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="mb-2 font-serif text-3xl font-semibold tracking-tight">My Shared Verses</h1>
      <p className="mb-6 text-stone-700 dark:text-stone-300">
        {viewer === 'guest' ? 'Verses shared from this browser. Sign in to keep them with your account.' : 'Verses you shared, newest first.'}
      </p>
      {viewer === 'loading' || (viewer === 'user' && account.isPending) ? (
        <div className="space-y-3" aria-busy>
          <div className="skeleton h-24 w-full rounded-2xl" />
          <div className="skeleton h-24 w-full rounded-2xl" />
        </div>
      ) : account.isError && viewer === 'user' ? (
        <p role="alert">Failed to load your shared verses. Please try again.</p>
      ) : rows.length === 0 ? (
        <div className="card flex items-start gap-3">
          <Share2 aria-hidden size={22} className="mt-0.5 shrink-0" />
          <p>
            Nothing shared yet. In the{' '}
            <Link to="/bible" className="underline underline-offset-2">
              reader
            </Link>
            , tap a verse and choose Share to make a graphic and a link.
          </p>
        </div>
      ) : (
        <ul className="space-y-3">
          {rows.map((row) => (
            <li key={row.shareCode} className="card flex gap-4">
              {row.imageUrl && <img src={row.imageUrl} alt="" width={96} height={96} loading="lazy" className="h-24 w-24 shrink-0 rounded-lg" />}
              <div className="min-w-0 flex-1">
                <p className="font-semibold">
                  <Link to="/shared/$shareCode" params={{ shareCode: row.shareCode }} className="underline-offset-2 hover:underline">
                    {passageName(row.reference)}
                  </Link>{' '}
                  <span className="text-sm font-normal text-stone-600 dark:text-stone-400">{row.translation}</span>
                </p>
                <p className="mt-1 font-serif text-stone-800 dark:text-stone-200">{shareText(row.verseText, 160)}</p>
                <p className="mt-1 text-xs text-stone-600 dark:text-stone-400">
                  Shared <time dateTime={row.createdAt}>{formatDate(row.createdAt, 'short')}</time> ·{' '}
                  <span className="break-all">{sharedVersePath(row.shareCode)}</span>
                </p>
              </div>
              <button
                type="button"
                className="icon-button shrink-0"
                aria-label={`Delete the shared ${passageName(row.reference)}`}
                disabled={deleting === row.shareCode}
                onClick={() => void remove(row.shareCode)}
              >
                <Trash2 aria-hidden size={18} />
              </button>
            </li>
          ))}
        </ul>
      )}
      {viewer === 'user' && account.hasNextPage && (
        <button type="button" className="button-secondary mt-4" disabled={account.isFetchingNextPage} onClick={() => void account.fetchNextPage()}>
          Show more
        </button>
      )}
    </main>
  );
}
