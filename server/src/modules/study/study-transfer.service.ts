import { randomUUID } from 'node:crypto';
import { parseReference } from '#common/bible/reference.ts';
import { type Highlight, type Note } from '#common/contracts/study.ts';
import { GUEST_USER_ID } from '#common/study/rules.ts';
import { highlightKey, newItems, noteKey } from '#common/study/dedupe.ts';
import { EXPORT_MAX_ITEMS, exportFileName, highlightEncoder, noteEncoder, type Encoder, type ExportFormat, type ExportKind } from '#common/study/export.ts';
import { importProblem, studyImport } from '#common/study/import-schema.ts';
import { AppError, Invalid } from '../../lib/errors.ts';
import type { Viewer } from '../auth/viewer.ts';
import { checkHighlight, checkNote, presentHighlight, presentNote } from './study.service.ts';
import type { NewHighlight, NewNote, StudyTransferRepository } from './study-transfer.repository.ts';

export interface ExportFile {
  fileName: string;
  mediaType: string;
  /** Items in the account; the file holds at most EXPORT_MAX_ITEMS of them, the newest. */
  total: number;
  body: AsyncIterable<string>;
}

export interface ImportCounts {
  notes: { added: number; skipped: number };
  highlights: { added: number; skipped: number };
}

/** A guest's import: checked here, kept by the browser (nothing of a guest is stored on the server). */
export interface GuestImportResult extends ImportCounts {
  guestItems: { notes: Note[]; highlights: Highlight[] };
}

const GUEST_EXPORT = "A guest's notes and highlights are in this browser: export them from the My Notes or My Highlights page.";

/** Whole-account exports (streamed, newest first, capped) and imports of our own JSON export. */
export class StudyTransferService {
  constructor(private readonly repository: StudyTransferRepository) {}

  async exportNotes(viewer: Viewer, format: 'md' | 'json'): Promise<ExportFile> {
    if (viewer.kind === 'guest') throw new AppError(401, GUEST_EXPORT);
    const total = await this.repository.countNotes(viewer.userId);
    const rows = this.repository.notesNewestFirst(viewer.userId, EXPORT_MAX_ITEMS);
    return file('notes', format, noteEncoder(format, { exportedAt: new Date(), total }), total, map(rows, presentNote));
  }

  async exportHighlights(viewer: Viewer, format: ExportFormat): Promise<ExportFile> {
    if (viewer.kind === 'guest') throw new AppError(401, GUEST_EXPORT);
    const total = await this.repository.countHighlights(viewer.userId);
    const rows = this.repository.highlightsNewestFirst(viewer.userId, EXPORT_MAX_ITEMS);
    return file('highlights', format, highlightEncoder(format, { exportedAt: new Date(), total }), total, map(rows, presentHighlight));
  }

  /**
   * Takes our JSON export back. Every item must pass the rules of a new note or highlight, or
   * nothing is written; items get new ids (the file's may belong to another account) and keep their
   * dates. Duplicates — of the account's items or earlier ones in the file — are skipped.
   */
  async import(viewer: Viewer, body: unknown): Promise<ImportCounts | GuestImportResult> {
    const parsed = studyImport.safeParse(body);
    if (!parsed.success) throw new Invalid(importProblem(parsed.error));
    // Files repeat references a lot and parsing one takes a fraction of a millisecond: parse each once.
    const known = new Map<string, ReturnType<typeof parseReference>>();
    const parse = (r: string) => (known.has(r) ? known.get(r) : known.set(r, parseReference(r)).get(r));
    const now = new Date();

    const notes: NewNote[] = parsed.data.notes.map((n, i) => {
      const checked = itemRule('Note', i, () => checkNote(n, parse));
      const createdAt = pastDate(n.createdAt, now);
      const updatedAt = pastDate(n.updatedAt, now);
      return { id: randomUUID(), ...checked, createdAt, updatedAt: updatedAt < createdAt ? createdAt : updatedAt };
    });
    const highlights: NewHighlight[] = parsed.data.highlights.map((h, i) => ({
      id: randomUUID(),
      ...itemRule('Highlight', i, () => checkHighlight(h, parse)),
      createdAt: pastDate(h.createdAt, now),
    }));

    if (viewer.kind === 'user') return this.repository.importItems(viewer.userId, { notes, highlights });
    const n = newItems([], notes, noteKey);
    const h = newItems([], highlights, highlightKey);
    return {
      notes: { added: n.added.length, skipped: n.skipped },
      highlights: { added: h.added.length, skipped: h.skipped },
      guestItems: {
        notes: n.added.map((x) => presentNote({ ...x, userId: GUEST_USER_ID })),
        highlights: h.added.map((x) => presentHighlight({ ...x, userId: GUEST_USER_ID })),
      },
    };
  }
}

function file<T>(kind: ExportKind, format: ExportFormat, encoder: Encoder<T>, total: number, items: AsyncIterable<T>): ExportFile {
  async function* body() {
    yield encoder.start();
    for await (const x of items) yield encoder.item(x);
    yield encoder.end();
  }
  return { fileName: exportFileName(kind, format, new Date()), mediaType: encoder.mediaType, total, body: body() };
}

async function* map<A, B>(items: AsyncIterable<A>, f: (a: A) => B): AsyncGenerator<B> {
  for await (const x of items) yield f(x);
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
