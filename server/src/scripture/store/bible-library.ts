import { setImmediate } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { ImportedBible } from '../importers/types.ts';
import { type BibleStore, type LoadedTranslation, loadTranslation, summaryOf, translationOf } from './bible-store.ts';
import { DEFAULT_TRANSLATION } from '#common/scripture/categories.ts';
import { PackBody } from './pack-body.ts';
import type { PackShelf } from './pack-shelf.ts';
import { encodeTranslationText, TEXT_FORMAT_VERSION } from './translation-text.ts';
import { bookByOsis } from '#common/scripture/canon.ts';
import type { TranslationRepository, TranslationRow } from './translation.repository.ts';
import { validateImport } from './validate-import.ts';

/** A place a translation can be imported from; `load` runs only when the fingerprint is new. */
export interface BibleSource {
  code: string;
  /** Names the exact source (package version, module file sizes and dates, file hash). */
  fingerprint: string;
  origin: string;
  /** Another edition of the translation with this code (listed under it, not beside it). */
  editionOf?: string;
  load(): ImportedBible | Promise<ImportedBible>;
}

export type ImportOutcome = { code: string; status: 'imported' | 'unchanged'; verses: number };

/** How a SWORD module's fingerprint starts (sources.ts). */
export const SWORD_FINGERPRINT = 'sword:';

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** Packs copied from the database at once by a process that lacks them (bounded: each is some MB in flight). */
const PACK_COPIES_AT_ONCE = 4;

/** How a process copies the packs it lacks from the database. */
export interface PackCopies {
  /**
   * How many are copied before it serves (the default translation first); the rest arrive while it
   * serves, so a new process on an empty data folder starts as fast with 300 translations as with six.
   * A site of a few translations (and every test app) still starts with all of them here.
   */
  beforeListening: number;
  /** How many are copied at once while it serves (0: only those readers ask for, which tests use to see them arrive). */
  whileServing: number;
}

/**
 * Three before serving: the default translation and two more (a default install has three), each a
 * second or so on PGlite. One at a time while serving: PGlite answers one query at a time in the app's own
 * thread, so a second copy would only lengthen the waits of readers' requests between parts.
 */
export const PACK_COPIES: PackCopies = { beforeListening: 3, whileServing: 1 };

/**
 * Imports translations into the database and keeps the in-memory store in step with it. Imports are
 * idempotent (same code and fingerprint: nothing to do) and atomic (a source that fails validation
 * leaves every existing translation as it was).
 */
