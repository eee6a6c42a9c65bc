import {
  LIBRARY_PAGE_SIZE,
  type LibraryJob,
  type LibraryModule,
  type ModuleDetail,
  type ModulesPage,
  type RepositoryStatus,
  type StarterSet,
  type modulesQuery,
  type repositoryInput,
} from '#common/contracts/library.ts';
import type { z } from 'zod';
import { Conflict, Invalid, NotFound } from '../../lib/errors.ts';
import type { Catalogue } from '../../scripture/library/catalogue.ts';
import type { CatalogueEntry } from '../../scripture/library/catalogue-entry.ts';
import {
  downloadCatalogueIfChanged,
  FETCH_CATALOGUE_DEFAULTS,
  readRepositoryCatalogue,
  type FetchCatalogueOptions,
} from '../../scripture/library/fetch-catalogue.ts';
import { defaultPackageUrl, type Repository } from '../../scripture/library/repositories.ts';
import { starterSet } from '../../scripture/library/starter-set.ts';
import { unsupportedReason } from '../../scripture/library/support.ts';
import { compareVersions } from '../../scripture/library/version.ts';
import type { LibraryJobRow, LibraryRepository } from './library.repository.ts';

/** Where the library writes what happened (the server's logger, or a quiet one for the CLI). */
export interface LibraryLog {
  info(data: object, message: string): void;
  warn(data: object, message: string): void;
}

/** Catalogues are read again at most this often unless an admin asks (issue 30 §1: "at most daily"). */
export const CATALOGUE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** A refresh claim older than the download's own time limit and this margin was left by a process that stopped. */
const REFRESH_CLAIM_MARGIN_MS = 60_000;
/** How often a refresh that joined another looks whether it is done. */
const REFRESH_WAIT_POLL_MS = 200;

type ModulesQuery = z.output<typeof modulesQuery>;

/** A module a repository offers, with the repository it comes from. */
export interface OfferedModule {
  repository: Repository;
  entry: CatalogueEntry;
}

/**
 * The library as admins see it: the repositories and their cached catalogues, what is installed, and the
 * queue of install, remove and update jobs (run by LibraryJobRunner in whichever process claims them).
 */
export class LibraryService {
  /** Parsed catalogues, by repository, for the archive fetched at that time. */
  private readonly parsed = new Map<string, { fetchedAt: number; catalogue: Catalogue }>();

  constructor(
    private readonly repo: LibraryRepository,
    private readonly options: { seed: readonly Repository[]; fetch?: Partial<FetchCatalogueOptions>; log: LibraryLog },
  ) {}

  async start(): Promise<void> {
    await this.repo.seedRepositories(this.options.seed);
  }

  // Repositories and catalogues ---------------------------------------------------------------------

  async repositories(): Promise<RepositoryStatus[]> {
    const [list, catalogues, rows] = await Promise.all([this.repo.repositories(), this.catalogues(), this.repo.catalogueStatuses()]);
    const statuses = new Map(rows.map((c) => [c.repository, c]));
    return list.map((r) => {
      const status = statuses.get(r.name);
      return {
        ...r,
        fetchedAt: status?.fetchedAt?.toISOString() ?? null,
        checkedAt: (status?.checkedAt ?? status?.fetchedAt)?.toISOString() ?? null,
        moduleCount: catalogues.get(r.name)?.entries.length ?? 0,
        error: status?.error ?? null,
        refreshing: Boolean(status?.refreshingSince),
      };
    });
  }

  async setRepositories(input: readonly z.output<typeof repositoryInput>[]): Promise<RepositoryStatus[]> {
    const names = new Set<string>();
    for (const r of input) {
      const key = r.name.toLowerCase();
      if (names.has(key)) throw new Invalid(`Two repositories are called ${r.name}: give each its own name.`);
      names.add(key);
    }
    await this.repo.setRepositories(
      input.map((r) => ({
        name: r.name,
        catalogueUrl: r.catalogueUrl.replace(/\/+$/, ''),
        packageUrl: (r.packageUrl ?? defaultPackageUrl(r.catalogueUrl)).replace(/\/+$/, ''),
      })),
    );
    return this.repositories();
  }

