import { passageName } from '#common/scripture/passage-name.ts';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Send, Sparkles, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { AskReply } from '#common/contracts/ai.ts';
import { AI_QUESTION_MAX } from '#common/ai/limits.ts';
import { Dialog, DialogClose, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { SheetContent } from '../../../components/ui/sheet.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { askAi } from '../api/chat.ts';
import { AnswerText } from './AnswerText.tsx';

/**
 * Spec §2 verse menu 'ask the AI': a question about the selected verses, asked with their reference
 * and text, answered in place, and taken on to /chat if the person wants to keep talking.
 */
export default function AskDialog({ reference, text, translation, onClose }: { reference: string; text: string; translation: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [question, setQuestion] = useState('');
  const [asked, setAsked] = useState('');
  const [reply, setReply] = useState<AskReply | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const name = passageName(reference);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const q = question.trim() || `What does ${name} mean?`;
    setBusy(true);
    setError(null);
    setAsked(q);
    try {
      setReply(await askAi(queryClient, { question: q, context: `${reference} (${translation}): ${text}`, reference, translation }));
    } catch (failure) {
      setReply(null);
      setError(errorMessage(failure) || 'Failed to generate response.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <SheetContent side="right" className="flex flex-col" data-testid="ask-dialog">
        <div className="flex items-start justify-between gap-2 border-b border-stone-200 px-4 py-3 dark:border-stone-800">
          <div>
            <DialogTitle className="font-serif text-xl font-semibold">Ask AI</DialogTitle>
            <DialogDescription className="text-sm text-stone-600 dark:text-stone-400">
              About {name} · {translation}
            </DialogDescription>
          </div>
          <DialogClose className="icon-button" aria-label="Close Ask AI">
            <X aria-hidden size={20} />
          </DialogClose>
        </div>
        <div className="flex flex-1 flex-col gap-4 overflow-y-auto px-4 py-4">
          <blockquote className="border-l-4 border-orange-300 pl-3 font-serif leading-7 dark:border-orange-800">{text}</blockquote>
          <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-2">
            <label htmlFor="ask-question" className="text-sm font-medium">
              Your question
            </label>
            <textarea
              id="ask-question"
              rows={2}
              className="input resize-none"
              placeholder={`What does ${name} mean?`}
              maxLength={AI_QUESTION_MAX}
              value={question}
              onChange={(e) => setQuestion(e.target.value)}
            />
            <button type="submit" className="button-primary self-end" disabled={busy}>
              <Send aria-hidden size={16} /> Ask
            </button>
          </form>
          {busy && (
            <p role="status" className="flex items-center gap-2 text-sm">
              <Sparkles aria-hidden size={16} className="animate-pulse" /> Thinking...
            </p>
          )}
          {error && (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
              Failed to generate response. {error}
            </p>
          )}
          {reply && !busy && (
            <article aria-label="Answer" className="card flex flex-col gap-3">
              <AnswerText reply={reply} />
              <Link to="/chat" search={{ q: `${asked} (${name})` }} className="button-secondary self-start no-underline">
                Continue in chat
              </Link>
            </article>
          )}
        </div>
      </SheetContent>
    </Dialog>
  );
}
