import { passageName } from '#common/scripture/passage-name.ts';
import { useQuery } from '@tanstack/react-query';
import { AUDIO_MESSAGES } from '#common/audio/rules.ts';
import { requestVerseAudio } from '../api/audio.ts';
import { AudioDialog } from './AudioDialog.tsx';

/**
 * Spec §4 verse audio: a loading dialog while the verses are read, then a player that plays at once;
 * closing it clears it. Separate from the chapter player: it never minimizes.
 */
export default function VerseAudioDialog({
  reference,
  text,
  translation,
  onClose,
}: {
  reference: string;
  text: string;
  translation: string;
  onClose: () => void;
}) {
  const audio = useQuery({
    queryKey: ['audio', 'verse', reference, translation],
    queryFn: () => requestVerseAudio({ reference, text, translation }),
    retry: false,
    staleTime: Infinity,
  });
  return (
    <AudioDialog
      title={`${passageName(reference)} (${translation})`}
      description="Verse audio"
      closeLabel="Close verse audio"
      audio={audio}
      failure={audio.isError ? AUDIO_MESSAGES.verseFailed : null}
      testId="verse-audio"
      onClose={onClose}
    />
  );
}
