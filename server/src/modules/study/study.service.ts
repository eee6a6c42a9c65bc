import { randomUUID } from 'node:crypto';
import { parseReference } from '#common/bible/reference.ts';
import { parseVerseId } from '#common/bible/verse-id.ts';
import { type GuestImport, type Highlight, type Note } from '#common/contracts/study.ts';
import { GUEST_USER_ID, noteTitle, stripQuotes } from '#common/study/rules.ts';
import type { z } from 'zod';
import type { highlightInput, noteInput, noteUpdate } from '#common/contracts/study.ts';
import { AppError, Invalid, NotFound } from '../../lib/errors.ts';
import type { Viewer } from '../auth/viewer.ts';
import type { HighlightRow, ListFilter, NoteRow, StudyRepository } from './study.repository.ts';

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
  constructor(private readonly repository: StudyRepository) {}

  async listHighlights(viewer: Viewer, filter: ListFilter & { color?: string }): Promise<Page<Highlight>> {
    if (viewer.kind === 'guest') return { items: [], total: 0 };
    const { rows, total } = await this.repository.listHighlights(viewer.userId, filter);
    return { items: rows.map(presentHighlight), total };
  }

  async addHighlight(viewer: Viewer, input: z.infer<typeof highlightInput>): Promise<Highlight> {
    const row = { id: randomUUID(), ...checkHighlight(input) };
    if (viewer.kind === 'guest') return { ...row, userId: GUEST_USER_ID, createdAt: new Date().toISOString() };
    return presentHighlight(await this.repository.upsertHighlight({ ...row, userId: viewer.userId }));
  }

  async removeHighlight(viewer: Viewer, id: string): Promise<void> {
    if (viewer.kind === 'guest') return; // a guest's highlights are only in the browser
    if (!(await this.repository.deleteHighlight(viewer.userId, id))) throw new NotFound('Highlight not found.');
  }

  /** Moves a guest's browser data into the signed-in account; safe to repeat (nothing doubles). */
  async importGuest(viewer: Viewer, data: GuestImport): Promise<{ highlights: number; notes: number; aiResponses: number }> {
    if (viewer.kind === 'guest') throw new AppError(401, 'Sign in to move your notes and highlights into an account.');
    const marks = [];
    for (const h of data.highlights) {
      const checked = await this.addHighlight({ kind: 'guest' }, h); // validates exactly as a new highlight
      marks.push({ id: h.id, verse: checked.verse, color: checked.color, reference: checked.reference, text: checked.text });
    }
    const notesIn = [];
    for (const n of data.notes) {
      const checked = await this.addNote({ kind: 'guest' }, n);
      notesIn.push({ id: n.id, type: checked.type, content: checked.content, reference: checked.reference, title: checked.title });
    }
    const aiResponses = data.aiResponses.map(({ id, noteId, prompt, response, translation, reference, saved }) => ({ id, noteId, prompt, response, translation, reference, saved }));
    return this.repository.importGuestItems(viewer.userId, { highlights: marks, notes: notesIn, aiResponses });
  }

  async listNotes(viewer: Viewer, filter: ListFilter & { type?: string; reference?: string }): Promise<Page<Note>> {
    if (viewer.kind === 'guest') return { items: [], total: 0 };
    const { rows, total } = await this.repository.listNotes(viewer.userId, filter);
    return { items: rows.map(presentNote), total };
  }

  async addNote(viewer: Viewer, input: z.infer<typeof noteInput>): Promise<Note> {
    const row = { id: randomUUID(), ...checkNote(input) };
    if (viewer.kind === 'guest') {
      const now = new Date().toISOString();
      return { ...row, userId: GUEST_USER_ID, createdAt: now, updatedAt: now };
    }
    return presentNote(await this.repository.insertNote({ ...row, userId: viewer.userId }));
  }

  async editNote(viewer: Viewer, id: string, change: z.infer<typeof noteUpdate>): Promise<Note> {
    if (change.content === undefined && change.title === undefined) throw new Invalid('Nothing to change.');
    if (viewer.kind === 'guest') throw new NotFound('Note not found.');
    const saved = await this.repository.updateNote(viewer.userId, id, change);
    if (!saved) throw new NotFound('Note not found.');
    return presentNote(saved);
  }

  async removeNote(viewer: Viewer, id: string): Promise<void> {
    if (viewer.kind === 'guest') return;
    if (!(await this.repository.deleteNote(viewer.userId, id))) throw new NotFound('Note not found.');
  }
}

type ParseReference = typeof parseReference;

/**
 * The rules of POST /api/highlights beyond its schema: the verse id and the reference must name the
 * same verse; the reference is stored in its canonical form and the text without quotes (spec §5).
 */
export function checkHighlight(input: z.infer<typeof highlightInput>, parse: ParseReference = parseReference) {
  const location = parseVerseId(input.verse);
  if (!location) throw new Invalid(`'${input.verse}' is not a verse id such as JOHN.3.16.`);
  const reference = parse(input.reference);
  if (!reference) throw new Invalid(`'${input.reference}' is not a Bible reference.`);
  if (reference.book !== location.book || reference.chapter !== location.chapter || reference.verse !== location.verse) {
    throw new Invalid(`The reference '${input.reference}' is not the verse ${input.verse}.`);
  }
  return {
    verse: input.verse.toUpperCase(),
    color: input.color,
    reference: `${location.book.name} ${location.chapter}:${location.verse}`,
    text: stripQuotes(input.text),
  };
}

/** The rules of POST /api/notes beyond its schema: the reference must parse; the title has a default. */
export function checkNote(input: z.infer<typeof noteInput>, parse: ParseReference = parseReference) {
  if (!parse(input.reference)) throw new Invalid(`'${input.reference}' is not a Bible reference.`);
  return { type: input.type, content: input.content, reference: input.reference, title: input.title || noteTitle(input.type, input.reference) };
}

export function presentHighlight(row: HighlightRow): Highlight {
  return { id: row.id, verse: row.verse, color: row.color as Highlight['color'], reference: row.reference, text: row.text, userId: row.userId, createdAt: row.createdAt.toISOString() };
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
