import { findSwordModule, type SwordModule } from '../../scripture/sword/discover.ts';
import { moduleListsStamp, moduleRoots } from '../../scripture/library/module-roots.ts';
import type { CrossReferences } from '../../scripture/cross-references/cross-references.ts';
import { Commentary } from './commentary.ts';
import { openSource, type SourceRoots } from './installed-source.ts';
import { NaveTopics } from './nave-topics.ts';
import type { StudySources } from './passage-finder.ts';
import type { InstalledCommentaries } from '../study-tools/installed-commentaries.ts';
import type { StrongsLexicons } from '../study-tools/strongs-lexicons.ts';

type Log = { warn(message: string): void };

/**
 * One study source as installed now: looked up again after `forget()` or when a root's list of modules
 * changed (a .conf added or removed), and opened again only when another module (another root, or another
 * version) is found, since opening Nave's reads all of it.
 */
class LiveSource<T> {
  private held?: { stamp: string; source: T | undefined };
  private looked?: string;

  constructor(
    private readonly roots: readonly string[],
    private readonly find: (roots: readonly string[]) => SwordModule | undefined,
    private readonly open: (module: SwordModule) => T | undefined,
  ) {}

  forget(): void {
    this.looked = undefined;
  }

  get current(): T | undefined {
    const lists = moduleListsStamp(this.roots);
    if (this.looked !== lists) {
      this.looked = lists;
      const found = this.find(this.roots);
      const stamp = found ? `${found.root}\n${found.name}\n${found.conf.get('Version') ?? ''}` : '';
      if (stamp !== this.held?.stamp) this.held = { stamp, source: found && this.open(found) };
    }
    return this.held?.source;
  }
}

/**
 * The AI's study sources (Nave's, Matthew Henry's commentary) as installed now: an install, update or
 * removal from the library, on any process (each says so with `pages-changed`), reaches the next answer
 * without a restart.
 */
export class LiveStudySources implements StudySources {
  private readonly nave: LiveSource<NaveTopics>;
  private readonly mhcc: LiveSource<Commentary>;
  /** For a passage's key words and what every installed commentary says on it: the study tools' own readers. */
  readonly lexicons: StrongsLexicons;
  readonly commentaries: InstalledCommentaries;

  constructor(config: SourceRoots, crossReferences: CrossReferences, readers: { lexicons: StrongsLexicons; commentaries: InstalledCommentaries }, log: Log) {
    const roots = moduleRoots(config);
    // The study panel's own readers (the study-tools module forgets them when the library changes).
    this.lexicons = readers.lexicons;
    this.commentaries = readers.commentaries;
    this.nave = new LiveSource(
      roots,
      (within) => findSwordModule('Nave', within),
      (found) => openSource(found, log, (module) => NaveTopics.open(module, crossReferences), "uses Selah's own topics only"),
    );
    this.mhcc = new LiveSource(
      roots,
      (within) => findSwordModule('MHCC', within),
      (found) => openSource(found, log, (module) => Commentary.open(module), 'answers without a commentary'),
    );
  }

  get topics(): NaveTopics | undefined {
    return this.nave.current;
  }

  get commentary(): Commentary | undefined {
    return this.mhcc.current;
  }

  /** The library changed: look again before the next answer. */
  forget(): void {
    this.nave.forget();
    this.mhcc.forget();
  }
}
