import { useNavigate } from '@tanstack/react-router';
import { Copy, MessageCircle, RotateCcw, Send, Square } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { AI_QUESTION_MAX } from '#common/ai/limits.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../components/ui/toast-store.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { usePreferredTranslation } from '../../translations/api/preferred-translation.ts';
import { askAiStream, CHAT_CHIPS, conversationContext, type ChatTurn } from '../api/chat.ts';
import { trackQuestion } from '../api/question-history.ts';
import { AnswerText } from '../components/AnswerText.tsx';

/** /chat: questions answered from Scripture, every reference checked and linked to the reader. */
export function ChatPage({ q }: { q?: string }) {
  useDocumentTitle('Bible Chat');
  const translation = usePreferredTranslation();
  const navigate = useNavigate();
  const [turns, setTurns] = useState<ChatTurn[]>([]);
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const sentFromUrl = useRef(false);
  const stopper = useRef<AbortController | null>(null);
  const end = useRef<HTMLDivElement>(null);

  const ask = useCallback(
    async (question: string, earlier: ChatTurn[]) => {
      const text = question.trim();
      // Spec §5: a blank question is ignored.
      if (!text || busy) return;
      setBusy(true);
      setTurns([...earlier, { question: text }]);
      const stop = new AbortController();
      stopper.current = stop;
      try {
        const context = conversationContext(earlier);
        const reply = await askAiStream({ question: text, context, translation }, (draft) => setTurns([...earlier, { question: text, draft }]), stop.signal);
        setTurns([...earlier, { question: text, reply }]);
        void trackQuestion({ question: text, context, aiResponse: reply.response });
      } catch (error) {
        const stopped = stop.signal.aborted;
        setTurns([...earlier, { question: text, error: stopped ? 'You stopped this answer.' : errorMessage(error) || 'Failed to generate response.' }]);
      } finally {
        stopper.current = null;
        setBusy(false);
      }
    },
    [busy, translation],
  );

  // Spec §2: /chat?q=… (the home page's box and chips) asks once, then the address is plain /chat.
  useEffect(() => {
    if (!q || sentFromUrl.current) return;
    sentFromUrl.current = true;
    void ask(q, []);
    void navigate({ to: '/chat', search: {}, replace: true });
  }, [q, ask, navigate]);

  // Braces: scrollIntoView returns a promise in newer browsers, and an effect may return only a cleanup.
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end', behavior: 'smooth' });
  }, [turns]);

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (!draft.trim() || busy) return;
    void ask(draft, turns);
    setDraft('');
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter starts a new line.
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) submit(e);
  };

  return (
    <div className="mx-auto flex min-h-[calc(100dvh-3.5rem)] max-w-3xl flex-col gap-4 px-4 pt-6 pb-4 sm:px-6">
      <header>
        <h1 className="font-serif text-3xl font-semibold">Bible Chat</h1>
        <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">
          Ask about a passage, a topic or what is on your mind. Every reference in an answer is checked against the Bible before you see it.
        </p>
      </header>

      <ol className="flex flex-1 flex-col gap-5" aria-label="Conversation" aria-live="polite" aria-busy={busy}>
        {turns.map((turn, i) => (
          <li key={i} className="flex flex-col gap-3">
            <p className="max-w-[85%] self-end rounded-2xl rounded-br-sm bg-orange-100 px-4 py-2.5 whitespace-pre-wrap text-stone-900 dark:bg-orange-950 dark:text-orange-50">
              <span className="sr-only">You asked: </span>
              {turn.question}
            </p>
            <Answer turn={turn} onRetry={() => void ask(turn.question, turns.slice(0, i))} retryable={i === turns.length - 1 && !busy} />
          </li>
        ))}
      </ol>

      {turns.length === 0 && (
        <section aria-labelledby="suggestions" className="flex flex-col gap-2">
          <h2 id="suggestions" className="text-sm font-semibold text-stone-700 dark:text-stone-300">
            Try one of these
          </h2>
          <div className="flex flex-wrap gap-2">
            {CHAT_CHIPS.map((chip) => (
              <button key={chip.label} type="button" className="button-secondary" onClick={() => void ask(chip.question, [])}>
                {chip.question}
              </button>
            ))}
          </div>
        </section>
      )}

      <form onSubmit={submit} className="sticky bottom-0 flex items-end gap-2 bg-stone-50 pt-2 pb-[env(safe-area-inset-bottom)] dark:bg-stone-950">
        <label htmlFor="chat-input" className="sr-only">
          Ask a question
        </label>
        <textarea
          id="chat-input"
          rows={2}
          className="input min-h-12 flex-1 resize-none"
          placeholder="Ask a question about the Bible"
          value={draft}
          maxLength={AI_QUESTION_MAX}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKey}
        />
        {busy ? (
          <button type="button" className="button-secondary h-12 px-4" onClick={() => stopper.current?.abort()}>
            <Square aria-hidden size={16} />
            <span className="sr-only sm:not-sr-only">Stop</span>
          </button>
        ) : (
          <button type="submit" className="button-primary h-12 px-4" disabled={!draft.trim()}>
            <Send aria-hidden size={18} />
            <span className="sr-only sm:not-sr-only">Send</span>
          </button>
        )}
      </form>
      <div ref={end} />
    </div>
  );
}

function Answer({ turn, onRetry, retryable }: { turn: ChatTurn; onRetry: () => void; retryable: boolean }) {
  if (turn.error) {
    return (
      <div role="alert" className="card flex flex-col items-start gap-2">
        <p className="font-semibold">Failed to generate response.</p>
        <p className="text-sm text-stone-700 dark:text-stone-300">{turn.error}</p>
        {retryable && (
          <button type="button" className="button-secondary" onClick={onRetry}>
            <RotateCcw aria-hidden size={16} /> Try again
          </button>
        )}
      </div>
    );
  }
  if (!turn.reply && turn.draft) {
    // Unchecked words: shown as a draft, plain text with no links, until the checked answer replaces it.
    return (
      <article className="card flex flex-col gap-2" aria-label="Answer being written" aria-busy="true">
        <p className="leading-7 whitespace-pre-wrap text-stone-700 dark:text-stone-300">{turn.draft}</p>
        <p className="text-xs text-stone-600 dark:text-stone-400" role="status">
          Writing… references are checked before the answer is shown.
        </p>
      </article>
    );
  }
  if (!turn.reply) {
    return (
      <p className="flex items-center gap-2 text-stone-700 dark:text-stone-300" role="status">
        <MessageCircle aria-hidden size={18} className="animate-pulse" /> Thinking...
      </p>
    );
  }
  const reply = turn.reply;
  const copy = () =>
    void navigator.clipboard
      .writeText(reply.response)
      .then(() => toast({ title: 'Answer copied', duration: 2000 }))
      .catch(() => toast({ title: 'Unable to copy the answer', duration: 3000 }));
  return (
    <article className="card flex flex-col gap-2" aria-label="Answer">
      <AnswerText reply={reply} />
      <div className="flex justify-end">
        <button type="button" className="button-ghost text-sm" onClick={copy}>
          <Copy aria-hidden size={16} /> Copy
        </button>
      </div>
    </article>
  );
}
