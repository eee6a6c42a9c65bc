import { ImageOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { GALLERY_PAGE_SIZE, PICTURE_MESSAGES, PICTURE_RETRIES, PICTURE_RETRY_DELAY_MS } from '#common/pictures/rules.ts';

export interface GridPicture {
  id: string;
  thumbnailUrl: string;
  /** What the picture shows: its name for people who cannot see it. */
  description: string;
}

interface GridProps<T extends GridPicture> {
  items: T[];
  onOpen: (item: T) => void;
  remake?: (item: T) => Promise<void>;
  label: string;
}

/** A gallery in each of its states: loading, failed (`failed` says so), empty (`empty`, if anything), or its pictures. */
export function Gallery<T extends GridPicture>({
  query,
  failed,
  empty,
  ...grid
}: Omit<GridProps<T>, 'items'> & { query: { isPending: boolean; isError: boolean; data?: T[] }; failed: string; empty?: string }) {
  if (query.isPending) {
    return (
      <div className="grid grid-cols-3 gap-2" aria-busy>
        {Array.from({ length: 3 }, (_, i) => (
          <div key={i} className="skeleton aspect-square rounded-lg" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <p className="text-sm" role="alert">
        {failed}
      </p>
    );
  }
  if (!query.data?.length) return empty ? <p className="text-sm text-stone-600 dark:text-stone-400">{empty}</p> : null;
  return <PictureGrid {...grid} items={query.data} />;
}

/**
 * Spec §2/§9 galleries: 3 columns, 6 a page, Previous/Next and 'Page X of Y' when there is more than
 * one page. A thumbnail that fails to load is remade (`remake`) up to 2 times, 2 s apart, when the
 * gallery can; otherwise, or after that, it says 'Failed to load'.
 */
export function PictureGrid<T extends GridPicture>({ items, onOpen, remake, label }: GridProps<T>) {
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(items.length / GALLERY_PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const shown = items.slice(current * GALLERY_PAGE_SIZE, (current + 1) * GALLERY_PAGE_SIZE);
  return (
    <div>
      <ul className="grid grid-cols-3 gap-2" aria-label={label}>
        {shown.map((item) => (
          <li key={item.id}>
            <Thumbnail item={item} onOpen={() => onOpen(item)} remake={remake && (() => remake(item))} />
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <nav className="mt-3 flex items-center justify-between gap-2" aria-label={`${label}: pages`}>
          <button type="button" className="button-secondary" disabled={current === 0} onClick={() => setPage(current - 1)}>
            Previous
          </button>
          <p className="text-sm" aria-live="polite">
            Page {current + 1} of {pages}
          </p>
          <button type="button" className="button-secondary" disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
            Next
          </button>
        </nav>
      )}
    </div>
  );
}

function Thumbnail({ item, onOpen, remake }: { item: GridPicture; onOpen: () => void; remake?: () => Promise<void> }) {
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  const [waiting, setWaiting] = useState(false);
  // Remaking waits 2 s first (spec §9); leaving the gallery stops it.
  useEffect(() => {
    if (!waiting || !remake) return;
    let live = true;
    const timer = setTimeout(() => {
      remake().then(
        () => live && (setAttempt((a) => a + 1), setWaiting(false)),
        () => live && (setFailed(true), setWaiting(false)),
      );
    }, PICTURE_RETRY_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [waiting, remake]);

  if (failed) {
    return (
      <div
        className="grid aspect-square place-items-center rounded-lg bg-stone-200 p-2 text-center text-xs text-stone-700 dark:bg-stone-800 dark:text-stone-300"
        role="img"
        aria-label={`${item.description}: ${PICTURE_MESSAGES.loadFailed}`}
      >
        <span className="flex flex-col items-center gap-1">
          <ImageOff aria-hidden size={20} />
          {PICTURE_MESSAGES.loadFailed}
        </span>
      </div>
    );
  }
  return (
    <button
      type="button"
      onClick={onOpen}
      className="block w-full overflow-hidden rounded-lg bg-stone-200 dark:bg-stone-800"
      aria-label={`Open ${item.description}`}
    >
      <img
        // A new address after a remake, so the browser asks again instead of reusing its failure.
        src={attempt ? `${item.thumbnailUrl}?attempt=${attempt}` : item.thumbnailUrl}
        alt=""
        width={400}
        height={400}
        loading="lazy"
        className="aspect-square w-full object-cover transition-transform hover:scale-105"
        onError={() => (remake && attempt < PICTURE_RETRIES ? setWaiting(true) : setFailed(true))}
      />
    </button>
  );
}
