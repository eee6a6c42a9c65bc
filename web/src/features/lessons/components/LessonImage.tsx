import { useEffect, useRef, useState } from 'react';
import type { Article } from '#common/contracts/lessons.ts';
import { cn } from '../../../lib/cn.ts';

/** Calm, warm washes for a lesson without a picture; the lesson's slug picks one, so it is the same on every page. */
const WASHES = [
  'from-amber-100 via-orange-50 to-rose-100 text-orange-900/25 dark:from-stone-800 dark:via-stone-900 dark:to-orange-950/80 dark:text-orange-200/25',
  'from-orange-100 via-amber-50 to-yellow-100 text-amber-900/25 dark:from-stone-800 dark:via-stone-900 dark:to-amber-950/80 dark:text-amber-200/25',
  'from-rose-100 via-orange-50 to-amber-100 text-rose-900/20 dark:from-stone-900 dark:via-stone-800 dark:to-orange-950/60 dark:text-orange-100/20',
  'from-stone-200 via-orange-50 to-amber-100 text-stone-700/30 dark:from-stone-800 dark:via-stone-900 dark:to-stone-950 dark:text-stone-300/25',
] as const;

function wash(slug: string): string {
  let hash = 0;
  for (const char of slug) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return WASHES[hash % WASHES.length]!;
}

/**
 * A lesson's hero picture in a box of a fixed shape (so nothing moves as it loads), over a warm wash
 * with the title's first letter. A lesson without a picture shows the wash; a picture that will not
 * load is taken away and the wash shows through (decorative pictures have an empty alt, so a broken one
 * draws nothing even before the script runs).
 */
export function LessonImage({
  article,
  className,
  sizes,
  eager = false,
  letter: letterSize = 'text-[clamp(3.5rem,12cqw,9rem)]',
}: {
  article: Pick<Article, 'slug' | 'title' | 'heroImageUrl'>;
  /** The box: an aspect ratio and rounding. */
  className?: string;
  sizes?: string;
  /** The page's main picture: asked for at once rather than when scrolled near. */
  eager?: boolean;
  /** The size of the title's letter on the wash (a font-size class). */
  letter?: string;
}) {
  const src = article.heroImageUrl;
  const [failed, setFailed] = useState<string | null>(null);
  // A picture that failed while the page was still the server's HTML fired its error before React listened.
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const el = image.current;
    if (el?.complete && el.currentSrc && el.naturalWidth === 0) setFailed(el.getAttribute('src'));
  }, [src]);
  const letter = [...article.title.trim()][0]?.toUpperCase() ?? '';

  return (
    <div className={cn('@container relative overflow-hidden bg-gradient-to-br', wash(article.slug), className)}>
      <span aria-hidden className={cn('absolute inset-0 grid place-items-center font-serif leading-none font-semibold select-none', letterSize)}>
        {letter}
      </span>
      {src && failed !== src && (
        <img
          ref={image}
          src={src}
          alt=""
          sizes={sizes}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          decoding="async"
          onError={() => setFailed(src)}
          className="absolute inset-0 h-full w-full object-cover"
        />
      )}
    </div>
  );
}
