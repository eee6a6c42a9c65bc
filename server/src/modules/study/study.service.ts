import type { CheckedReference } from '#common/contracts/ai.ts';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { AiResponseSave, GuestImport, Highlight, highlightInput, Note, noteInput, noteUpdate } from '#common/contracts/study.ts';
import { ACCOUNT_MAX_ITEMS, accountFull, accountOverflow, GUEST_USER_ID, NOTE_CHANGED_ELSEWHERE } from '#common/study/rules.ts';
import { AppError, Invalid, NotFound } from '../../lib/errors.ts';
import { requireUser, type Viewer } from '../../access/viewer.ts';
import type { HighlightRow, ListFilter, NoteRow, StudyRepository } from './study.repository.ts';
import { checkHighlight, checkNote } from './study-rules.ts';

export interface Page<T> {
  items: T[];
  total: number;
}

/**
 * Highlights and notes. A signed-in user's are kept on the server and only ever reached through their
 * user id. A guest's are validated and answered as guest-owned with a fresh id, but stored only in the
 * browser (spec §3 userId 'guest', §6): nothing of a guest is written here.
 */
export class StudyService {
  constructor(
    private readonly repository: StudyRepository,
    /** Checks an answer's references against the store, so a stored answer links them as a fresh one does. */
    private readonly checkAnswer: (text: string, translation: string) => Promise<CheckedReference[]> = async () => [],
  ) {}

  async listHighlights(viewer: Viewer, filter: ListFilter & { color?: string }): Promise<Page<Highlight>> {
    if (viewer.kind === 'guest') return { items: [], total: 0 };
    const { rows, total } = await this.repository.listHighlights(viewer.userId, filter);
    return { items: rows.map(presentHighlight), total };
  }

  async addHighlight(viewer: Viewer, input: z.infer<typeof highlightInput>): Promise<Highlight> {
    const row = { id: randomUUID(), ...checkHighlight(input) };
    if (viewer.kind === 'guest') return { ...row, userId: GUEST_USER_ID, createdAt: new Date().toISOString() };
    // Marking a verse again only changes its colour; a new verse must fit in the account.
    if (!(await this.repository.hasHighlight(viewer.userId, row.verse)) && (await this.repository.countHighlights(viewer.userId)) >= ACCOUNT_MAX_ITEMS) {
      throw new AppError(409, accountFull('highlight'));
    }
    return presentHighlight(await this.repository.upsertHighlight({ ...row, userId: viewer.userId }));
  }

  async removeHighlight(viewer: Viewer, id: string): Promise<void> {
    if (viewer.kind === 'guest') return; // a guest's highlights are only in the browser
    if (!(await this.repository.deleteHighlight(viewer.userId, id))) throw new NotFound('Highlight not found.');
  }

  /** Moves a guest's browser data into the signed-in account; safe to repeat (nothing doubles). */
  async importGuest(viewer: Viewer, data: GuestImport): Promise<{ highlights: number; notes: number; aiResponses: number }> {
    const { userId } = requireUser(viewer, 'Sign in to move your notes and highlights into an account.');
    // Each item is checked exactly as a new one would be, and keeps the id the browser gave it.
    const marks = data.highlights.map((h) => ({ id: h.id, ...checkHighlight(h) }));
    const notesIn = data.notes.map((n) => ({ id: n.id, ...checkNote(n) }));
    const aiResponses = data.aiResponses.map(({ id, noteId, prompt, response, translation, reference, saved }) => ({
      id,
      noteId,
      prompt,
      response,
      translation,
      reference,
      saved,
    }));
    const moved = await this.repository.importGuestItems(userId, { highlights: marks, notes: notesIn, aiResponses }, ACCOUNT_MAX_ITEMS);
    if (moved === 'full') throw new AppError(409, accountOverflow('Your notes and highlights stay in this browser.'));
    return moved;
  }

  async listNotes(viewer: Viewer, filter: ListFilter & { type?: string; reference?: string }): Promise<Page<Note>> {
    if (viewer.kind === 'guest') return { items: [], total: 0 };
    const { rows, total } = await this.repository.listNotes(viewer.userId, filter);
    return { items: rows.map(presentNote), total };
  }

