import { discoverSwordModules, type SwordModule } from '../../scripture/sword/discover.ts';
import { moduleListsStamp, moduleRoots, type ModuleRootsConfig } from '../../scripture/library/module-roots.ts';

/** Where study modules are looked for: the library's folder, and the system's SWORD roots when discovery is on. */
export type StudyModuleRoots = ModuleRootsConfig;

// A module rewritten in place leaves its root's mods.d unchanged: the list is read again this often anyway.
const LIST_LIFE_MS = 60_000;

/** A kind of module a study tool reads: its name in messages, which modules it takes, and how one is opened. */
export type ModuleKind<T> = { what: string; wanted: (module: SwordModule) => boolean; open: (module: SwordModule) => T };

type Log = { warn(message: string): void };

/**
 * What every study tool built on one kind of installed module shares: its list of modules, read again
 * when the library changes (`forget`, on every `pages-changed`), and how many are installed.
 */
export abstract class StudyModules<T> {
  protected readonly modules: InstalledModules<T>;

  protected constructor(
    roots: StudyModuleRoots,
    kind: ModuleKind<T>,
    protected readonly log: Log,
    now = () => Date.now(),
    reread?: () => void,
  ) {
    this.modules = new InstalledModules(roots, kind, log, now, reread);
  }

  forget(): void {
    this.modules.forget();
  }

  installed(): number {
    return this.modules.list().length;
  }
}

/**
 * The SWORD modules of one kind installed where this process reads them, each opened once, in
 * module-name order. The list is read again after `forget()` (the library changed), when a root's
 * mods.d folder changed (a .conf added or removed, by the library or by hand), or after LIST_LIFE_MS.
 */
export class InstalledModules<T> {
  private listed?: { at: number; stamp: string; opened: T[] };

  constructor(
    private readonly roots: StudyModuleRoots,
    private readonly kind: ModuleKind<T>,
    private readonly log: { warn(message: string): void },
    private readonly now = () => Date.now(),
    /** Called when the list is read again, so what was kept from the old modules goes. */
    private readonly reread = () => {},
  ) {}

  forget(): void {
    this.listed = undefined;
  }

  list(): T[] {
    const roots = moduleRoots(this.roots);
    const stamp = moduleListsStamp(roots);
    if (this.listed && this.listed.stamp === stamp && this.now() - this.listed.at < LIST_LIFE_MS) return this.listed.opened;
    const opened = discoverSwordModules(roots)
      .filter(this.kind.wanted)
      .sort((a, b) => a.name.localeCompare(b.name))
      .flatMap((m) => this.open(m));
    this.listed = { at: this.now(), stamp, opened };
    this.reread();
    return opened;
  }

  private open(module: SwordModule): T[] {
    try {
      return [this.kind.open(module)];
    } catch (error) {
      this.log.warn(`${this.kind.what} ${module.name} cannot be opened, so the study tools go without it: ${(error as Error).message}`);
      return [];
    }
  }
}
