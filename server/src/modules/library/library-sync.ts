import type { BibleLibrary } from '../../scripture/store/bible-library.ts';
import { discoverSwordModules } from '../../scripture/sword/discover.ts';
import { readModulePackage } from '../../scripture/library/module-package.ts';
import { removeModuleFiles, writeModulePackage } from '../../scripture/library/install-package.ts';
import { readCatalogueEntry } from './installed-entry.ts';
import type { LibraryRepository } from './library.repository.ts';
import type { LibraryLog } from './library.service.ts';

/**
 * Keeps this process in step with the library in the database: its SWORD root holds exactly the
 * installed modules, in their installed versions, and its Bible store every installed Bible. A process
 * learns of a change by reading one number (`library_state.revision`), every few seconds, so an install
 * made by another process (or the CLI) is served here within that time, without a restart.
 */
export class LibrarySync {
  private seen: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** The check under way, and the one asked for while it runs (which must read the revision afresh). */
  private running: Promise<boolean> | undefined;
  private queued: Promise<boolean> | undefined;

  constructor(
    private readonly repo: LibraryRepository,
    /** This process's SWORD root for installed modules. */
    private readonly root: string,
    private readonly translations: BibleLibrary,
    /** Told which translations changed (pages cached for them must go). */
    private readonly changed: (codes: string[]) => Promise<void>,
    private readonly log: LibraryLog,
  ) {}

  start(intervalMs = 2000): void {
    this.timer = setInterval(() => {
      if (this.running) return; // the tick after will look
      void this.check().catch((error: Error) => this.log.warn({ err: error }, `library: could not sync: ${error.message}`));
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
    await this.queued?.catch(() => undefined);
  }

  /**
   * Applies the library's changes since the last check; answers whether there were any. A check asked
   * for while one runs starts when it ends: the running one may have read the revision before the
   * change its caller just made (a job that finished in this process), and must not answer for it.
   */
  check(): Promise<boolean> {
    if (!this.running) return (this.running = this.once().finally(() => (this.running = undefined)));
    this.queued ??= this.running
      .catch(() => false)
      .then(() => {
        this.queued = undefined;
        return this.check();
      });
    return this.queued;
  }

  private async once(): Promise<boolean> {
    const revision = await this.repo.revision();
    if (revision === this.seen) return false;
    await this.apply();
    this.seen = revision;
    return true;
  }

  private async apply(): Promise<void> {
    const installed = await this.repo.installed();
    const local = new Map(discoverSwordModules([this.root]).map((m) => [m.name.toLowerCase(), m.conf.get('Version') ?? '1.0']));
    for (const module of installed) {
      if (local.get(module.name.toLowerCase()) === module.version) continue;
      const [row, zip] = await Promise.all([this.repo.installedModule(module.name), this.repo.modulePackage(module.name)]);
      if (!row || !zip) continue; // removed meanwhile: the next check sees it
      try {
        await writeModulePackage(await readModulePackage(zip, readCatalogueEntry(row.conf, module.name)), this.root);
      } catch (error) {
        this.log.warn({ module: module.name }, `library: could not unpack ${module.name} here: ${(error as Error).message}`);
      }
    }
    const wanted = new Set(installed.map((m) => m.name.toLowerCase()));
    for (const name of local.keys()) {
      if (!wanted.has(name)) await removeModuleFiles(this.root, discoverSwordModules([this.root]).find((m) => m.name.toLowerCase() === name)!.name);
    }
    const codes = await this.translations.reload();
    if (codes.length) await this.changed(codes);
  }
}
