import type { Piscina } from 'piscina';
import type { Highlight, Note } from '#common/contracts/study.ts';
import { ACCOUNT_MAX_ITEMS, accountOverflow, GUEST_USER_ID } from '#common/study/rules.ts';
import { highlightKey, newItems, noteKey } from '#common/study/dedupe.ts';
import { EXPORT_MAX_ITEMS, exportFileName, highlightEncoder, noteEncoder, type Encoder, type ExportFormat, type ExportKind } from '#common/study/export.ts';
import { AppError, Busy, Invalid } from '../../lib/errors.ts';
import { isQueueFull } from '../../lib/worker-pool.ts';
import { requireUser, type Viewer } from '../auth/viewer.ts';
import { presentHighlight, presentNote } from './study.service.ts';
import type { CheckedImport } from './import-check.ts';
import type run from './import-check.worker.ts';
import type { StudyTransferRepository } from './study-transfer.repository.ts';

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

const BUSY = 'The server is busy with other imports. Please try again in a minute.';

/** Whole-account exports (streamed, newest first, capped) and imports of our own JSON export. */
export class StudyTransferService {
  constructor(
    private readonly repository: StudyTransferRepository,
    /** Runs import-check.worker.ts off the event loop. */
    private readonly checker: Piscina,
  ) {}

  async exportNotes(viewer: Viewer, format: 'md' | 'json'): Promise<ExportFile> {
    const { userId } = requireUser(viewer, GUEST_EXPORT);
    const total = await this.repository.countNotes(userId);
    const rows = this.repository.notesNewestFirst(userId, EXPORT_MAX_ITEMS);
    return file('notes', format, noteEncoder(format, { exportedAt: new Date(), total }), total, map(rows, presentNote));
  }

  async exportHighlights(viewer: Viewer, format: ExportFormat): Promise<ExportFile> {
    const { userId } = requireUser(viewer, GUEST_EXPORT);
    const total = await this.repository.countHighlights(userId);
    const rows = this.repository.highlightsNewestFirst(userId, EXPORT_MAX_ITEMS);
    return file('highlights', format, highlightEncoder(format, { exportedAt: new Date(), total }), total, map(rows, presentHighlight));
  }

  /**
   * Takes our JSON export back (the file's bytes). Every item must pass the rules of a new note or
   * highlight, or nothing is written; duplicates — of the account's items or earlier ones in the
   * file — are skipped; the account may not end up holding more than ACCOUNT_MAX_ITEMS of either.
   */
  async import(viewer: Viewer, file: Uint8Array): Promise<ImportCounts | GuestImportResult> {
    const { notes, highlights } = await this.check(file);
    if (viewer.kind === 'user') {
      const result = await this.repository.importItems(viewer.userId, { notes, highlights }, ACCOUNT_MAX_ITEMS);
      if (result === 'full') throw new AppError(409, accountOverflow('Nothing was imported.'));
      return result;
    }
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

  private async check(file: Uint8Array): Promise<CheckedImport> {
    let result: ReturnType<typeof run>;
    try {
      result = await this.checker.run(file);
    } catch (error) {
      if (isQueueFull(error)) throw new Busy(BUSY);
      throw error;
    }
    if ('problem' in result) throw new Invalid(result.problem);
    return result.checked;
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
