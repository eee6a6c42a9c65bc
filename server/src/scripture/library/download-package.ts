import type { CatalogueEntry } from './catalogue-entry.ts';
import { downloadFile, type DownloadPackageOptions } from './download-file.ts';
import { downloadModuleFolder } from './download-folder.ts';
import { PackageError } from './module-package.ts';
import type { Repository } from './repositories.ts';

/** Where a repository keeps a module's zip. */
export function packageAddress(repository: Repository, moduleName: string): string {
  return `${repository.packageUrl}/${encodeURIComponent(moduleName)}.zip`;
}

/**
 * Downloads `<zip folder>/<Module>.zip`, or the lower-cased name when that is missing (some pages
 * and mirrors only have that). A big module on a slow link may take minutes, so only silence ends
 * it (the idle timeout), never a total time (bibletime's 10 s per-file limit aborted big modules).
 */
export async function downloadPackage(repository: Repository, entry: CatalogueEntry, options: DownloadPackageOptions): Promise<Buffer> {
  const names = [entry.name, ...(entry.name.toLowerCase() !== entry.name ? [entry.name.toLowerCase()] : [])];
  for (const name of names) {
    const result = await downloadFile(repository, entry, packageAddress(repository, name), options);
    if (result !== 'not-found') return result;
  }
  // As SWORD's install manager does for a repository that publishes no zips: the module's own files.
  const files = await downloadModuleFolder(repository, entry, options);
  if (files !== 'not-found') return files;
  throw new PackageError(
    `${entry.name}: ${repository.name} has no ${entry.name}.zip (HTTP 404, ${packageAddress(repository, entry.name)}) and no listing of the module's folder.`,
  );
}
