import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { CONVERSATION_LIMITS } from '#common/ai/limits.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFocusOnOpen } from '../../../lib/hooks/use-focus-on-open.ts';
import { toastError } from '../../../components/ui/toast-store.ts';
import { useCurrentUser } from '../../auth/api/auth.ts';
import { CONVERSATIONS_KEY, conversationsQuery, deleteConversation, renameConversation, type ConversationSummary } from '../api/conversations.ts';
import { countOf, en } from '#common/text/plural.ts';
import { formatDate } from '#common/dates/format-date.ts';

const ROW_BUTTON =
  'inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-stone-700 hover:bg-stone-200 dark:text-stone-200 dark:hover:bg-stone-800';

/**
 * The kept conversations, newest first, a page at a time: open one, rename it, delete it. `onPick`
 * hears any choice (the phone's sheet closes on it).
 */
export function ConversationList({ activeId, onNew, onPick }: { activeId?: string; onNew: () => void; onPick?: () => void }) {
  const signedIn = Boolean(useCurrentUser().data);
  const list = useInfiniteQuery(conversationsQuery(signedIn));
  const conversations = list.data?.pages.flatMap((page) => page.conversations) ?? [];
  return (
    <nav aria-label="Your conversations" className="flex flex-col gap-3">
      <button
        type="button"
        className="button-secondary min-h-11"
        onClick={() => {
          onNew();
          onPick?.();
        }}
      >
        <Plus aria-hidden size={18} /> New conversation
      </button>
      <h2 className="px-1 text-sm font-semibold text-stone-700 dark:text-stone-300">Your conversations</h2>
      {list.isPending ? (
        <p className="px-1 text-sm text-stone-600 dark:text-stone-400">Loading…</p>
      ) : list.isError ? (
        <p className="px-1 text-sm text-stone-700 dark:text-stone-300">{errorMessage(list.error)}</p>
      ) : conversations.length === 0 ? (
        <p className="px-1 text-sm text-stone-600 dark:text-stone-400">Questions you ask are kept here.</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {conversations.map((c) => (
            <ConversationItem
              key={c.id}
              conversation={c}
              active={c.id === activeId}
              signedIn={signedIn}
              onPick={onPick}
              onDeleted={() => c.id === activeId && onNew()}
            />
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <button type="button" className="button-ghost min-h-11" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {list.isFetchingNextPage ? 'Loading…' : 'Show more'}
        </button>
      )}
      {!signedIn && (
        <p className="px-1 text-xs text-stone-600 dark:text-stone-400">
          Kept in this browser (the newest {CONVERSATION_LIMITS.perGuest}).{' '}
          <Link to="/auth" search={{ mode: 'signin', next: '/chat' }} className="underline">
            Sign in
          </Link>{' '}
          to keep them on your account.
        </p>
      )}
    </nav>
  );
}

function ConversationItem({
  conversation,
  active,
  signedIn,
  onPick,
  onDeleted,
}: {
  conversation: ConversationSummary;
  active: boolean;
  signedIn: boolean;
  onPick?: () => void;
  onDeleted: () => void;
}) {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<'show' | 'rename' | 'confirm'>('show');
  const [title, setTitle] = useState(conversation.title);
  const focusOnOpen = useFocusOnOpen<HTMLElement>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });

  const rename = (e: FormEvent) => {
    e.preventDefault();
    const next = title.trim();
    if (!next) return;
    setMode('show');
    if (next === conversation.title) return;
    void renameConversation(signedIn, conversation.id, next)
      .catch((error: unknown) => toastError(errorMessage(error), 'Not renamed'))
      .finally(() => void refresh());
  };
  const remove = () => {
    setMode('show');
    void deleteConversation(signedIn, conversation.id)
      .then(onDeleted)
      .catch((error: unknown) => toastError(errorMessage(error), 'Not deleted'))
      .finally(() => void refresh());
  };

  if (mode === 'rename') {
    return (
      <li>
        <form onSubmit={rename} className="flex flex-col gap-2 rounded-lg bg-stone-100 p-2 dark:bg-stone-900">
          <label className="sr-only" htmlFor={`rename-${conversation.id}`}>
            Conversation title
          </label>
          <input
            id={`rename-${conversation.id}`}
            ref={focusOnOpen}
            className="input"
            value={title}
            maxLength={CONVERSATION_LIMITS.title}
            onChange={(e) => setTitle(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                // Escape leaves the title as it was without closing the sheet around it.
                e.stopPropagation();
                setTitle(conversation.title);
                setMode('show');
              }
            }}
          />
          <div className="flex justify-end gap-2">
            <button type="button" className="button-ghost min-h-11" onClick={() => setMode('show')}>
              Cancel
            </button>
            <button type="submit" className="button-primary min-h-11" disabled={!title.trim()}>
              Save
            </button>
          </div>
        </form>
      </li>
    );
  }
  return (
    <li className="group">
      <div className={`flex items-center rounded-lg ${active ? 'bg-orange-100 dark:bg-orange-950' : 'hover:bg-stone-100 dark:hover:bg-stone-900'}`}>
        <Link
          to="/chat"
          search={{ c: conversation.id }}
          aria-current={active ? 'page' : undefined}
          onClick={onPick}
          className="flex min-h-11 min-w-0 flex-1 flex-col justify-center px-3 py-1.5 no-underline"
        >
          <span className="line-clamp-2 text-sm font-medium break-words">{conversation.title}</span>
          <span className="text-xs text-stone-600 dark:text-stone-400">
            {formatDate(conversation.updatedAt, 'dayMonth')} · {countOf(conversation.turnCount, en('question'))}
          </span>
        </Link>
        <button type="button" className={ROW_BUTTON} aria-label={`Rename ${conversation.title}`} onClick={() => setMode('rename')}>
          <Pencil aria-hidden size={16} />
        </button>
        <button type="button" className={ROW_BUTTON} aria-label={`Delete ${conversation.title}`} onClick={() => setMode('confirm')}>
          <Trash2 aria-hidden size={16} />
        </button>
      </div>
      {mode === 'confirm' && (
        <div
          role="group"
          aria-label="Confirm delete"
          className="mt-1 flex flex-wrap items-center gap-2 rounded-lg bg-red-50 p-2 text-sm text-red-950 dark:bg-red-950/60 dark:text-red-50"
        >
          <span className="mr-auto font-medium">Delete this conversation?</span>
          <button type="button" ref={focusOnOpen} className="button-secondary min-h-11" onClick={() => setMode('show')}>
            Keep it
          </button>
          <button
            type="button"
            className="button min-h-11 bg-red-700 text-white hover:bg-red-800 dark:bg-red-300 dark:text-red-950 dark:hover:bg-red-200"
            onClick={remove}
          >
            Delete
          </button>
        </div>
      )}
    </li>
  );
}
