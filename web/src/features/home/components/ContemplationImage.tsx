import { useQueryClient } from '@tanstack/react-query';
import { ImageOff } from 'lucide-react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { PRAYER_PICTURE_SIZE, PRAYER_THUMBNAIL_WIDTH } from '../../../lib/route-helpers/prayer-days.ts';
import { prayerPictureQuery, regeneratePrayerPicture } from '../../daily/api/prayers.ts';
import { cn } from '../../../lib/cn.ts';
import { homepageQuery, withRemadePicture } from '../api/homepage.ts';
import { createContemplationRetry, type ContemplationPicture } from '../contemplation-retry.ts';

export const CONTEMPLATION_FAILED = 'The picture could not be shown';

/**
 * The prayer's picture (spec §2 Visual Contemplation) with the §4 rule: a picture that will not load is
 * made again up to 3 times, 2 s after each failure, and a calm note takes its place after that. Give it a
 * `key` of the prayer's id: a new prayer starts the count afresh, a refreshed picture of the same one does not.
 */
export function ContemplationImage({
  prayerId,
  picture,
  sizes,
  className,
}: {
  prayerId: string;
  picture: ContemplationPicture;
  /** The width the picture takes on the page, for the browser's choice between thumbnail and full size. */
  sizes: string;
  /** Its box: an aspect ratio and rounding; the same box holds the note, so nothing moves. */
  className: string;
}) {
  const queryClient = useQueryClient();
  const [retry] = useState(() =>
    createContemplationRetry(picture, async () => {
      const made = await regeneratePrayerPicture(prayerId);
      const remade = { imageUrl: made.imageUrl, thumbnailUrl: made.thumbnailUrl, description: made.description };
      queryClient.setQueryData(prayerPictureQuery(prayerId).queryKey, made);
      queryClient.setQueryData(homepageQuery.queryKey, (data) => withRemadePicture(data, prayerId, remade));
      return remade;
    }),
  );
  const state = useSyncExternalStore(retry.subscribe, retry.get, retry.get);
  useEffect(() => {
    retry.resume();
    return () => retry.pause();
  }, [retry]);

  // A picture that failed while the page was still the server's HTML fired its error before React listened.
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const el = image.current;
    if (el?.complete && el.currentSrc && el.naturalWidth === 0) retry.error();
  }, [retry]);

  const box = cn('w-full overflow-hidden bg-stone-200 dark:bg-stone-800', className);
  if (state.phase === 'failed') {
    return (
      <div className={cn(box, 'grid place-items-center p-4 text-center')}>
        <p className="flex flex-col items-center gap-2 text-sm text-stone-700 dark:text-stone-300">
          <ImageOff aria-hidden size={22} />
          {CONTEMPLATION_FAILED}
        </p>
      </div>
    );
  }
  if (state.phase === 'waiting') return <div className={cn(box, 'animate-pulse motion-reduce:animate-none')} role="status" aria-label="Loading the picture" />;
  const { imageUrl, thumbnailUrl, description } = state.picture;
  return (
    <img
      ref={image}
      src={thumbnailUrl}
      srcSet={`${thumbnailUrl} ${PRAYER_THUMBNAIL_WIDTH}w, ${imageUrl} ${PRAYER_PICTURE_SIZE}w`}
      sizes={sizes}
      width={PRAYER_PICTURE_SIZE}
      height={PRAYER_PICTURE_SIZE}
      alt={description}
      loading="lazy"
      decoding="async"
      onLoad={retry.load}
      onError={retry.error}
      className={cn(box, 'object-cover')}
    />
  );
}
