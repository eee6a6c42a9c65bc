import { passageName } from '#common/scripture/passage-name.ts';
import { ArrowLeft, Eye, Flag } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast, toastError } from '../../../components/ui/toast-store.ts';
import { reportPicture } from '../api/pictures.ts';
import { absoluteUrl, useSiteOrigin } from '../share-links.ts';
import { ShareMenu } from './ShareMenu.tsx';
import { countOf, en } from '#common/text/plural.ts';
import { formatDate } from '#common/dates/format-date.ts';

export interface ViewedPicture {
  id: string;
  imageUrl: string;
  width: number;
  height: number;
  reference: string;
  translation: string;
  description: string;
  /** The words set on the picture (a verse visualization), if any. */
  verseText?: string;
  viewCount: number;
  createdAt: string;
}

/**
 * A gallery's full-size view (spec §2): the picture, its reference, description, translation, views
 * and date, the share menu with the picture's public address, and a way to report it.
 */
export function PictureViewer({ picture, path, onBack, onImageError }: { picture: ViewedPicture; path: string; onBack: () => void; onImageError: () => void }) {
  const origin = useSiteOrigin();
  const link = absoluteUrl(path, origin);
  const [reported, setReported] = useState(false);
  const report = async () => {
    try {
      await reportPicture(picture.id);
      setReported(true);
      toast({ title: 'Thank you', description: 'The picture was reported. An admin will look at it.' });
    } catch (error) {
      toastError(errorMessage(error));
    }
  };
  return (
    <div>
      <button type="button" className="button-ghost -ml-2 mb-2" onClick={onBack}>
        <ArrowLeft aria-hidden size={18} /> Back to the gallery
      </button>
      <img
        src={picture.imageUrl}
        alt={picture.description}
        width={picture.width}
        height={picture.height}
        className="mx-auto max-h-[60dvh] w-auto rounded-xl object-contain shadow"
        onError={onImageError}
      />
      <div className="mt-3 space-y-2 text-sm">
        <p className="font-serif text-lg font-semibold">
          {passageName(picture.reference)} <span className="font-sans text-sm font-normal text-stone-600 dark:text-stone-400">{picture.translation}</span>
        </p>
        <p className="text-stone-700 dark:text-stone-300">{picture.description}</p>
        <p className="flex items-center gap-3 text-stone-600 dark:text-stone-400">
          <span className="inline-flex items-center gap-1">
            <Eye aria-hidden size={16} /> {countOf(picture.viewCount, en('view'))}
          </span>
          <time dateTime={picture.createdAt}>{formatDate(picture.createdAt, 'short')}</time>
        </p>
        <ShareMenu
          link={link}
          text={picture.verseText ? `${picture.verseText} — ${passageName(picture.reference)}` : `${passageName(picture.reference)}: ${picture.description}`}
          imageUrl={absoluteUrl(picture.imageUrl, origin)}
        />
        <button type="button" className="button-ghost -ml-2 text-xs" disabled={reported} onClick={() => void report()}>
          <Flag aria-hidden size={14} /> {reported ? 'Reported' : 'Report this picture'}
        </button>
      </div>
    </div>
  );
}
