import { useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { Highlight, Note } from '#common/contracts/study.ts';
import { NOTE_CHANGED_ELSEWHERE } from '#common/study/rules.ts';
import { ApiError, apiRequest, NETWORK_ERROR } from '../../../lib/api-client.ts';
import { localList } from '../../../lib/local-list.ts';
import { STORAGE_KEYS } from '../../../lib/storage.ts';
import { toast, toastError } from '../../../components/ui/toast-store.ts';

/**
 * A signed-in person's note and highlight changes made without a network (issue 18 §3), or while the site
 * does not answer (an app process restarting): kept in this browser, in order (so closing the tab loses
 * nothing), and sent when the network returns or the site answers again, each once.
 * A note carries the id the browser chose, so the server recognises one sent twice; a highlight is one
 * per verse, so sending it again changes nothing; deleting what is gone is done.
 */
export type PendingChange =
  | { id: string; kind: 'note-create'; note: Note }
  | { id: string; kind: 'note-edit'; note: Note; content: string; baseUpdatedAt: string }
  | { id: string; kind: 'note-delete'; noteId: string }
  | { id: string; kind: 'highlight-set'; highlight: Highlight }
  | { id: string; kind: 'highlight-delete'; highlightId: string; verse: string };

const queue = localList<PendingChange>(STORAGE_KEYS.pendingStudyChanges);
const listeners = new Set<() => void>();
let snapshot: PendingChange[] | undefined;
const changed = () => {
  snapshot = undefined;
  listeners.forEach((l) => l());
};

export function pendingChanges(): PendingChange[] {
  return (snapshot ??= queue.read());
}

/** The changes waiting, oldest first, for lists to show them before the server has them. */
export function usePendingChanges(): PendingChange[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    pendingChanges,
    () => EMPTY,
  );
}
const EMPTY: PendingChange[] = [];

/** Client-made ids of highlights not yet on the server. */
export const PENDING_ID_PREFIX = 'pending-';

function keep(change: PendingChange): void {
  let waiting = queue.read();
  // Undoing what has not left yet: it simply does not leave.
  if (change.kind === 'note-delete' && waiting.some((c) => c.kind === 'note-create' && c.note.id === change.noteId)) {
    waiting = waiting.filter((c) => !('note' in c && c.note.id === change.noteId));
  } else if (change.kind === 'highlight-delete') {
    waiting = waiting.filter((c) => !(c.kind === 'highlight-set' && c.highlight.verse === change.verse));
    if (!change.highlightId.startsWith(PENDING_ID_PREFIX)) waiting.push(change);
  } else if (change.kind === 'note-edit' && waiting.some((c) => c.kind === 'note-create' && c.note.id === change.note.id)) {
    // A note written and edited offline goes as it is now.
    waiting = waiting.map((c) => (c.kind === 'note-create' && c.note.id === change.note.id ? { ...c, note: { ...c.note, content: change.content } } : c));
  } else if (change.kind === 'note-edit' && waiting.some((c) => c.kind === 'note-edit' && c.note.id === change.note.id)) {
    // Edited twice offline: one edit, on what the note was when the first was made.
    waiting = waiting.map((c) => (c.kind === 'note-edit' && c.note.id === change.note.id ? { ...c, content: change.content } : c));
  } else waiting.push(change);
  queue.write(waiting);
  changed();
}

let client: QueryClient | undefined;

/** Sends what waits now and whenever the network returns; lists are read again once it has gone. */
export function syncPendingChanges(queryClient: QueryClient): () => void {
  client = queryClient;
  const send = () => void sendPendingChanges();
  send();
  window.addEventListener('online', send);
  return () => window.removeEventListener('online', send);
}

/**
 * The change did not reach a working app: no network, or a proxy or app that says to come back (an app
 * process restarting or killed, the database away). It waits on this device and goes again later;
 * anything else is the server's answer.
 */
const TRY_AGAIN_STATUSES = new Set([502, 503, 504]);
const unanswered = (error: unknown) =>
  (error instanceof Error && error.message === NETWORK_ERROR) || (error instanceof ApiError && TRY_AGAIN_STATUSES.has(error.status));

/** How long a change that met an unanswering site waits before it goes again; doubled each time it waits once more. */
const RETRY_FIRST_MS = 2_000;
const RETRY_MOST_MS = 60_000;
let retryIn = RETRY_FIRST_MS;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

// Without a network the browser says when it returns ('online'); a site that does not answer says nothing, so it is asked again.
function tryAgainLater(): void {
  if (retryTimer !== undefined || typeof window === 'undefined' || !navigator.onLine) return;
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    void sendPendingChanges();
  }, retryIn);
  retryIn = Math.min(retryIn * 2, RETRY_MOST_MS);
}

