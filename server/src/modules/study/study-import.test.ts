import { afterAll, describe, expect, it, vi } from 'vitest';
import { Busy, Invalid } from '../../lib/errors.ts';
import { Places, workerPool } from '../../lib/worker-pool.ts';
import { StudyTransferService } from './study-transfer.service.ts';
import type { StudyTransferRepository } from './study-transfer.repository.ts';

// One thread and room for one to wait: a third import while one is being checked is refused at once.
const pool = workerPool(new URL('./import-check.worker.ts', import.meta.url), { maxThreads: 1, maxQueue: 1 });
// A guest's import is checked and answered without the database.
const service = new StudyTransferService(null as unknown as StudyTransferRepository, null as never, pool, new Places(2));
const guest = { kind: 'guest' } as const;
const file = (notes: unknown[]) => new TextEncoder().encode(JSON.stringify({ format: 'selah-study-export', version: 1, notes }));

describe('study imports checked in a worker thread', () => {
  afterAll(() => pool.destroy());

  it('hands a good file back in batches, whole and in order', async () => {
    const notes = Array.from({ length: 1_234 }, (_, i) => ({ type: 'freeform', content: `note ${i}`, reference: 'John 3:16' }));
    const result = await service.import(guest, file(notes));
    expect(result.notes).toEqual({ added: 1_234, skipped: 0 });
    expect('guestItems' in result && result.guestItems.notes.map((n) => n.content)).toEqual(notes.map((n) => n.content));
  });

  it('admits as many imports as the pool holds, from their headers, and one more once a place is given back', () => {
    const first = service.admitImport();
    const second = service.admitImport();
    expect(() => service.admitImport()).toThrow(new Busy('The server is busy with other imports. Please try again in a minute.'));
    first();
    first(); // given back twice by mistake: still one place
    const third = service.admitImport();
    expect(() => service.admitImport()).toThrow(Busy);
    second();
    third();
  });

  it('names the first problem of a bad file', async () => {
    await expect(service.import(guest, file([{ type: 'freeform', content: 'x', reference: 'Hezekiah 1:1' }]))).rejects.toThrow(
      new Invalid("Note 1: 'Hezekiah 1:1' is not a Bible reference."),
    );
    await expect(service.import(guest, new TextEncoder().encode('{"format": nope'))).rejects.toThrow(new Invalid('This file is not a Selah export.'));
  });

  it('says the server is busy when more imports arrive than may wait', async () => {
    const big = file(Array.from({ length: 10_000 }, (_, i) => ({ type: 'freeform', content: `note ${i} ${'word '.repeat(50)}`, reference: 'John 3:16' })));
    // The pool counts a task done a moment after its answer: start from an idle thread.
    await vi.waitFor(() => expect(pool.completed).toBe(3));
    await new Promise((r) => setTimeout(r, 20));
    const results = await Promise.allSettled([service.import(guest, big), service.import(guest, file([])), service.import(guest, file([]))]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect(results[2]).toMatchObject({ reason: expect.any(Busy) });
  });
});
