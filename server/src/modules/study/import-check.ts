import { randomUUID } from 'node:crypto';
import { parseReference } from '#common/scripture/reference.ts';
import { holdsUnsafeText } from '#common/contracts/text.ts';
import { importProblem, NOT_AN_EXPORT, studyImport } from '#common/study/import-schema.ts';
import { Invalid } from '../../lib/errors.ts';
import { parseBoundedJson, UNSAFE_TEXT } from '../../lib/bounded-json.ts';
import type { HighlightRow, NoteRow } from './study.repository.ts';
import { checkHighlight, checkNote } from './study-rules.ts';

export type NewNote = Omit<NoteRow, 'userId'>;
export type NewHighlight = Omit<HighlightRow, 'userId'>;
export type CheckedImport = { notes: NewNote[]; highlights: NewHighlight[] };
/** Part of a checked file, as the worker hands it over; small enough to take in without a pause. */
export type ImportBatch = CheckedImport;
/** Items per batch: a few hundred (about 20 ms of inserting on the embedded database). */
export const IMPORT_BATCH = 250;

/**
 * Reads a file of our JSON export and checks it whole: every item must pass the rules of a new note or
 * highlight, or the import stops with the first problem, naming the item. Items get new ids (the
 * file's may belong to another account) and keep their dates, never later than now. CPU-bound, so it
 * runs in a worker thread (import-check.worker.ts) and the server keeps answering meanwhile.
 */
export function checkImport(bytes: Uint8Array): CheckedImport {
  let body: unknown;
  try {
    body = parseBoundedJson(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new Invalid(NOT_AN_EXPORT);
  }
  if (holdsUnsafeText(body)) throw new Invalid(UNSAFE_TEXT);
  const parsed = studyImport.safeParse(body);
  if (!parsed.success) throw new Invalid(importProblem(parsed.error));
  // Files repeat references a lot and parsing one takes a fraction of a millisecond: parse each once.
  const known = new Map<string, ReturnType<typeof parseReference>>();
  const parse = (r: string) => (known.has(r) ? known.get(r) : known.set(r, parseReference(r)).get(r));
  const now = new Date();

  const notes = parsed.data.notes.map((n, i) => {
    const checked = itemRule('Note', i, () => checkNote(n, parse));
    const createdAt = pastDate(n.createdAt, now);
    const updatedAt = pastDate(n.updatedAt, now);
    return { id: randomUUID(), ...checked, createdAt, updatedAt: updatedAt < createdAt ? createdAt : updatedAt };
  });
  const highlights = parsed.data.highlights.map((h, i) => ({
    id: randomUUID(),
    ...itemRule('Highlight', i, () => checkHighlight(h, parse)),
    createdAt: pastDate(h.createdAt, now),
  }));
  return { notes, highlights };
}

/** Runs one item's rule, naming the item in the message: "Note 3: 'Hezekiah 1:1' is not a Bible reference." */
function itemRule<T>(what: string, index: number, check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof Invalid) throw new Invalid(`${what} ${index + 1}: ${error.message}`);
    throw error;
  }
}

/** A date from the file, never later than now; a missing one is now. */
function pastDate(iso: string | undefined, now: Date): Date {
  const d = iso ? new Date(iso) : now;
  return Number.isNaN(d.getTime()) || d > now ? now : d;
}