  async addNote(viewer: Viewer, input: z.infer<typeof noteInput>): Promise<Note> {
    const row = { ...checkNote(input), id: input.id ?? randomUUID() };
    if (viewer.kind === 'guest') {
      const now = new Date().toISOString();
      return { ...row, userId: GUEST_USER_ID, createdAt: now, updatedAt: now };
    }
    if (input.id) {
      // A note written offline may arrive twice (sent, then sent again after a lost reply): once is kept.
      const known = await this.repository.findNote(viewer.userId, input.id);
      if (known) return presentNote(known);
    }
    if ((await this.repository.countNotes(viewer.userId)) >= ACCOUNT_MAX_ITEMS) throw new AppError(409, accountFull('note'));
    if (!input.id) return presentNote(await this.repository.insertNote({ ...row, userId: viewer.userId }));
    const saved = await this.repository.insertNoteOnce({ ...row, userId: viewer.userId });
    // The id is someone else's: never theirs to read or to change.
    if (!saved || saved.userId !== viewer.userId) throw new AppError(409, 'That note id is already in use. Please save the note again.');
    return presentNote(saved);
  }

  async editNote(viewer: Viewer, id: string, change: z.infer<typeof noteUpdate>): Promise<Note> {
    if (change.content === undefined && change.title === undefined) throw new Invalid('Nothing to change.');
    if (viewer.kind === 'guest') throw new NotFound('Note not found.');
    if (change.baseUpdatedAt !== undefined) {
      const current = await this.repository.findNote(viewer.userId, id);
      if (!current) throw new NotFound('Note not found.');
      if (current.updatedAt.toISOString() !== change.baseUpdatedAt) {
        // The same edit sent again (its first reply was lost when a process stopped) is done, not a clash.
        const alreadySo = (change.content ?? current.content) === current.content && (change.title ?? current.title) === current.title;
        if (alreadySo) return presentNote(current);
        throw new AppError(409, NOTE_CHANGED_ELSEWHERE);
      }
    }
    const saved = await this.repository.updateNote(viewer.userId, id, { content: change.content, title: change.title });
    if (!saved) throw new NotFound('Note not found.');
    return presentNote(saved);
  }

  /** Spec §7 GET /api/ai-responses/note/{noteId}?reference=: the answer stored for a note. */
  /** Spec §7 GET /api/ai-responses/note/{noteId}: `{ id, response }`, and beside them the answer's references checked now. */
  async aiResponse(
    viewer: Viewer,
    noteId: string,
    reference: string,
  ): Promise<{ id: string; response: string; translation: string; references: CheckedReference[] }> {
    const { userId } = requireUser(viewer, 'Sign in to keep answers on your notes.');
    const row = await this.repository.latestAiResponse(userId, noteId, reference);
    if (!row) throw new NotFound('No answer is saved for this note.');
    return { id: row.id, response: row.response, translation: row.translation, references: await this.checkAnswer(row.response, row.translation) };
  }

  /** Spec §7 POST /api/ai-responses: keeps an answer on one of the person's notes. */
  async saveAiResponse(viewer: Viewer, input: AiResponseSave): Promise<{ id: string; userId: string }> {
    const { userId } = requireUser(viewer, 'Sign in to keep answers on your notes.');
    const id = randomUUID();
    if (!(await this.repository.insertAiResponse({ id, userId, ...input }))) throw new NotFound('Note not found.');
    return { id, userId };
  }

  async removeNote(viewer: Viewer, id: string): Promise<void> {
    if (viewer.kind === 'guest') return;
    if (!(await this.repository.deleteNote(viewer.userId, id))) throw new NotFound('Note not found.');
  }
}

export function presentHighlight(row: HighlightRow): Highlight {
  return {
    id: row.id,
    verse: row.verse,
    color: row.color as Highlight['color'],
    reference: row.reference,
    text: row.text,
    userId: row.userId,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentNote(row: NoteRow): Note {
  return {
    id: row.id,
    type: row.type as Note['type'],
    content: row.content,
    reference: row.reference,
    title: row.title,
    userId: row.userId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
