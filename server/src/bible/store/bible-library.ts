import type { FastifyBaseLogger } from 'fastify';
import type { ImportedBible } from '../importers/types.ts';
import { BibleStore, loadTranslation } from './bible-store.ts';
import { encodeTranslationText, TEXT_FORMAT_VERSION } from './translation-text.ts';
import { bookByOsis } from '#common/bible/canon.ts';
import type { TranslationRepository } from './translation-repository.ts';
import { validateImport } from './validate-import.ts';

/** A place a translation can be imported from; `load` runs only when the fingerprint is new. */
export interface BibleSource {
  code: string;
  /** Names the exact source (package version, module file sizes and dates, file hash). */
  fingerprint: string;
  origin: string;
  load(): ImportedBible | Promise<ImportedBible>;
}

export type ImportOutcome = { code: string; status: 'imported' | 'unchanged'; verses: number };

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/**
 * Imports translations into the database and keeps the in-memory store in step with it. Imports are
 * idempotent (same code and fingerprint: nothing to do) and atomic (a source that fails validation
 * leaves every existing translation as it was).
 */
export class BibleLibrary {
  constructor(
    private readonly repository: TranslationRepository,
    readonly store: BibleStore,
    private readonly log: Log,
  ) {}

  /** Loads every stored translation into memory. */
  async loadAll(): Promise<void> {
    for (const row of await this.repository.list()) {
      const content = await this.repository.text(row.code);
      if (!content) continue;
      if (row.formatVersion !== TEXT_FORMAT_VERSION) continue; // re-imported by ensure() or the CLI
      this.store.put(loadTranslation(row, content));
    }
  }

  async importBible(bible: ImportedBible, fingerprint: string, origin: string): Promise<ImportOutcome> {
    const verses = validateImport(bible, origin);
    const { meta } = bible;
    const row = {
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
    // Encode and load first: if either fails nothing has been written.
    const pack = encodeTranslationText(bible.books, (osis) => bookByOsis(osis)!);
    const loaded = loadTranslation(row, pack);
    await this.repository.save(row, pack);
    this.store.put(loaded);
    return { code: meta.code, status: 'imported', verses };
  }

  async isCurrent(code: string, fingerprint: string): Promise<boolean> {
    const row = await this.repository.find(code);
    return row?.fingerprint === fingerprint && row.formatVersion === TEXT_FORMAT_VERSION;
  }

  /**
   * Imports each source whose fingerprint changed. One failing source is logged and skipped so the
   * others (and the translations already stored) still serve.
   */
  async ensure(sources: readonly BibleSource[]): Promise<ImportOutcome[]> {
    const outcomes: ImportOutcome[] = [];
    for (const source of sources) {
      if (await this.isCurrent(source.code, source.fingerprint)) {
        outcomes.push({ code: source.code, status: 'unchanged', verses: (await this.repository.find(source.code))!.verseCount });
        continue;
      }
      try {
        const started = performance.now();
        const bible = await source.load();
        bible.meta.code = source.code;
        const outcome = await this.importBible(bible, source.fingerprint, source.origin);
        this.log.info(
          { translation: source.code, verses: outcome.verses, ms: Math.round(performance.now() - started) },
          `imported ${source.code} from ${source.origin}`,
        );
        outcomes.push(outcome);
      } catch (error) {
        this.log.error({ err: error, translation: source.code }, `could not import ${source.origin}: ${(error as Error).message}`);
      }
    }
    return outcomes;
  }
}
