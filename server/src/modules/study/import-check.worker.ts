import type { MessagePort } from 'node:worker_threads';
import { Invalid } from '../../lib/errors.ts';
import { receive } from '../../lib/port-messages.ts';
import { checkImport, IMPORT_BATCH, type ImportBatch } from './import-check.ts';

export type CheckOutcome = { notes: number; highlights: number } | { problem: string };

/**
 * Worker-thread entry. Posts the outcome of the check first: the file's problem as text, or how many
 * items it holds. Then, for a good file, hands over one batch each time the server thread asks and
 * null at the end, so that thread only ever takes in a small part of the file at once.
 */
export default async function run({ bytes, port }: { bytes: Uint8Array; port: MessagePort }): Promise<void> {
  try {
    let checked;
    try {
      checked = checkImport(bytes);
    } catch (error) {
      if (error instanceof Invalid) return port.postMessage({ problem: error.message } satisfies CheckOutcome);
      throw error;
    }
    const { notes, highlights } = checked;
    port.postMessage({ notes: notes.length, highlights: highlights.length } satisfies CheckOutcome);
    const batches: ImportBatch[] = [];
    for (let i = 0; i < notes.length; i += IMPORT_BATCH) batches.push({ notes: notes.slice(i, i + IMPORT_BATCH), highlights: [] });
    for (let i = 0; i < highlights.length; i += IMPORT_BATCH) batches.push({ notes: [], highlights: highlights.slice(i, i + IMPORT_BATCH) });
    for (const batch of [...batches, null]) {
      await receive(port); // "next"; a closed port (the import stopped) ends the task
      port.postMessage(batch);
    }
  } finally {
    port.close();
  }
}
