import type { CatalogueEntry } from './catalogue-entry.ts';
import { cancelled, DEFAULT_IDLE_TIMEOUT_MS, downloadFile, USER_AGENT, type DownloadPackageOptions } from './download-file.ts';
import { moduleDataDir, PACKAGE_LIMITS, PackageError, unpackedByteCap } from './module-package.ts';
import type { Repository } from './repositories.ts';
import { zipFiles } from './zip-writer.ts';

/** A folder listing is a page of links: anything larger is not one. */
const MAX_LISTING_BYTES = 1 << 20;
/** Modules keep their files in one folder; SWORD's own tools never nest deeper than this. */
const MAX_FOLDER_DEPTH = 3;

/** What a folder's listing links to, relative to the folder: files, and sub-folders (with their slash). */
export interface FolderListing {
  files: string[];
  folders: string[];
}

/**
 * The links of a server's HTML folder index (Apache's and nginx's autoindex, lighttpd's dirlisting),
 * read as SWORD's HTTP transport reads them: every `<a href>`, the parent and the sort links passed over.
 * A link anywhere but into this folder (another host, a sibling, `../x`, an encoded slash) refuses the
 * whole listing: the module's files are only ever written under its own folder.
 */
export function readFolderListing(html: string, folderUrl: string, fail: (why: string) => PackageError): FolderListing {
  const folder = new URL(folderUrl);
  const files = new Set<string>();
  const folders = new Set<string>();
  for (const match of html.matchAll(/<a\s[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi)) {
    const href = decodeEntities(match[1] ?? match[2] ?? match[3] ?? '');
    let target: URL;
    try {
      target = new URL(href, folder);
    } catch {
      throw fail(`the listing of ${folderUrl} links to "${href}", which is not an address.`);
    }
    const sameOrigin = target.origin === folder.origin;
    // The folder itself (its sort links: ?C=N;O=D) and the folders above it (Parent Directory).
    if (sameOrigin && folder.pathname.startsWith(target.pathname) && target.pathname.endsWith('/')) continue;
    if (!sameOrigin || !target.pathname.startsWith(folder.pathname)) {
      throw fail(`the listing of ${folderUrl} links to "${href}", outside the module's folder.`);
    }
    const rest = target.pathname.slice(folder.pathname.length);
    const isFolder = rest.endsWith('/');
    let name: string;
    try {
      name = decodeURIComponent(isFolder ? rest.slice(0, -1) : rest);
    } catch {
      throw fail(`the listing of ${folderUrl} links to "${href}", whose name cannot be read.`);
    }
    if (!name || name === '..' || /[/\\\0]/.test(name) || /^[A-Za-z]:/.test(name)) {
      throw fail(`the listing of ${folderUrl} links to "${href}", which is not a plain name in the folder.`);
    }
    if (name.startsWith('.')) continue; // .htaccess and the like: a server's, not the module's
    (isFolder ? folders : files).add(name);
  }
  return { files: [...files], folders: [...folders] };
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|quot|apos|lt|gt);/gi, (_, code: string) => {
    const lower = code.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(Number(lower.slice(1)));
    return { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' }[lower]!;
  });
}

/**
 * A module from a repository that publishes no zips, as SWORD's install manager fetches it: its conf
 * from the catalogue folder's `mods.d/`, and every file under its DataPath, found by walking the
 * server's folder listings. The files are packed into a zip, so the same checks as a downloaded
 * package's follow (readModulePackage) and nothing is written until all of it has arrived.
 * 'not-found' when the repository has neither the conf nor the folder.
 */
