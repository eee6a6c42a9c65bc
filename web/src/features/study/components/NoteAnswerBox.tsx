import { Sparkles } from 'lucide-react';
import type { Note } from '#common/contracts/study.ts';
import { AnswerText } from '../../chat/components/AnswerText.tsx';
import { useNoteAnswer } from '../api/note-answers.ts';

/** Spec §2 Ask AI per note: the button, 'Thinking...', then the answer (marked when it was not kept). */
export function NoteAnswerBox({ note, translation }: { note: Note; translation: string }) {
  const { answer, asking, ask } = useNoteAnswer(note, translation);
  if (asking) {
    return (
      <p role="status" className="mt-2 flex items-center gap-2 text-sm text-stone-700 dark:text-stone-300">
        <Sparkles aria-hidden size={16} className="animate-pulse" /> Thinking...
      </p>
    );
  }
  if (!answer) {
    return (
      <button type="button" className="button-ghost mt-1 -ml-2 text-sm" onClick={ask} aria-label={`Ask AI about ${note.title}`}>
        <Sparkles aria-hidden size={16} /> Ask AI
      </button>
    );
  }
  return (
    <section aria-label={`AI answer for ${note.title}`} className="mt-3 rounded-lg bg-stone-100 p-3 text-sm dark:bg-stone-800" data-testid="note-answer">
      <p className="mb-1 flex items-center gap-1.5 text-xs font-semibold tracking-wide text-stone-700 uppercase dark:text-stone-300">
        <Sparkles aria-hidden size={14} /> AI answer{answer.saved ? '' : ' · not saved'}
      </p>
      <AnswerText reply={answer.reply} />
    </section>
  );
}
