import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { AUDIO_MESSAGES } from '#common/audio/rules.ts';
import type { DailyPrayer } from '#common/contracts/daily.ts';
import { toastError } from '../../../components/ui/toast-store.ts';
import { chapterAudioError } from '../../audio/api/audio.ts';
import { AudioDialog } from '../../audio/components/AudioDialog.tsx';
import { requestPrayerAudio } from '../../daily/api/prayer-audio.ts';
import { formatDate } from '#common/dates/format-date.ts';

/**
 * The prayer read aloud, as the verse audio plays (spec §4): the dialog says the audio is being
 * prepared, then the app's player plays it at once; closing stops it. A failed request closes the
 * dialog with the spec's words in a toast. Loaded with the first Listen.
 */
export default function PrayerAudioDialog({
  prayer,
  onClose,
  returnFocus,
}: {
  prayer: DailyPrayer;
  onClose: () => void;
  /** Radix gives focus back to a DialogTrigger; the Listen button opens this dialog without one. */
  returnFocus: () => void;
}) {
  const audio = useQuery({
    queryKey: ['audio', 'prayer', prayer.id],
    queryFn: () => requestPrayerAudio(prayer.id),
    retry: false,
    // The server makes it once and keeps it: the address stays good while the page is open.
    staleTime: Infinity,
  });

  const error = audio.error;
  const reported = useRef<unknown>(null);
  useEffect(() => {
    if (!error || reported.current === error) return;
    reported.current = error;
    toastError(chapterAudioError(error), AUDIO_MESSAGES.unavailableTitle);
    onClose();
  }, [error, onClose]);

  return (
    <AudioDialog
      title={prayer.title}
      description={`Prayer for ${formatDate(prayer.day, 'weekday') ?? prayer.day}`}
      closeLabel="Close prayer audio"
      audio={audio}
      testId="prayer-audio"
      onClose={onClose}
      onCloseAutoFocus={(e) => {
        e.preventDefault();
        returnFocus();
      }}
    />
  );
}