export async function downloadModuleFolder(repository: Repository, entry: CatalogueEntry, options: DownloadPackageOptions): Promise<Buffer | 'not-found'> {
  const fail = (why: string) => new PackageError(`${entry.name} from ${repository.name}: ${why}`);
  const dataDir = moduleDataDir(entry.driver, entry.dataPath);
  if (!dataDir) throw fail(`DataPath=${entry.dataPath} names no folder of its own.`);
  const quiet = { signal: options.signal, idleTimeoutMs: options.idleTimeoutMs, fetchImpl: options.fetchImpl };
  const encode = (path: string) => path.split('/').map(encodeURIComponent).join('/');

  const confAddress = `${repository.catalogueUrl}/mods.d/${encodeURIComponent(entry.file)}`;
  const conf = await downloadFile(repository, entry, confAddress, { ...quiet, maxBytes: PACKAGE_LIMITS.maxConfBytes }, 'its conf');
  if (conf === 'not-found') return 'not-found';

  // Every file first, so that the size and count caps are judged before a byte of data is fetched.
  const found: string[] = [];
  const walk = async (relative: string, depth: number): Promise<boolean> => {
    const address = `${repository.catalogueUrl}/${encode(relative)}/`;
    const page = await downloadFile(repository, entry, address, { ...quiet, maxBytes: MAX_LISTING_BYTES }, 'the folder listing');
    if (page === 'not-found') return false;
    const listing = readFolderListing(page.toString('utf8'), address, fail);
    for (const file of listing.files) found.push(`${relative}/${file}`);
    if (found.length > PACKAGE_LIMITS.maxEntries) throw fail(`its folder holds more than ${PACKAGE_LIMITS.maxEntries} files.`);
    for (const sub of listing.folders) {
      if (depth >= MAX_FOLDER_DEPTH) throw fail(`its folder nests deeper than ${MAX_FOLDER_DEPTH} folders (${relative}/${sub}/).`);
      await walk(`${relative}/${sub}`, depth + 1);
    }
    return true;
  };
  if (!(await walk(dataDir, 0))) return 'not-found';
  if (found.length === 0) throw fail(`the listing of ${repository.catalogueUrl}/${dataDir}/ names no files.`);

  const cap = Math.min(options.maxBytes, unpackedByteCap(entry));
  const tooLarge = (bytes: number) => fail(`the module's files are ${bytes} bytes, more than the ${cap} allowed for it.`);
  const sizes = await declaredSizes(
    repository,
    entry,
    found.map((path) => `${repository.catalogueUrl}/${encode(path)}`),
    options,
  );
  const total = sizes.every((s) => s !== null) ? sizes.reduce<number>((sum, s) => sum + s!, 0) : null;
  if (total !== null && total > cap) throw tooLarge(total);

  const files = [{ path: `mods.d/${entry.file}`, bytes: conf }];
  let done = 0;
  options.onProgress?.(0, total);
  for (const path of found) {
    const address = `${repository.catalogueUrl}/${encode(path)}`;
    const bytes = await downloadFile(
      repository,
      entry,
      address,
      { ...quiet, maxBytes: cap - done, onProgress: (d) => options.onProgress?.(done + d, total) },
      "the module's files",
    );
    if (bytes === 'not-found') throw fail(`its folder lists ${path}, but the file is not there (HTTP 404, ${address}).`);
    done += bytes.length;
    files.push({ path, bytes });
  }
  return zipFiles(files);
}

/** Each file's Content-Length from a HEAD request, null where the server does not say (progress has no total then). */
async function declaredSizes(
  repository: Repository,
  entry: CatalogueEntry,
  addresses: readonly string[],
  options: DownloadPackageOptions,
): Promise<(number | null)[]> {
  const sizes: (number | null)[] = [];
  for (const address of addresses) {
    const signal = AbortSignal.any([AbortSignal.timeout(options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS), ...(options.signal ? [options.signal] : [])]);
    try {
      const response = await (options.fetchImpl ?? fetch)(address, {
        method: 'HEAD',
        signal,
        redirect: 'follow',
        headers: { 'user-agent': USER_AGENT, 'accept-encoding': 'identity' },
      });
      const header = response.headers.get('content-length');
      sizes.push(response.ok && header !== null && /^\d+$/.test(header) ? Number(header) : null);
    } catch {
      if (options.signal?.aborted) throw cancelled(repository, entry);
      sizes.push(null); // the GET that follows reports what is wrong with the file
    }
  }
  return sizes;
}