export class BibleLibrary {
  /** What each translation this library loaded was loaded from (its fingerprint), to see what changed. */
  private readonly loaded = new Map<string, string>();
  /**
   * Translations whose packs are copied after the start, by code, in the order they will be copied; `copy`
   * is set once copying began (a reader asking for one starts it at once) and settles once it is in the store.
   */
  private readonly arriving = new Map<string, { row: TranslationRow; copy?: Promise<void> }>();
  private copiesAfterStart: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly repository: TranslationRepository,
    readonly store: BibleStore,
    private readonly log: Log,
    /** Where this process keeps its copies of the packs; without one (imports in a child, the CLI) texts are held in memory. */
    private readonly shelf?: PackShelf,
    private readonly copies: PackCopies = PACK_COPIES,
  ) {}

  /**
   * Puts every stored translation in the store (with a shelf, only their headers are read). Packs this
   * process lacks are copied from the database: the first few now, the rest after it starts serving,
   * listed meanwhile and brought in first when a reader asks for one (BibleStore.expect).
   */
  async loadAll(): Promise<void> {
    const rows = await this.repository.list();
    // Texts of an older format are re-imported by ensure() or the CLI.
    const current = rows.filter((row) => row.formatVersion === TEXT_FORMAT_VERSION);
    const later = new Set(this.missingPacks(current).slice(this.copies.beforeListening));
    await this.copyPacks(current.filter((row) => !later.has(row)));
    for (const row of current) {
      if (later.has(row)) continue;
      const translation = await this.open(row);
      if (!translation) continue;
      this.store.put(translation);
      this.loaded.set(row.code, row.fingerprint);
    }
    this.shelf?.prune(new Set(rows.map((row) => this.shelf!.fileOf(row))));
    this.expectArrivals([...later]);
  }

  /** The rows whose pack this process lacks, the default translation first (it answers every request that names none). */
  private missingPacks(rows: readonly TranslationRow[]): TranslationRow[] {
    const shelf = this.shelf;
    if (!shelf) return [];
    return rows.filter((row) => !shelf.has(shelf.fileOf(row))).sort((a, b) => Number(b.code === DEFAULT_TRANSLATION) - Number(a.code === DEFAULT_TRANSLATION));
  }

  /** Copies the packs of these rows this process lacks from the database, a few at once. */
  private async copyPacks(rows: readonly TranslationRow[]): Promise<void> {
    const shelf = this.shelf;
    if (!shelf) return;
    const line = [...rows];
    const copyNext = async (): Promise<void> => {
      for (let row = line.shift(); row; row = line.shift()) await this.shelve(shelf, row);
    };
    await Promise.all(Array.from({ length: PACK_COPIES_AT_ONCE }, copyNext));
  }

  /** Lists these translations as arriving: a reader asking for one has it copied at once, copyArrivals the rest. */
  private expectArrivals(rows: readonly TranslationRow[]): void {
    for (const row of rows) {
      this.arriving.set(row.code, { row });
      this.store.expect(row.code, { summary: summaryOf(row), ready: () => this.arrive(row.code) });
    }
  }

  /**
   * Copies the packs of the translations still arriving, a few at once. Called once the app is ready:
   * started earlier, the copies would hold up the modules' own start (PGlite answers one query at a time).
   */
  copyArrivals(): void {
    const waiting = this.arriving.size;
    if (waiting === 0) return;
    const copyNext = async (): Promise<void> => {
      for (let next = this.nextInLine(); next; next = this.nextInLine()) await this.arrive(next);
    };
    this.copiesAfterStart = Promise.all(Array.from({ length: this.copies.whileServing }, copyNext));
    this.log.info({ translations: waiting }, `copying ${waiting} translations from the database while serving`);
  }

  private nextInLine(): string | undefined {
    for (const [code, { copy }] of this.arriving) if (!copy) return code;
    return undefined;
  }

  /** Copies one arriving translation's pack (once, however many ask) and puts it in the store, unless it was removed meanwhile. */
  private arrive(code: string): Promise<void> {
    const arriving = this.arriving.get(code);
    if (!arriving) return Promise.resolve();
    const { row } = arriving;
    arriving.copy ??= this.open(row)
      .then((translation) => {
        // Removed, changed or imported again meanwhile: what the database holds now wins.
        if (this.arriving.get(code) !== arriving || !this.store.isArriving(code)) return;
        if (translation) {
          this.store.put(translation);
          this.loaded.set(code, row.fingerprint);
        } else this.store.remove(code);
      })
      .catch((error: Error) => {
        if (this.arriving.get(code) === arriving) this.store.remove(code);
        this.log.error({ err: error, translation: code }, `could not copy ${code} from the database: ${error.message}`);
      })
      .finally(() => {
        if (this.arriving.get(code) === arriving) this.arriving.delete(code);
      });
    return arriving.copy;
  }

  /** Gives up an arriving translation (removed or changed in the database meanwhile); a copy under way is then not put in the store. */
  private forgetArrival(code: string): void {
    this.arriving.delete(code);
    this.store.remove(code);
  }

  /** Stops copying arriving packs (the process is closing) and waits for the copies under way. */
  async stop(): Promise<void> {
    for (const [code, { copy }] of this.arriving) if (!copy) this.arriving.delete(code);
    await this.copiesAfterStart;
  }

  /** The translation's pack file on this process's shelf, copied from the database (or `pack`) when missing; undefined when it has no text. */
  private async shelve(shelf: PackShelf, row: TranslationRow, pack?: Buffer): Promise<string | undefined> {
    const file = shelf.fileOf(row);
    if (shelf.has(file)) return file;
    const content = pack ?? (await this.readPack(row.code));
    if (!content) return undefined;
    shelf.put(file, content);
    return file;
  }

  /** A pack from the database, a part at a time, with a turn of the event loop for readers after each (see textParts). */
  private async readPack(code: string): Promise<Buffer | undefined> {
    const parts: Buffer[] = [];
    for await (const part of this.repository.textParts(code)) {
      parts.push(part);
      await setImmediate();
    }
    return parts.length ? Buffer.concat(parts) : undefined;
  }

  /**
   * A stored translation, ready to read: from this process's copy of its pack (copied from the
   * database the first time), or held in memory when there is no shelf. Undefined when it has no text.
   */
  private async open(row: TranslationRow, pack?: Buffer): Promise<LoadedTranslation | undefined> {
    if (!this.shelf) {
      const content = pack ?? (await this.repository.text(row.code));
      return content && loadTranslation(row, content);
    }
    const file = await this.shelve(this.shelf, row, pack);
    if (!file) return undefined;
    const { pack: packFile, header } = this.shelf.open(file);
    const facts = this.shelf.factsOf(file);
    const translation = translationOf(row, header, new PackBody(packFile, this.store.texts), facts);
    if (!facts) this.shelf.noteFacts(file, { redLetters: translation.summary.redLetters ?? false });
    return translation;
  }

  /**
   * Brings the store in step with the database after another process (or the library) changed it:
   * loads new and changed translations, drops removed ones. Answers the codes that changed.
   */
  async reload(): Promise<string[]> {
    const rows = await this.repository.list();
    const changed: string[] = [];
    for (const row of rows) {
      const arriving = this.arriving.get(row.code);
      if (arriving?.row.fingerprint === row.fingerprint) continue;
      if (arriving) this.forgetArrival(row.code);
      if (this.loaded.get(row.code) === row.fingerprint || row.formatVersion !== TEXT_FORMAT_VERSION) continue;
      const translation = await this.open(row);
      if (!translation) continue;
      this.store.put(translation);
      this.loaded.set(row.code, row.fingerprint);
      changed.push(row.code);
    }
    const present = new Set(rows.map((r) => r.code));
    for (const code of [...this.arriving.keys()]) {
      if (present.has(code)) continue;
      this.forgetArrival(code);
      changed.push(code);
    }
    for (const code of [...this.loaded.keys()]) {
      if (present.has(code)) continue;
      this.store.remove(code);
      this.loaded.delete(code);
      changed.push(code);
    }
    return changed;
  }

  /**
   * Removes texts that SWORD discovery imported whose module is gone, or is now imported under another
   * code (it became its translation's richest edition): they would otherwise stay listed beside it.
   * Texts imported by hand (scripts/bible.ts) are never touched.
   */
  async forgetVanishedModules(sources: readonly BibleSource[]): Promise<string[]> {
    const current = new Set(sources.map((s) => s.code));
    const gone = (await this.repository.list()).filter((row) => row.fingerprint.startsWith(SWORD_FINGERPRINT) && !current.has(row.code));
    for (const row of gone) {
      await this.repository.remove(row.code);
      this.store.remove(row.code);
      this.loaded.delete(row.code);
      this.log.info({ translation: row.code }, `removed ${row.code}: its SWORD module is no longer imported under that code`);
    }
    return gone.map((row) => row.code);
  }

  async importBible(bible: ImportedBible, fingerprint: string, origin: string): Promise<ImportOutcome> {
    return this.commit(prepareImport(bible, fingerprint, origin));
  }

  /** Writes a prepared translation and puts it in the store (reading it whole first: a bad pack writes nothing). */
  async commit(prepared: PreparedImport): Promise<ImportOutcome> {
    const checked = loadTranslation(prepared.row, prepared.pack);
    await this.repository.save(prepared.row, prepared.pack);
    this.store.put((await this.open(prepared.row, prepared.pack)) ?? checked);
    this.loaded.set(prepared.row.code, prepared.row.fingerprint);
    return { code: prepared.row.code, status: 'imported', verses: prepared.row.verseCount };
  }

  async isCurrent(code: string, fingerprint: string): Promise<boolean> {
    const row = await this.repository.find(code);
    return row?.fingerprint === fingerprint && row.formatVersion === TEXT_FORMAT_VERSION;
  }

  /** The sources whose stored copy is missing or older than the source. */
  async staleSources(sources: readonly BibleSource[]): Promise<BibleSource[]> {
    const stale: BibleSource[] = [];
    for (const source of sources) if (!(await this.isCurrent(source.code, source.fingerprint))) stale.push(source);
    return stale;
  }

  /**
   * Imports each source whose fingerprint changed, in this process. One failing source is logged and
   * skipped so the others (and the translations already stored) still serve.
   */
  async ensure(sources: readonly BibleSource[]): Promise<ImportOutcome[]> {
    const outcomes: ImportOutcome[] = [];
    for (const source of await this.staleSources(sources)) {
      try {
        const started = performance.now();
        const outcome = await this.commit(await prepareSource(source));
        this.logImported(source, outcome, performance.now() - started);
        outcomes.push(outcome);
      } catch (error) {
        this.logFailed(source, error as Error);
      }
    }
    return outcomes;
  }

  logImported(source: Pick<BibleSource, 'code' | 'origin'>, outcome: ImportOutcome, ms: number): void {
    this.log.info({ translation: source.code, verses: outcome.verses, ms: Math.round(ms) }, `imported ${source.code} from ${source.origin}`);
  }

  logFailed(source: Pick<BibleSource, 'code' | 'origin'>, error: Error): void {
    this.log.error({ err: error, translation: source.code }, `could not import ${source.origin}: ${error.message}`);
  }
}

/** A validated translation, encoded for storage: everything an import needs except the database. */
export interface PreparedImport {
  row: TranslationRow;
  pack: Buffer;
}

/** Loads a source and prepares it (the expensive part of an import, safe to run in another process). */
export async function prepareSource(source: BibleSource): Promise<PreparedImport> {
  const bible = await source.load();
  bible.meta.code = source.code;
  return prepareImport(bible, source.fingerprint, source.origin);
}

export function prepareImport(bible: ImportedBible, fingerprint: string, origin: string): PreparedImport {
  const verses = validateImport(bible, origin);
  const { meta } = bible;
  const row: TranslationRow = {
    code: meta.code,
    name: meta.name,
    language: meta.language,
    languageName: meta.languageName,
    category: meta.category,
    licence: meta.licence,
    source: meta.source,
    direction: meta.direction ?? 'ltr',
    fingerprint,
    formatVersion: TEXT_FORMAT_VERSION,
    bookCount: bible.books.length,
    verseCount: verses,
    importedAt: new Date(),
  };
  return { row, pack: encodeTranslationText(bible.books, (osis) => bookByOsis(osis)!) };
}
