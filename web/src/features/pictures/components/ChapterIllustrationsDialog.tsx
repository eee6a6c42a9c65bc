import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ImagePlus, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { chapterVisualizationPath, PICTURE_MESSAGES } from '#common/pictures/rules.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { PicturesDialog } from './PicturesDialog.tsx';
import { toast, toastError } from '../../../components/ui/toast-store.ts';
import { countPictureView, createChapterPicture, galleryQuery, type GalleryImage } from '../api/pictures.ts';
import { Gallery } from './PictureGrid.tsx';
import { PictureViewer } from './PictureViewer.tsx';

/**
 * Spec §2/§4 'Chapter Illustrations - {reference}': Create (idle → generating → 'Visualization
 * Created!' and the list fetched again, or 'Generation Failed'), the gallery and a full-size view.
 */
export default function ChapterIllustrationsDialog({
  reference,
  label,
  text,
  translation,
  onClose,
}: {
  /** What the API is given ("Psalms 23"); `label` is what people read ("Psalm 23"). */
  reference: string;
  label: string;
  text: string;
  translation: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const query = galleryQuery(reference, translation);
  const list = useQuery(query);
  const [state, setState] = useState<'idle' | 'generating'>('idle');
  const [open, setOpen] = useState<GalleryImage | null>(null);

  const create = async () => {
    setState('generating');
    try {
      await createChapterPicture({ bibleReference: reference, bibleContent: text, translation });
      toast({ title: PICTURE_MESSAGES.chapterCreatedTitle, description: PICTURE_MESSAGES.chapterCreated });
      await queryClient.invalidateQueries({ queryKey: query.queryKey });
    } catch (error) {
      toastError((error instanceof ApiError && error.serverMessage) || PICTURE_MESSAGES.chapterFailed, PICTURE_MESSAGES.chapterFailedTitle);
    } finally {
      setState('idle');
    }
  };

  const show = (item: GalleryImage) => {
    setOpen(item);
    void countPictureView(item.id).then(
      ({ viewCount }) => setOpen((o) => (o?.id === item.id ? { ...o, viewCount } : o)),
      () => undefined,
    );
  };

  return (
    <PicturesDialog
      title={`Chapter Illustrations - ${label}`}
      description="Illustrations of this chapter made by Selah’s readers, newest first."
      closeLabel="Close chapter illustrations"
      onClose={onClose}
    >
      {open ? (
        <PictureViewer
          picture={{ ...open, reference: open.bibleReference }}
          path={chapterVisualizationPath(open.id)}
          onBack={() => setOpen(null)}
          onImageError={() => {
            setOpen(null);
            toastError(PICTURE_MESSAGES.imageUnavailableText, PICTURE_MESSAGES.imageUnavailableTitle);
          }}
        />
      ) : (
        <>
          <button type="button" className="button-primary mb-4 w-full sm:w-auto" disabled={state === 'generating'} onClick={() => void create()}>
            {state === 'generating' ? <Loader2 aria-hidden size={18} className="animate-spin" /> : <ImagePlus aria-hidden size={18} />}
            {state === 'generating' ? 'Creating an illustration…' : 'Create Chapter Illustration'}
          </button>
          <Gallery
            query={list}
            failed={PICTURE_MESSAGES.galleryFetchFailed}
            empty={state === 'idle' ? 'No illustrations of this chapter yet. Be the first to make one.' : undefined}
            label={`Illustrations of ${label}`}
            onOpen={show}
          />
        </>
      )}
    </PicturesDialog>
  );
}
