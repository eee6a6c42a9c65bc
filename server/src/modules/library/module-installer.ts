import type { PreparedImport } from '../../scripture/store/bible-library.ts';
import type { TranslationRepository } from '../../scripture/store/translation.repository.ts';
import { codeFromModuleName } from '../../scripture/sources.ts';
import { findSwordModule } from '../../scripture/sword/discover.ts';
import { swordTranslationMeta } from '../../scripture/sword/import-sword-bible.ts';
import { downloadPackage } from '../../scripture/library/download-package.ts';
import { readModulePackage, type ModulePackage } from '../../scripture/library/module-package.ts';
import { removeModuleFiles, writeModulePackage } from '../../scripture/library/install-package.ts';
import type { LibraryRepository } from './library.repository.ts';
import type { OfferedModule } from './library.service.ts';
import type { PrepareBibleTask } from './prepare-bible.worker.ts';

/** The most a module's zip may weigh (the largest real ones are a few tens of MiB). */
export const MAX_PACKAGE_BYTES = 256 * 2 ** 20;

/** How an installed Bible's translation is fingerprinted: changes with every version. */
export const LIBRARY_FINGERPRINT = 'library:';

export interface InstallProgress {
  signal: AbortSignal;
  onProgress(bytesDone: number, bytesTotal: number | null): void;
}

/**
 * Installs and removes modules for this process's SWORD root and records them in the database, where
 * every other process finds them (LibrarySync). A Bible's text is imported into the translations in the
 * same transaction as the install, so readers see the new text everywhere or nowhere.
 */
export class ModuleInstaller {
  constructor(
    private readonly repo: LibraryRepository,
    private readonly translations: TranslationRepository,
    /** This process's SWORD root for installed modules. */
    readonly root: string,
    /** Reads a written Bible module into a translation (in a worker thread: see prepare-bible.worker.ts). */
    private readonly prepare: (task: PrepareBibleTask) => Promise<PreparedImport>,
    private readonly options: { maxPackageBytes?: number; idleTimeoutMs?: number } = {},
  ) {}

  async install({ repository, entry }: OfferedModule, progress: InstallProgress): Promise<string> {
    const zip = await downloadPackage(repository, entry, {
      signal: progress.signal,
      maxBytes: this.options.maxPackageBytes ?? MAX_PACKAGE_BYTES,
      idleTimeoutMs: this.options.idleTimeoutMs,
      onProgress: progress.onProgress,
    });
    progress.signal.throwIfAborted();
    const pkg = await readModulePackage(zip, entry);
    const previous = await this.repo.installedModule(pkg.name);
    await writeModulePackage(pkg, this.root);
    try {
      const bible = entry.kind === 'bible' ? await this.prepareBible(pkg, previous?.translationCode ?? null) : undefined;
      await this.repo.saveInstalled(
        {
          name: pkg.name,
          repository: repository.name,
          version: entry.version,
          kind: entry.kind,
          conf: pkg.confBytes,
          translationCode: bible?.row.code ?? null,
        },
        zip,
        bible,
      );
      const done = previous ? `Updated ${pkg.name} from ${previous.version} to ${entry.version}` : `Installed ${pkg.name} ${entry.version}`;
      return bible ? `${done}: ${bible.row.name} (${bible.row.code}), ${bible.row.verseCount.toLocaleString('en')} verses.` : `${done}.`;
    } catch (error) {
      // Nothing recorded: this process's copy goes too (an older version comes back from the database).
      if (!previous) await removeModuleFiles(this.root, pkg.name);
      throw error;
    }
  }

  async remove(name: string): Promise<string> {
    const installed = await this.repo.installedModule(name);
    if (!installed) return `${name} was not installed.`;
    await this.repo.removeInstalled(installed.name, installed.translationCode);
    await removeModuleFiles(this.root, installed.name);
    return `Removed ${installed.name}.`;
  }

  /** The Bible's translation, read from the files just written, under a code no other translation has. */
  private async prepareBible(pkg: ModulePackage, keepCode: string | null): Promise<PreparedImport> {
    const module = findSwordModule(pkg.name, [this.root]);
    if (!module) throw new Error(`${pkg.name} was written but cannot be found again in the library folder.`);
    const code = keepCode ?? (await this.freeCode(module.name, swordTranslationMeta(module).code));
    const fingerprint = `${LIBRARY_FINGERPRINT}${module.name}@${module.conf.get('Version') ?? '1.0'}`;
    const prepared = await this.prepare({ root: this.root, name: module.name, code, fingerprint });
    // A Buffer crosses from the worker as a plain Uint8Array.
    return { row: prepared.row, pack: Buffer.from(prepared.pack.buffer, prepared.pack.byteOffset, prepared.pack.byteLength) };
  }

  private async freeCode(moduleName: string, abbreviation: string): Promise<string> {
    const taken = new Set((await this.translations.list()).map((t) => t.code));
    const candidates = [abbreviation, codeFromModuleName(moduleName)].filter((c) => /^[A-Z0-9]{2,16}$/.test(c));
    for (const code of candidates) if (!taken.has(code)) return code;
    const base = (candidates[0] ?? 'SWORD').slice(0, 14);
    for (let n = 2; ; n++) if (!taken.has(`${base}${n}`)) return `${base}${n}`;
  }
}
