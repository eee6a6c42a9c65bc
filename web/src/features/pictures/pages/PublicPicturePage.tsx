import { Link } from '@tanstack/react-router';
import { BookOpen, Eye } from 'lucide-react';
import { useEffect } from 'react';
import { absoluteUrl, useSiteOrigin } from '../share-links.ts';
import { ShareMenu } from '../components/ShareMenu.tsx';
import { countOf, en } from '#common/text/plural.ts';
import { formatDate } from '#common/dates/format-date.ts';
import { passageName } from '#common/scripture/passage-name.ts';

export interface PublicPicture {
  imageUrl: string;
  width: number;
  height: number;
  /** What the picture shows, for people who cannot see it. */
  alt: string;
  reference: string;
  translation: string;
  /** The verse's words, from the store; none for a chapter illustration. */
  verseText?: string;
  description?: string;
  viewCount?: number;
  createdAt: string;
}

/** The reader at the passage ("Read in context"), from the canonical reference the server gives: "John 3:16-18", "Psalms 23". */
function contextSearch(reference: string, translation: string) {
  const match = /^(.+?) (\d+)(?::(\d+))?/.exec(reference);
  return match ? { book: match[1]!, chapter: Number(match[2]), verse: match[3] ? Number(match[3]) : undefined, translation } : undefined;
}

/**
 * The public pages of spec §2 (/shared/{code}, /share/image/{id}, /verse-visualization/{id},
 * /chapter-visualization/{id}): the picture, the verse's words as text, reference and translation,
 * "Read in context" and the share menu. `onShown` counts a view once the page is in a browser.
 */
export function PublicPicturePage({ kind, picture, path, onShown }: { kind: string; picture: PublicPicture; path: string; onShown?: () => void }) {
  const origin = useSiteOrigin();
  const context = contextSearch(picture.reference, picture.translation);
  const name = passageName(picture.reference);
  useEffect(() => onShown?.(), [onShown]);
  return (
    <main className="mx-auto max-w-xl px-4 py-8">
      <p className="mb-2 text-sm font-medium tracking-wide text-orange-900 uppercase dark:text-orange-300">{kind}</p>
      <h1 className="mb-5 font-serif text-3xl font-semibold tracking-tight">
        {name} <span className="align-middle font-sans text-sm font-medium text-stone-600 dark:text-stone-400">{picture.translation}</span>
      </h1>
      <figure className="space-y-4">
        <img src={picture.imageUrl} alt={picture.alt} width={picture.width} height={picture.height} className="h-auto w-full rounded-2xl shadow-lg" />
        {picture.verseText && (
          <blockquote className="font-serif text-xl leading-9">
            “{picture.verseText}”
            <footer className="mt-2 font-sans text-base text-stone-700 dark:text-stone-300">
              — {name} ({picture.translation})
            </footer>
          </blockquote>
        )}
        {picture.description && <figcaption className="text-stone-700 dark:text-stone-300">{picture.description}</figcaption>}
      </figure>
      <div className="mt-6 space-y-4">
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-stone-600 dark:text-stone-400">
          {picture.viewCount !== undefined && (
            <span className="inline-flex items-center gap-1">
              <Eye aria-hidden size={16} /> {countOf(picture.viewCount, en('view'))}
            </span>
          )}
          <time dateTime={picture.createdAt}>Made {formatDate(picture.createdAt)}</time>
        </p>
        {context && (
          <Link to="/bible" search={context} className="button-primary">
            <BookOpen aria-hidden size={18} /> Read in context
          </Link>
        )}
        <ShareMenu
          link={absoluteUrl(path, origin)}
          text={picture.verseText ? `${picture.verseText} — ${name}` : `${name}: ${picture.description ?? ''}`}
          imageUrl={absoluteUrl(picture.imageUrl, origin)}
        />
      </div>
    </main>
  );
}
