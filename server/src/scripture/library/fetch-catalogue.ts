import { CatalogueError, readCatalogueArchive, type Catalogue, type CatalogueLimits, CATALOGUE_LIMITS } from './catalogue.ts';
import type { Repository } from './repositories.ts';

export interface FetchCatalogueOptions {
  /** The whole download, from the request to the last byte. */
  readonly timeoutMs: number;
  /** The most `mods.d.tar.gz` may weigh (CrossWire's and eBible's are a few hundred KiB). */
  readonly maxBytes: number;
  readonly limits?: CatalogueLimits;
}

export const FETCH_CATALOGUE_DEFAULTS: FetchCatalogueOptions = { timeoutMs: 60_000, maxBytes: 16 * 2 ** 20 };

const USER_AGENT = 'Selah (SWORD module library)';

/** The address of a repository's catalogue. */
export function catalogueAddress(repository: Repository): string {
  return `${repository.catalogueUrl}/mods.d.tar.gz`;
}

/** Downloads and reads one repository's catalogue; every failure is a CatalogueError naming the repository. */
export async function fetchCatalogue(repository: Repository, options: FetchCatalogueOptions = FETCH_CATALOGUE_DEFAULTS): Promise<Catalogue> {
  return readRepositoryCatalogue(repository, await downloadCatalogue(repository, options), options.limits);
}

/** Reads a repository's downloaded catalogue; a CatalogueError names the repository. */
export async function readRepositoryCatalogue(
  repository: Pick<Repository, 'name'>,
  archive: Uint8Array,
  limits: CatalogueLimits = CATALOGUE_LIMITS,
): Promise<Catalogue> {
  try {
    return await readCatalogueArchive(archive, limits);
  } catch (error) {
    if (error instanceof CatalogueError) throw new CatalogueError(`${repository.name}: ${error.message}`);
    throw error;
  }
}

export interface RepositoryCatalogue extends Catalogue {
  readonly repository: Repository;
}

/**
 * Every repository's catalogue, read side by side. A repository that fails (unreachable, 404, too slow,
 * a broken archive) is reported in `failures` and the others are still listed.
 */
export async function fetchCatalogues(
  repositories: readonly Repository[],
  options: FetchCatalogueOptions = FETCH_CATALOGUE_DEFAULTS,
): Promise<{ catalogues: RepositoryCatalogue[]; failures: { repository: Repository; message: string }[] }> {
  const results = await Promise.allSettled(repositories.map((repository) => fetchCatalogue(repository, options)));
  const catalogues: RepositoryCatalogue[] = [];
  const failures: { repository: Repository; message: string }[] = [];
  results.forEach((result, i) => {
    const repository = repositories[i]!;
    if (result.status === 'fulfilled') catalogues.push({ repository, ...result.value });
    else
      failures.push({ repository, message: result.reason instanceof CatalogueError ? result.reason.message : `${repository.name}: ${String(result.reason)}` });
  });
  return { catalogues, failures };
}

/** `mods.d.tar.gz` as the repository sends it (checked for size, not read). */
export async function downloadCatalogue(repository: Repository, options: FetchCatalogueOptions = FETCH_CATALOGUE_DEFAULTS): Promise<Uint8Array> {
  const result = await downloadCatalogueIfChanged(repository, {}, options);
  if (!('archive' in result)) throw new CatalogueError(`${repository.name}: answered 304 Not Modified to a request that was not conditional`);
  return result.archive;
}

/** What a server said identifies the catalogue it sent, to ask next time whether it changed. */
export interface CatalogueValidators {
  readonly etag?: string | null;
  readonly lastModified?: string | null;
}

export type ConditionalCatalogue = { readonly notModified: true } | { readonly archive: Uint8Array; readonly validators: CatalogueValidators };

/**
 * `mods.d.tar.gz` unless it is unchanged since the download these validators came from: CrossWire's
 * catalogue is re-read by every client every day, and a 304 costs the repository a few hundred bytes.
 */
export async function downloadCatalogueIfChanged(
  repository: Repository,
  since: CatalogueValidators,
  options: FetchCatalogueOptions = FETCH_CATALOGUE_DEFAULTS,
): Promise<ConditionalCatalogue> {
  const address = catalogueAddress(repository);
  const signal = AbortSignal.timeout(options.timeoutMs);
  const fail = (why: string) => new CatalogueError(`${repository.name}: ${why} (${address})`);
  const timedOut = () => fail(`no complete answer in ${options.timeoutMs} ms`);
  let response: Response;
  try {
    // identity: the archive is gzip already; a server that gzips it again only costs us a step.
    const headers: Record<string, string> = { 'user-agent': USER_AGENT, 'accept-encoding': 'identity' };
    if (since.etag) headers['if-none-match'] = since.etag;
    if (since.lastModified) headers['if-modified-since'] = since.lastModified;
    response = await fetch(address, { signal, redirect: 'follow', headers });
  } catch (error) {
    if (signal.aborted) throw timedOut();
    throw fail(`could not connect (${causeOf(error)})`);
  }
  if (response.status === 304 && (since.etag || since.lastModified)) {
    await response.body?.cancel().catch(() => undefined);
    return { notModified: true };
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw fail(response.status === 404 ? 'the repository has no mods.d.tar.gz (HTTP 404)' : `HTTP ${response.status}`);
  }
  const declared = Number(response.headers.get('content-length'));
  if (declared > options.maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw fail(`the catalogue is larger than ${options.maxBytes} bytes`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    // Node's streams are async-iterable; the DOM typings some configs load do not say so.
    for await (const chunk of (response.body ?? []) as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > options.maxBytes) {
        await response.body?.cancel().catch(() => undefined);
        throw fail(`the catalogue is larger than ${options.maxBytes} bytes`);
      }
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof CatalogueError) throw error;
    if (signal.aborted) throw timedOut();
    throw fail(`the download broke off (${causeOf(error)})`);
  }
  return {
    archive: Buffer.concat(chunks),
    validators: { etag: response.headers.get('etag'), lastModified: response.headers.get('last-modified') },
  };
}

function causeOf(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return (cause as NodeJS.ErrnoException)?.code ?? (cause instanceof Error ? cause.message : String(cause));
}