  /**
   * Reads catalogues again: every repository (or the one named) when `force`, else those not read for a
   * day. A repository that fails keeps what it listed before and says why; the others are still read.
   */
  async refresh(options: { repository?: string; force: boolean }): Promise<RepositoryStatus[]> {
    const list = await this.repo.repositories();
    const chosen = options.repository ? list.filter((r) => r.name.toLowerCase() === options.repository!.toLowerCase()) : list;
    if (options.repository && chosen.length === 0) throw new NotFound(`There is no repository called ${options.repository}.`);
    const statuses = new Map((await this.repo.catalogueStatuses()).map((c) => [c.repository, c]));
    const due = chosen.filter((r) => options.force || !statuses.get(r.name) || Date.now() - statuses.get(r.name)!.triedAt.getTime() > CATALOGUE_MAX_AGE_MS);
    // One repository at a time: several often share a host, which asks clients not to crowd it.
    for (const repository of due) await this.refreshOne(repository);
    return this.repositories();
  }

  /**
   * Reads one catalogue, unless a refresh of it is already under way (in this process or another): then
   * this one joins it, waiting for its outcome rather than asking the repository twice.
   */
  private async refreshOne(repository: Repository): Promise<void> {
    const staleMs = this.fetchOptions().timeoutMs + REFRESH_CLAIM_MARGIN_MS;
    if (!(await this.repo.claimRefresh(repository.name, staleMs))) {
      this.options.log.info({ repository: repository.name }, `library: joining the refresh of ${repository.name} under way`);
      // Joined: done when the claim is given up. Only a claim gone stale (its process stopped) is taken
      // over; a claim given up between two looks is the refresh this one joined finishing, not a cue to
      // ask the repository again.
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, REFRESH_WAIT_POLL_MS));
        const status = (await this.repo.catalogueStatuses()).find((c) => c.repository === repository.name);
        if (!status?.refreshingSince) return;
        if (await this.repo.takeOverStaleRefresh(repository.name, staleMs)) break;
      }
    }
    try {
      await this.readCatalogue(repository);
    } finally {
      await this.repo.releaseRefresh(repository.name);
    }
  }

  private fetchOptions(): FetchCatalogueOptions {
    return { ...FETCH_CATALOGUE_DEFAULTS, ...this.options.fetch };
  }

  private async readCatalogue(repository: Repository): Promise<void> {
    try {
      const cached = (await this.repo.catalogueStatuses()).find((c) => c.repository === repository.name);
      // Validators only for a catalogue we hold: a 304 to a repository whose archive was lost would leave nothing.
      const since = cached?.fetchedAt ? { etag: cached.etag, lastModified: cached.lastModified } : {};
      const result = await downloadCatalogueIfChanged(repository, since, this.fetchOptions());
      if ('notModified' in result) {
        await this.repo.catalogueUnchanged(repository.name);
        return;
      }
      const archive = Buffer.from(result.archive);
      await readRepositoryCatalogue(repository, archive); // a broken archive is reported, not cached
      await this.repo.saveCatalogue(repository.name, archive, result.validators);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.options.log.warn({ repository: repository.name }, `library: could not read the catalogue of ${repository.name}: ${message}`);
      await this.repo.catalogueFailed(repository.name, message);
    }
  }

  /** Every cached catalogue, read from the database and parsed once per download. */
  private async catalogues(): Promise<Map<string, Catalogue>> {
    const result = new Map<string, Catalogue>();
    for (const row of await this.repo.catalogueStatuses()) {
      if (!row.fetchedAt) continue;
      const cached = this.parsed.get(row.repository);
      if (cached?.fetchedAt === row.fetchedAt.getTime()) {
        result.set(row.repository, cached.catalogue);
        continue;
      }
      const archive = await this.repo.catalogueArchive(row.repository);
      if (!archive) continue;
      try {
        const catalogue = await readRepositoryCatalogue({ name: row.repository }, archive);
        this.parsed.set(row.repository, { fetchedAt: row.fetchedAt.getTime(), catalogue });
        result.set(row.repository, catalogue);
      } catch {
        continue; // checked when it was saved; a reader change may refuse it now, and a refresh will say why
      }
    }
    return result;
  }

  /** Every module of every repository, in the repositories' order (the first repository listing a name wins for installs). */
  async offered(): Promise<OfferedModule[]> {
    const [list, catalogues] = await Promise.all([this.repo.repositories(), this.catalogues()]);
    return list.flatMap((repository) => (catalogues.get(repository.name)?.entries ?? []).map((entry) => ({ repository, entry })));
  }

  /** The module to install: from the named repository, else from the first that lists it. */
  async find(name: string, repository?: string): Promise<OfferedModule | undefined> {
    const lower = name.toLowerCase();
    return (await this.offered()).find(
      (m) => m.entry.name.toLowerCase() === lower && (!repository || m.repository.name.toLowerCase() === repository.toLowerCase()),
    );
  }

  // Modules -----------------------------------------------------------------------------------------

  /** Every module of every repository (or of one), as the panel and the CLI list them. */
  async listAll(locale: string, repository?: string): Promise<LibraryModule[]> {
    const installed = await this.installedVersions();
    const names = languageNamer(locale);
    return (await this.offered())
      .filter((m) => !repository || m.repository.name.toLowerCase() === repository.toLowerCase())
      .map((m) => view(m, installed, names));
  }

  async modules(query: ModulesQuery, locale: string): Promise<ModulesPage> {
    const names = languageNamer(locale);
    const all = await this.listAll(locale, query.repository);
    const languages = new Map<string, number>();
    for (const m of all) languages.set(m.language, (languages.get(m.language) ?? 0) + 1);
    const q = query.q.toLowerCase();
    const matching = all.filter(
      (m) =>
        (!query.kind || m.kind === query.kind) &&
        (!query.language || m.language === query.language) &&
        (!query.licence || licenceFilter(m) === query.licence) &&
        (!query.installed || (query.installed === 'yes') === (m.installedVersion !== null)) &&
        (!q || `${m.name} ${m.description} ${m.languageName}`.toLowerCase().includes(q)),
    );
    const pageCount = Math.max(1, Math.ceil(matching.length / LIBRARY_PAGE_SIZE));
    const page = Math.min(query.page, pageCount);
    return {
      modules: matching.slice((page - 1) * LIBRARY_PAGE_SIZE, page * LIBRARY_PAGE_SIZE),
      total: matching.length,
      page,
      pageCount,
      languages: [...languages].map(([tag, count]) => ({ tag, name: names(tag), count })).sort((a, b) => a.name.localeCompare(b.name, locale)),
    };
  }

  async module(repository: string, name: string, locale: string): Promise<ModuleDetail> {
    const found = await this.find(name, repository);
    if (!found) throw new NotFound(`${repository} does not list a module called ${name}.`);
    const { entry } = found;
    return {
      ...view(found, await this.installedVersions(), languageNamer(locale)),
      about: entry.about,
      copyright: entry.copyright ?? null,
      versionDate: entry.versionDate ?? null,
      features: [...entry.features],
    };
  }

  /** The starter set for a site in the admin's language: what is suggested and not installed yet. */
  async starter(locale: string): Promise<StarterSet> {
    const installed = await this.installedVersions();
    const names = languageNamer(locale);
    const offered = await this.offered();
    const language = locale.split('-')[0]!;
    const picks = starterSet(
      offered.map((m) => ({ entry: m.entry, installable: isInstallable(m.entry) })),
      language,
      new Set(installed.keys()),
    );
    return {
      language,
      languageName: names(language),
      suggestions: picks.map(({ role, entry }) => ({
        role,
        module: view(
          offered.find((m) => m.entry === entry)!,
          installed,
          names,
        ),
      })),
    };
  }

  /** Queues every suggestion of the starter set (each from the repository that lists it). */
  async installStarter(locale: string, requestedBy: string | null): Promise<LibraryJob[]> {
    const jobs: LibraryJob[] = [];
    for (const { module } of (await this.starter(locale)).suggestions) {
      if (await this.repo.openJobFor(module.name)) continue;
      jobs.push(await this.request({ action: 'install', module: module.name, repository: module.repository }, requestedBy));
    }
    return jobs;
  }

  private async installedVersions(): Promise<Map<string, string>> {
    return new Map((await this.repo.installed()).map((m) => [m.name.toLowerCase(), m.version]));
  }

  // Jobs --------------------------------------------------------------------------------------------

  /** Queues an install, removal or update, after the checks an admin can act on (the runner checks again). */
  async request(input: { action: 'install' | 'remove' | 'update'; module: string; repository?: string }, requestedBy: string | null): Promise<LibraryJob> {
    const installed = await this.repo.installedModule(input.module);
    let module = installed?.name ?? input.module;
    let repository: string | null = input.repository ?? installed?.repository ?? null;
    if (input.action === 'remove') {
      if (!installed) throw new NotFound(`${input.module} is not installed.`);
    } else {
      if (input.action === 'update' && !installed) throw new NotFound(`${input.module} is not installed, so it cannot be updated.`);
      const offered = await this.find(input.module, input.repository ?? (input.action === 'update' ? installed?.repository : undefined));
      if (!offered) {
        throw new NotFound(
          input.repository ? `${input.repository} does not list a module called ${input.module}.` : `No repository lists a module called ${input.module}.`,
        );
      }
      refuseUninstallable(offered.entry);
      if (input.action === 'update' && installed && compareVersions(offered.entry.version, installed.version) <= 0) {
        throw new Conflict(`${installed.name} ${installed.version} is already the newest version ${offered.repository.name} offers.`);
      }
      if (input.action === 'install' && installed && compareVersions(offered.entry.version, installed.version) <= 0) {
        throw new Conflict(`${installed.name} ${installed.version} is already installed.`);
      }
      module = offered.entry.name;
      repository = offered.repository.name;
    }
    const open = await this.repo.openJobFor(module);
    if (open) throw new Conflict(`${module} already has a job waiting or running; wait for it or cancel it.`);
    return jobView(await this.repo.queue({ action: input.action, module, repository, requestedBy }));
  }

  /** Queues an update of every installed module a repository has a newer version of. */
  async requestUpdates(requestedBy: string | null): Promise<LibraryJob[]> {
    const jobs: LibraryJob[] = [];
    for (const m of await this.listAll('en')) {
      if (m.updateAvailable && !(await this.repo.openJobFor(m.name)))
        jobs.push(await this.request({ action: 'update', module: m.name, repository: m.repository }, requestedBy));
    }
    return jobs;
  }

  async jobs(): Promise<LibraryJob[]> {
    return (await this.repo.jobs()).map(jobView);
  }

  async job(id: number): Promise<LibraryJob> {
    const row = await this.repo.job(id);
    if (!row) throw new NotFound('No such job.');
    return jobView(row);
  }

  async cancel(id: number): Promise<LibraryJob> {
    const row = await this.repo.cancel(id);
    if (!row) throw new NotFound('No such job.');
    return jobView(row);
  }
}

