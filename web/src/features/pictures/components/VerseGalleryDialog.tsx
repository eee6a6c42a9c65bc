import { passageName } from '#common/scripture/passage-name.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ImagePlus, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { PICTURE_MESSAGES, verseVisualizationPath } from '#common/pictures/rules.ts';
import { ApiError, NETWORK_ERROR } from '../../../lib/api-client.ts';
import { PicturesDialog, type VerseDialogProps } from './PicturesDialog.tsx';
import { toast, toastError } from '../../../components/ui/toast-store.ts';
import { countVerseView, createVerseVisualization, regenerateVisualization, verseVisualizationsQuery, type VerseVisualization } from '../api/pictures.ts';
import { Gallery } from './PictureGrid.tsx';
import { PictureViewer } from './PictureViewer.tsx';

/** Spec §8: the server's words when it gave some, else the network's or the default. */
function generationError(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? PICTURE_MESSAGES.verseFailed;
  return error instanceof Error && error.message === NETWORK_ERROR ? PICTURE_MESSAGES.verseNetwork : PICTURE_MESSAGES.verseFailed;
}

/**
 * Spec §2/§4 verse visualization gallery: the community's pictures of the selected verses (3 columns,
 * 6 a page, up to 20), a full-size view, and Create — once per opening, then a note in its place.
 */
export default function VerseGalleryDialog({ reference, verseText, translation, onClose }: VerseDialogProps) {
  const queryClient = useQueryClient();
  const query = verseVisualizationsQuery(reference, translation);
  const list = useQuery(query);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState(false);
  const [open, setOpen] = useState<VerseVisualization | null>(null);

  const create = async () => {
    if (!reference.trim() || !verseText.trim() || !translation.trim()) {
      toastError(PICTURE_MESSAGES.noVerse);
      return;
    }
    setCreating(true);
    try {
      await createVerseVisualization({ reference, verseText, translation });
      setCreated(true);
      toast({ title: 'Visualization created', description: PICTURE_MESSAGES.verseCreated });
      await queryClient.invalidateQueries({ queryKey: query.queryKey });
    } catch (error) {
      toastError(generationError(error));
    } finally {
      setCreating(false);
    }
  };

  const show = (item: VerseVisualization) => {
    setOpen(item);
    // Counts a view (spec §7); what it answers is not needed.
    void countVerseView(item.id).catch(() => undefined);
  };

  return (
    <PicturesDialog
      title={`Visualize ${passageName(reference)}`}
      description="Pictures of this verse made by Selah’s readers, newest first."
      closeLabel="Close the visualization gallery"
      onClose={onClose}
    >
      {open ? (
        <PictureViewer
          picture={open}
          path={verseVisualizationPath(open.id)}
          onBack={() => setOpen(null)}
          onImageError={() => {
            setOpen(null);
            toastError(PICTURE_MESSAGES.imageUnavailableText, PICTURE_MESSAGES.imageUnavailableTitle);
          }}
        />
      ) : (
        <>
          {created ? (
            <p className="mb-4 rounded-lg bg-orange-50 p-3 text-sm text-orange-950 dark:bg-orange-950/40 dark:text-orange-100" role="status">
              Your picture is in the gallery below. Open it to share it, or come back to this verse to make another.
            </p>
          ) : (
            <button type="button" className="button-primary mb-4 w-full sm:w-auto" disabled={creating} onClick={() => void create()}>
              {creating ? <Loader2 aria-hidden size={18} className="animate-spin" /> : <ImagePlus aria-hidden size={18} />}
              {creating ? 'Creating a picture…' : 'Create Visualization'}
            </button>
          )}
          <Gallery
            query={list}
            failed={PICTURE_MESSAGES.galleryOpenFailed}
            empty={creating ? undefined : 'No pictures of this verse yet. Be the first to make one.'}
            label={`Pictures of ${passageName(reference)}`}
            onOpen={show}
            remake={async (v) => {
              await regenerateVisualization({ id: v.id, reference: v.reference, verseText: v.verseText, translation: v.translation });
            }}
          />
        </>
      )}
    </PicturesDialog>
  );
}
