import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BibleLibrary } from '../../scripture/store/bible-library.ts';
import { LibrarySync } from './library-sync.ts';
import type { LibraryRepository } from './library.repository.ts';

describe('LibrarySync.check', () => {
  const root = mkdtempSync(join(tmpdir(), 'selah-sync-'));
  mkdirSync(join(root, 'mods.d'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('answers a check asked for during another with the revision as it is after that one', async () => {
    let revision = 1;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let reads = 0;
    const repo = {
      // The first read is held, as a slow database would: it reads revision 1 before the change.
      revision: async () => {
        const seen = revision;
        if (reads++ === 0) await held;
        return seen;
      },
      installed: async () => [],
    } as unknown as LibraryRepository;
    const reloads: number[] = [];
    const translations = { reload: async () => (reloads.push(revision), []) } as unknown as BibleLibrary;
    const sync = new LibrarySync(repo, root, translations, async () => {}, { info() {}, warn() {} });

    const first = sync.check(); // under way, holding revision 1
    revision = 2; // a job in this process commits…
    const second = sync.check(); // …and asks for a check
    release();
    expect(await first).toBe(true);
    // The second check read the revision afresh: 2, so it applied the change (a second reload).
    expect(await second).toBe(true);
    expect(reloads).toEqual([2, 2]);
    expect(reads).toBe(2);
  });
});
