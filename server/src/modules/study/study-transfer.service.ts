import { MessageChannel, type MessagePort } from 'node:worker_threads';
import type { Piscina } from 'piscina';
import type { Highlight, Note } from '#common/contracts/study.ts';
import { ACCOUNT_MAX_ITEMS, accountOverflow, GUEST_USER_ID } from '#common/study/rules.ts';
import { highlightKey, newItems, noteKey } from '#common/study/dedupe.ts';
import { EXPORT_MAX_ITEMS, exportFileName, highlightEncoder, noteEncoder, type Encoder, type ExportFormat, type ExportKind } from '#common/study/export.ts';
import { AppError, Busy, Invalid } from '../../lib/errors.ts';
import { receive } from '../../lib/port-messages.ts';
import { isQueueFull, type Places } from '../../lib/worker-pool.ts';
import { requireUser, type Viewer } from '../../access/viewer.ts';
import { presentHighlight, presentNote } from './study.service.ts';
import type { ImportBatch } from './import-check.ts';
import type { CheckOutcome } from './import-check.worker.ts';
import type { StudyTransferRepository } from './study-transfer.repository.ts';
import type { StudyRepository } from './study.repository.ts';

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
    /** How many notes and highlights an account holds (the study module's own counts). */
    private readonly counts: Pick<StudyRepository, 'countNotes' | 'countHighlights'>,
    /** Runs import-check.worker.ts off the event loop. */
    private readonly checker: Piscina,
    /** The checker's places (running and waiting), taken by an import from its headers until it is answered. */
    private readonly places: Places,
  ) {}

  /**
   * Takes an import's place in the checker's queue on its headers, before its file is sent, so a full
   * queue costs nobody an upload and imports arriving at once cannot all pass. Returns the function
   * that gives the place back (call it when the import is answered or abandoned); throws Busy.
   */
  admitImport(): () => void {
    const release = this.places.take();
    if (!release) throw new Busy(BUSY);
    return release;
  }

  async exportNotes(viewer: Viewer, format: 'md' | 'json'): Promise<ExportFile> {
    const { userId } = requireUser(viewer, GUEST_EXPORT);
    const total = await this.counts.countNotes(userId);
    const rows = this.repository.notesNewestFirst(userId, EXPORT_MAX_ITEMS);
    return file('notes', format, noteEncoder(format, { exportedAt: new Date(), total }), total, map(rows, presentNote));
  }

  async exportHighlights(viewer: Viewer, format: ExportFormat): Promise<ExportFile> {
    const { userId } = requireUser(viewer, GUEST_EXPORT);
    const total = await this.counts.countHighlights(userId);
    const rows = this.repository.highlightsNewestFirst(userId, EXPORT_MAX_ITEMS);
    return file('highlights', format, highlightEncoder(format, { exportedAt: new Date(), total }), total, map(rows, presentHighlight));
  }

  /**
   * Takes our JSON export back (the file's bytes). Every item must pass the rules of a new note or
   * highlight, or nothing is written; duplicates — of the account's items or earlier ones in the
   * file — are skipped; the account may not end up holding more than ACCOUNT_MAX_ITEMS of either.
   */
  async import(viewer: Viewer, file: Uint8Array): Promise<ImportCounts | GuestImportResult> {
    const batches = await this.check(file);
    if (viewer.kind === 'user') {
      const result = await this.repository.importItems(viewer.userId, batches, ACCOUNT_MAX_ITEMS);
      if (result === 'full') throw new AppError(409, accountOverflow('Nothing was imported.'));
      return result;
    }
    const all: ImportBatch = { notes: [], highlights: [] };
    for await (const batch of batches) {
      all.notes.push(...batch.notes);
      all.highlights.push(...batch.highlights);
    }
    const n = newItems([], all.notes, noteKey);
    const h = newItems([], all.highlights, highlightKey);
    return {
      notes: { added: n.added.length, skipped: n.skipped },
      highlights: { added: h.added.length, skipped: h.skipped },
      guestItems: {
        notes: n.added.map((x) => presentNote({ ...x, userId: GUEST_USER_ID })),
        highlights: h.added.map((x) => presentHighlight({ ...x, userId: GUEST_USER_ID })),
      },
    };
  }

  /** Checks the file in the worker; a good file's items, batch by batch, or Invalid naming its first problem. */
  private async check(file: Uint8Array): Promise<AsyncIterable<ImportBatch>> {
    const { port1, port2 } = new MessageChannel();
    // A body of its own memory moves to the worker without a copy; a slice of a shared pool is copied.
    const own = file.byteOffset === 0 && file.byteLength === file.buffer.byteLength;
    const task = this.checker.run({ bytes: file, port: port2 }, { transferList: own ? [port2, file.buffer as ArrayBuffer] : [port2] });
    // A worker that fails later closes its port, which the batches see; the task itself needs no more.
    task.catch(() => undefined);
    let outcome: CheckOutcome;
    try {
      // The outcome comes on our port; the task only speaks for itself when it fails (a full queue, a crash).
      outcome = await Promise.race([receive<CheckOutcome>(port1), task.then(() => new Promise<never>(() => undefined))]);
    } catch (error) {
      port1.close();
      const failure = await task.then(
        () => error,
        (taskError: unknown) => taskError,
      );
      if (isQueueFull(failure)) throw new Busy(BUSY);
      throw failure;
    }
    if ('problem' in outcome) {
      port1.close();
      await task.catch(() => undefined); // the thread is free again before the answer goes out
      throw new Invalid(outcome.problem);
    }
    return batchesFrom(port1, task);
  }
}

/** Asks the worker for one batch at a time until its closing null; closing the port ends its task. */
async function* batchesFrom(port: MessagePort, task: Promise<unknown>): AsyncGenerator<ImportBatch> {
  try {
    for (;;) {
      const next = receive<ImportBatch | null>(port);
      port.postMessage('next');
      const batch = await next;
      if (batch === null) return;
      yield batch;
    }
  } finally {
    port.close();
    await task.catch(() => undefined);
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
