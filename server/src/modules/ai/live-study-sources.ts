import type { SwordModule } from '../../scripture/sword/discover.ts';
import type { CrossReferences } from '../../scripture/cross-references/cross-references.ts';
import { Commentary } from './commentary.ts';
import { findInstalledModule, openSource, type SourceRoots } from './installed-source.ts';
import { NaveTopics } from './nave-topics.ts';
import type { StudySources } from './passage-finder.ts';

type Log = { warn(message: string): void };

/**
 * One study source as installed now: looked up again after `forget()`, and opened again only when
 * another module (another root, or another version) is found, since opening Nave's reads all of it.
 */
class LiveSource<T> {
  private held?: { stamp: string; source: T | undefined };
  private stale = true;

  constructor(
    private readonly find: () => SwordModule | undefined,
    private readonly open: (module: SwordModule) => T | undefined,
  ) {}

  forget(): void {
    this.stale = true;
  }

  get current(): T | undefined {
    if (this.stale) {
      const found = this.find();
      const stamp = found ? `${found.root}\n${found.name}\n${found.conf.get('Version') ?? ''}` : '';
      if (stamp !== this.held?.stamp) this.held = { stamp, source: found && this.open(found) };
      this.stale = false;
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

  constructor(config: SourceRoots, crossReferences: CrossReferences, log: Log) {
    this.nave = new LiveSource(
      () => findInstalledModule('Nave', config),
      (found) => openSource(found, log, (module) => NaveTopics.open(module, crossReferences), "uses Selah's own topics only"),
    );
    this.mhcc = new LiveSource(
      () => findInstalledModule('MHCC', config),
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
