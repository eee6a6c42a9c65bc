import { Headphones, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { passageName } from '#common/scripture/passage-name.ts';
import { NO_AUDIO_TEXT } from '#common/audio/rules.ts';
import { toastError } from '../../../components/ui/toast-store.ts';
import { cn } from '../../../lib/cn.ts';
import { TOOL_BUTTON, ToolLabel } from '../../../components/ui/ToolLabel.tsx';
import { getAudioState, loadChapterAudio, playerEvent } from '../store/audio-store.ts';

interface Props {
  book: string;
  chapter: number;
  translation: string;
  /** The chapter's text as shown (spec §5: no text, no audio); the server reads its own copy. */
  text: string;
  className?: string;
}

/**
 * Spec §2/§4 reader header Listen: idle → generating (disabled, spinner) → the player opens; an error
 * is a toast and the player stays closed. The chapter already in the player just opens it again.
 */
export function ListenButton({ book, chapter, translation, text, className }: Props) {
  const [generating, setGenerating] = useState(false);
  const title = `${passageName({ book, chapter })} (${translation})`;
  const listen = async () => {
    const { audio } = getAudioState();
    if (audio && audio.book === book && audio.chapter === chapter && audio.translation === translation) return playerEvent({ type: 'expand' });
    if (!text.trim()) return void toastError(NO_AUDIO_TEXT, 'Error');
    setGenerating(true);
    // The request's code (and the player's) loads with the first Listen, not with every page.
    const { chapterAudioError, requestChapterAudio } = await import('../api/audio.ts');
    try {
      const reply = await requestChapterAudio({ book, chapter, text, translation });
      loadChapterAudio({ url: reply.audioUrl, title, book, chapter, translation, duration: reply.duration, verses: reply.verses, startOnLoad: true });
    } catch (error) {
      toastError(chapterAudioError(error), 'Error');
    } finally {
      setGenerating(false);
    }
  };
  return (
    <button
      type="button"
      className={cn(TOOL_BUTTON, className)}
      aria-label={generating ? `Preparing audio of ${title}` : `Listen to ${title}`}
      disabled={generating}
      aria-busy={generating}
      onClick={() => void listen()}
    >
      {generating ? <Loader2 aria-hidden size={20} className="animate-spin" /> : <Headphones aria-hidden size={20} />}
      <ToolLabel>{generating ? 'Preparing…' : 'Listen'}</ToolLabel>
    </button>
  );
}
