import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Copy, History, MessageCircle, RotateCcw, Send, Square, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { AI_QUESTION_MAX } from '#common/ai/limits.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast, toastError } from '../../../components/ui/toast-store.ts';
import { Dialog, DialogClose, DialogTitle } from '../../../components/ui/dialog.tsx';
import { SheetContent } from '../../../components/ui/sheet.tsx';
import { usePreferredTranslation } from '../../translations/store/preferred-translation.ts';
import { currentUserQuery } from '../../auth/api/auth.ts';
import { askAiStream, CHAT_CHIPS, conversationContext, type ChatTurn } from '../api/chat.ts';
import { conversationQuery, keepTurn, titleFor } from '../api/conversations.ts';
import { trackQuestion } from '../api/question-history.ts';
import { AnswerText } from '../components/AnswerText.tsx';
import { ConversationList } from '../components/ConversationList.tsx';
import { QueuedNotice } from '../components/QueuedNotice.tsx';

/**
 * /chat: questions answered from Scripture, every reference checked and linked to the reader. Each
 * answered question is kept in its conversation (on the account, or in this browser for a guest), and
 * `c` in the address opens a kept one.
 */
export function ChatPage({ q, c }: { q?: string; c?: string }) {
  const translation = usePreferredTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [turns, setTurns] = useState<ChatTurn[]>([]);
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const [listOpen, setListOpen] = useState(false);
  const sentFromUrl = useRef(false);
  const stopper = useRef<AbortController | null>(null);
  const end = useRef<HTMLDivElement>(null);
  /** The conversation on the page: made when its first question is asked, named after that question. */
  const conversation = useRef<{ id: string; title: string } | null>(null);
  /** The `c` the page last followed, so that only a change of address opens or clears a conversation. */
  const followed = useRef<string | undefined>(undefined);
  /** Counts fresh starts: an answer still arriving for a conversation left behind does not show. */
  const generation = useRef(0);

  const ask = useCallback(
    async (question: string, earlier: ChatTurn[]) => {
      const text = question.trim();
      // Spec §5: a blank question is ignored.
      if (!text || busy) return;
      setBusy(true);
      const mine = generation.current;
      const show = (next: ChatTurn[]) => {
        if (generation.current === mine) setTurns(next);
      };
      const id = crypto.randomUUID();
      const createdAt = new Date().toISOString();
      show([...earlier, { id, question: text }]);
      const stop = new AbortController();
      stopper.current = stop;
      try {
        const context = conversationContext(earlier);
        const reply = await askAiStream(
          queryClient,
          { question: text, context, translation },
          (draft) => show([...earlier, { id, question: text, draft }]),
          stop.signal,
          (place) => show([...earlier, { id, question: text, place }]),
        );
        show([...earlier, { id, question: text, reply }]);
        void trackQuestion({ question: text, context, aiResponse: reply.response });
        if (generation.current !== mine) return;
        const kept = (conversation.current ??= { id: crypto.randomUUID(), title: titleFor(text) });
        void keepTurn(queryClient, kept, { id, question: text, reply, createdAt })
          .then(() => {
            // The address names the conversation once it is kept, so a reload or a shared tab finds it.
            if (conversation.current?.id === kept.id && followed.current !== kept.id) {
              followed.current = kept.id;
              void navigate({ to: '/chat', search: { c: kept.id }, replace: true });
            }
          })
          .catch((error: unknown) => toastError(errorMessage(error), 'This answer was not kept'));
      } catch (error) {
        const stopped = stop.signal.aborted;
        show([...earlier, { id, question: text, error: stopped ? 'You stopped this answer.' : errorMessage(error) || 'Failed to generate response.' }]);
      } finally {
        stopper.current = null;
        setBusy(false);
      }
    },
    [busy, translation, queryClient, navigate],
  );

  // Spec §2: /chat?q=… (the home page's box and chips) asks once; the address then names the conversation.
  useEffect(() => {
    if (!q || sentFromUrl.current) return;
    sentFromUrl.current = true;
    void ask(q, []);
  }, [q, ask]);

  // A conversation chosen from the list (or the address at load) is opened; a plain /chat starts afresh.
  useEffect(() => {
    if (c === followed.current) return;
    followed.current = c;
    if (c && conversation.current?.id === c) return;
    generation.current++;
    stopper.current?.abort();
    conversation.current = null;
    setTurns([]);
    if (!c) return;
    // Still the conversation asked for (not another chosen since)?
    const current = () => followed.current === c;
    void queryClient
      .ensureQueryData(currentUserQuery)
      .then((user) => queryClient.fetchQuery(conversationQuery(c, Boolean(user))))
      .then((found) => {
        if (!current()) return;
        if (!found) {
          toastError('This conversation was not found.', 'Not found');
          void navigate({ to: '/chat', search: {}, replace: true });
          return;
        }
        conversation.current = { id: found.id, title: found.title };
        setTurns(found.turns.map((t) => ({ id: t.id, question: t.question, reply: t.reply })));
      })
      .catch((error: unknown) => current() && toastError(errorMessage(error), 'Not opened'));
  }, [c, queryClient, navigate]);

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
  // Also when the address is already plain /chat (a first answer not yet kept), so the effect above would not run.
  const startNew = () => {
    generation.current++;
    stopper.current?.abort();
    conversation.current = null;
    followed.current = undefined;
    setTurns([]);
    void navigate({ to: '/chat', search: {} });
  };

  return (
    <div className="mx-auto flex max-w-6xl gap-6 px-4 sm:px-6">
      <aside className="hidden w-64 shrink-0 xl:block">
        {/* Below the site's sticky top bar (3.5 rem). */}
        <div className="sticky top-14 max-h-[calc(100dvh-3.5rem)] overflow-y-auto pt-6 pb-4">
          <ConversationList activeId={c} onNew={startNew} />
        </div>
      </aside>
      <div className="mx-auto flex min-h-[calc(100dvh-3.5rem)] max-w-3xl min-w-0 flex-1 flex-col gap-4 pt-6 pb-4">
        <header className="flex items-start justify-between gap-3">
          <div>
            <h1 className="font-serif text-3xl font-semibold">Bible Chat</h1>
            <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">
              Ask about a passage, a topic or what is on your mind. Every reference in an answer is checked against the Bible before you see it.
            </p>
          </div>
          <Dialog open={listOpen} onOpenChange={setListOpen}>
            <button type="button" className="button-secondary min-h-11 shrink-0 xl:hidden" onClick={() => setListOpen(true)}>
              <History aria-hidden size={18} />
              <span className="sr-only sm:not-sr-only">Conversations</span>
            </button>
            <SheetContent side="left" className="overflow-y-auto p-4" aria-describedby={undefined}>
              <div className="mb-3 flex items-center justify-between">
                <DialogTitle className="px-1 font-serif text-xl font-semibold">Conversations</DialogTitle>
                <DialogClose
                  className="inline-flex h-11 w-11 items-center justify-center rounded-full text-stone-700 hover:bg-stone-200 dark:text-stone-200 dark:hover:bg-stone-800"
                  aria-label="Close conversations"
                >
                  <X aria-hidden size={20} />
                </DialogClose>
              </div>
              <ConversationList activeId={c} onNew={startNew} onPick={() => setListOpen(false)} />
            </SheetContent>
          </Dialog>
        </header>

        <ol className="flex flex-1 flex-col gap-5" aria-label="Conversation" aria-live="polite" aria-busy={busy}>
          {turns.map((turn, i) => (
            <li key={turn.id} className="flex flex-col gap-3">
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
  if (!turn.reply && turn.place) {
    return <QueuedNotice place={turn.place} />;
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
