import type { CatalogueEntry } from './catalogue-entry.ts';
import { PackageError } from './module-package.ts';
import type { Repository } from './repositories.ts';

export interface DownloadPackageOptions {
  /** Aborting it stops the download with a PackageError whose `cancelled` is true. */
  readonly signal?: AbortSignal;
  /** The most the zip may weigh. */
  readonly maxBytes: number;
  /** How long the server may send nothing before the download is given up (default 30 s). */
  readonly idleTimeoutMs?: number;
  /** Bytes received so far, and the Content-Length when the server sent one. */
  onProgress?(bytesDone: number, bytesTotal: number | null): void;
  readonly fetchImpl?: typeof fetch;
}

export const DEFAULT_IDLE_TIMEOUT_MS = 30_000;

export const USER_AGENT = 'Selah (SWORD module library)';

/**
 * One file of a module (its zip, or one of its files), with the idle timeout, cancel, size cap and
 * progress of a package download; 'not-found' on a 404. `what` names it in the size refusal.
 */
export async function downloadFile(
  repository: Repository,
  entry: CatalogueEntry,
  address: string,
  options: DownloadPackageOptions,
  what = 'the package',
): Promise<Buffer | 'not-found'> {
  const fail = (why: string) => new PackageError(`${entry.name} from ${repository.name}: ${why} (${address}).`);
  const protocol = new URL(address).protocol;
  if (protocol !== 'https:' && protocol !== 'http:') throw fail('the repository is not an http or https address');
  if (options.signal?.aborted) throw cancelled(repository, entry);

  const idleMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  const controller = new AbortController();
  let idle = false;
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      idle = true;
      controller.abort();
    }, idleMs);
  };
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const stopped = () => {
    if (options.signal?.aborted) return cancelled(repository, entry);
    if (idle) return fail(`nothing arrived for ${idleMs} ms`);
    return undefined;
  };

  try {
    arm();
    let response: Response;
    try {
      // identity: a zip does not shrink, and Content-Length must count the bytes we receive.
      response = await (options.fetchImpl ?? fetch)(address, {
        signal: controller.signal,
        redirect: 'follow',
        headers: { 'user-agent': USER_AGENT, 'accept-encoding': 'identity' },
      });
    } catch (error) {
      throw stopped() ?? fail(`could not connect (${causeOf(error)})`);
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      if (response.status === 404) return 'not-found';
      throw fail(`HTTP ${response.status}`);
    }
    const header = response.headers.get('content-length');
    const total = header !== null && /^\d+$/.test(header) ? Number(header) : null;
    const tooLarge = () => fail(`${what} is larger than ${options.maxBytes} bytes`);
    if (total !== null && total > options.maxBytes) {
      await response.body?.cancel().catch(() => undefined);
      throw tooLarge();
    }
    const chunks: Uint8Array[] = [];
    let done = 0;
    options.onProgress?.(0, total);
    try {
      for await (const chunk of (response.body ?? []) as unknown as AsyncIterable<Uint8Array>) {
        arm();
        done += chunk.byteLength;
        if (done > options.maxBytes) throw tooLarge();
        chunks.push(chunk);
        options.onProgress?.(done, total);
      }
    } catch (error) {
      controller.abort();
      if (error instanceof PackageError) throw error;
      throw stopped() ?? fail(`the download broke off after ${done} bytes (${causeOf(error)})`);
    }
    if (total !== null && done !== total) throw fail(`the download broke off after ${done} of ${total} bytes`);
    return Buffer.concat(chunks);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

export function cancelled(repository: Repository, entry: CatalogueEntry): PackageError {
  return new PackageError(`${entry.name}: the download from ${repository.name} was cancelled.`, { cancelled: true });
}

function causeOf(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return (cause as NodeJS.ErrnoException)?.code ?? (cause instanceof Error ? cause.message : String(cause));
}
