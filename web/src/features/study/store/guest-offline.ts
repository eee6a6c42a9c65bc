import type { Highlight, Note } from '#common/contracts/study.ts';
import { GUEST_USER_ID, noteTitle, type NoteType } from '#common/study/rules.ts';
import { NETWORK_ERROR } from '../../../lib/api-client.ts';

/**
 * A guest's notes and highlights live in this browser; the server only shapes them. Without a network
 * (issue 18) the browser shapes them itself, so a guest reading offline can still mark and write.
 */
export async function orMadeHereForGuest<T>(signedIn: boolean, send: () => Promise<T>, makeHere: () => T): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (!signedIn && error instanceof Error && error.message === NETWORK_ERROR) return makeHere();
    throw error;
  }
}

export function guestNoteMadeHere(input: { type: NoteType; content: string; reference: string }): Note {
  const now = new Date().toISOString();
  const reference = input.reference.trim();
  return {
    id: crypto.randomUUID(),
    type: input.type,
    content: input.content.trim(),
    reference,
    title: noteTitle(input.type, reference),
    userId: GUEST_USER_ID,
    createdAt: now,
    updatedAt: now,
  };
}

export function guestHighlightMadeHere(input: Pick<Highlight, 'verse' | 'color' | 'reference' | 'text'>): Highlight {
  return { id: crypto.randomUUID(), ...input, userId: GUEST_USER_ID, createdAt: new Date().toISOString() };
}
