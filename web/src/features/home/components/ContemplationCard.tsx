import { Link } from '@tanstack/react-router';
import type { ContemplationPicture } from '../contemplation-retry.ts';
import { ContemplationImage } from './ContemplationImage.tsx';

// The whole square: the picture carries the prayer's title along its foot.
const BOX = 'aspect-square rounded-xl';

/** Spec §2 Visual Contemplation: the picture made from today's prayer and 'View all' to the archive. */
export function ContemplationCard({
  prayerId,
  picture,
  pending,
}: {
  prayerId: string | undefined;
  picture: ContemplationPicture | null | undefined;
  pending: boolean;
}) {
  return (
    <section aria-labelledby="contemplation" className="card flex flex-col">
      <div className="flex items-center justify-between gap-3">
        <h2 id="contemplation" className="text-sm font-semibold tracking-wide text-orange-900 uppercase dark:text-orange-200">
          Visual Contemplation
        </h2>
        <Link
          to="/previous-prayers/{-$date}"
          params={{ date: undefined }}
          className="-my-2 -mr-2 inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-semibold text-orange-900 underline underline-offset-4 hover:bg-orange-50 sm:min-h-9 dark:text-orange-200 dark:hover:bg-stone-800"
        >
          View all<span className="sr-only"> prayers and their pictures</span>
        </Link>
      </div>
      <div className="mt-3">
        {pending ? (
          <div
            className={`${BOX} animate-pulse bg-stone-200 motion-reduce:animate-none dark:bg-stone-800`}
            role="status"
            aria-label="Loading today’s picture"
          />
        ) : picture && prayerId ? (
          <ContemplationImage key={prayerId} prayerId={prayerId} picture={picture} className={BOX} sizes="(min-width: 768px) 480px, 100vw" />
        ) : (
          <p className="grid min-h-32 place-items-center rounded-xl bg-stone-100 p-4 text-center text-sm text-stone-700 dark:bg-stone-800 dark:text-stone-300">
            Today’s picture is not ready yet.
          </p>
        )}
      </div>
    </section>
  );
}