function isInstallable(entry: CatalogueEntry): boolean {
  return !entry.locked && entry.licence.redistributable && unsupportedReason(entry) === null;
}

/** Refuses, with the reason, what must never be installed: locked modules, refused licences, formats Selah cannot read. */
export function refuseUninstallable(entry: CatalogueEntry): void {
  if (entry.locked)
    throw new Conflict(`${entry.name} is locked (enciphered): it can only be read with a key its publisher sells, so Selah does not install it.`);
  if (!entry.licence.redistributable) throw new Conflict(`${entry.name} cannot be installed: ${entry.licence.reason}`);
  const unsupported = unsupportedReason(entry);
  if (unsupported) throw new Conflict(`${entry.name} cannot be installed: ${unsupported}`);
}

function view({ repository, entry }: OfferedModule, installed: Map<string, string>, languageName: (tag: string) => string): LibraryModule {
  const installedVersion = installed.get(entry.name.toLowerCase()) ?? null;
  const licence = entry.licence;
  return {
    repository: repository.name,
    name: entry.name,
    kind: entry.kind,
    language: entry.language,
    languageName: languageName(entry.language),
    description: entry.description,
    version: entry.version,
    installSize: entry.installSize ?? null,
    licence: {
      text: licence.licence ?? null,
      installable: licence.redistributable,
      nonCommercial: licence.redistributable && licence.nonCommercial,
      reason: licence.redistributable ? null : licence.reason,
    },
    locked: entry.locked,
    unsupported: unsupportedReason(entry),
    installedVersion,
    updateAvailable: installedVersion !== null && compareVersions(entry.version, installedVersion) > 0,
  };
}

function licenceFilter(m: LibraryModule): 'redistributable' | 'non-commercial' | 'refused' {
  if (!m.licence.installable) return 'refused';
  return m.licence.nonCommercial ? 'non-commercial' : 'redistributable';
}

/** Language tags named in the reader's language ("de" → "German" for an English reader); the tag itself when Intl knows no name. */
export function languageNamer(locale: string): (tag: string) => string {
  let names: Intl.DisplayNames;
  try {
    names = new Intl.DisplayNames([locale, 'en'], { type: 'language', fallback: 'code' });
  } catch {
    names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });
  }
  return (tag) => {
    try {
      return names.of(tag) ?? tag;
    } catch {
      return tag;
    }
  };
}

export function jobView(row: LibraryJobRow): LibraryJob {
  return {
    id: String(row.id),
    action: row.action as LibraryJob['action'],
    module: row.module,
    repository: row.repository,
    state: row.state as LibraryJob['state'],
    bytesDone: row.bytesDone,
    bytesTotal: row.bytesTotal,
    percent: row.bytesTotal ? Math.min(100, Math.floor((row.bytesDone / row.bytesTotal) * 100)) : row.state === 'done' ? 100 : null,
    message: row.message,
    requestedAt: row.requestedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