/** What a change sends. */
function request(change: PendingChange): [method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown] {
  switch (change.kind) {
    case 'note-create': {
      const { id, type, content, reference, title } = change.note;
      return ['POST', '/api/notes', { id, type, content, reference, title }];
    }
    case 'note-edit':
      return ['PATCH', `/api/notes/${encodeURIComponent(change.note.id)}`, { content: change.content, baseUpdatedAt: change.baseUpdatedAt }];
    case 'note-delete':
      return ['DELETE', `/api/notes/${encodeURIComponent(change.noteId)}`];
    case 'highlight-set': {
      const { verse, color, reference, text } = change.highlight;
      return ['POST', '/api/highlights', { verse, color, reference, text }];
    }
    case 'highlight-delete':
      return ['DELETE', `/api/highlights/${encodeURIComponent(change.highlightId)}`];
  }
}

/**
 * Sends a change now, or keeps it for later when there is no network. Resolves with the server's reply,
 * or undefined when it was kept.
 */
export async function sendOrKeep<T>(change: PendingChange): Promise<T | undefined> {
  // Behind other waiting changes, it waits too: the order they were made in is the order they arrive.
  if (pendingChanges().length > 0) {
    keep(change);
    void sendPendingChanges();
    return undefined;
  }
  try {
    return await apiRequest<T>(...request(change));
  } catch (error) {
    if (!unanswered(error)) throw error;
    keep(change);
    tryAgainLater();
    return undefined;
  }
}

/** An edit that met a newer one made elsewhere: both are kept, the offline one as a note of its own. */
async function keepBoth(change: Extract<PendingChange, { kind: 'note-edit' }>): Promise<void> {
  const { type, reference, title } = change.note;
  await apiRequest('POST', '/api/notes', {
    id: crypto.randomUUID(),
    type,
    reference,
    title: `${title} (edited offline)`.slice(0, 200),
    content: change.content,
  });
  toast({
    title: 'Both versions kept',
    description: `“${title}” was changed on another device while you were offline. Your offline edit is kept beside it as a note of its own.`,
    duration: 8000,
  });
}

let sending: Promise<void> | undefined;

/**
 * Sends what is waiting, oldest first, each once: a change leaves the queue when the server has it (or
 * has refused it for good, which is said); without a network, or while the site does not answer, the
 * rest waits for the next try. One sending at a time.
 */
export function sendPendingChanges(queryClient: QueryClient | undefined = client): Promise<void> {
  // Cleared once the sending has settled, never from inside it: with nothing waiting it runs to its
  // end before `??=` stores it, and a clearing from within would be overwritten, every later call
  // then answered with that settled promise and nothing sent again until the page was reloaded.
  sending ??= sendWaiting(queryClient).finally(() => {
    sending = undefined;
  });
  return sending;
}

async function sendWaiting(queryClient: QueryClient | undefined): Promise<void> {
  let sent = 0;
  for (let next = queue.read()[0]; next; next = queue.read()[0]) {
    try {
      await apiRequest(...request(next));
    } catch (error) {
      if (unanswered(error)) return tryAgainLater();
      if (error instanceof ApiError && error.status === 409 && next.kind === 'note-edit' && error.serverMessage === NOTE_CHANGED_ELSEWHERE) {
        try {
          await keepBoth(next);
        } catch (again) {
          if (unanswered(again)) return tryAgainLater();
          throw again;
        }
      } else if (!(error instanceof ApiError && error.status === 404 && next.kind.endsWith('-delete'))) {
        // Refused for good (the account is full, the verse is unknown…): said, and not tried again.
        toastError(error instanceof ApiError ? (error.serverMessage ?? error.message) : 'A change made offline could not be saved.', 'Not saved');
      }
    }
    queue.write(queue.read().filter((c) => c.id !== next.id));
    changed();
    sent += 1;
    retryIn = RETRY_FIRST_MS;
  }
  if (sent > 0 && queryClient)
    await Promise.all([queryClient.invalidateQueries({ queryKey: ['notes'] }), queryClient.invalidateQueries({ queryKey: ['highlights'] })]);
}

/**
 * The waiting changes drawn into a list of notes: new ones first (unless `created: false`, for a
 * filtered page they may not belong on), edits applied, deleted ones gone.
 */
export function withPendingNotes(notes: readonly Note[], pending: readonly PendingChange[], { created = true } = {}): Note[] {
  let out = [...notes];
  for (const change of pending) {
    if (created && change.kind === 'note-create' && !out.some((n) => n.id === change.note.id)) out = [change.note, ...out];
    if (change.kind === 'note-edit') out = out.map((n) => (n.id === change.note.id ? { ...n, content: change.content } : n));
    if (change.kind === 'note-delete') out = out.filter((n) => n.id !== change.noteId);
  }
  return out;
}

/** The waiting changes drawn into a list of highlights (one per verse), as for notes. */
export function withPendingHighlights(highlights: readonly Highlight[], pending: readonly PendingChange[], { created = true } = {}): Highlight[] {
  let out = [...highlights];
  for (const change of pending) {
    if (change.kind === 'highlight-set') {
      const known = out.some((h) => h.verse === change.highlight.verse);
      if (known) out = out.map((h) => (h.verse === change.highlight.verse ? { ...h, color: change.highlight.color } : h));
      else if (created) out = [change.highlight, ...out];
    }
    if (change.kind === 'highlight-delete') out = out.filter((h) => h.id !== change.highlightId && h.verse !== change.verse);
  }
  return out;
}
