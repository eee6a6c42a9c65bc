/**
 * The SWORD repositories a site installs modules from. A repository publishes two folders: its
 * catalogue (a SWORD root: `mods.d.tar.gz`, `mods.d/`, `modules/…`) and a folder of one zip per module.
 * No rule ties the two together across repositories, so the zip folder is derived from the catalogue
 * address by the two conventions in use and can always be given explicitly.
 */
export interface Repository {
  /** What admins and the CLI call it (`--repository NAME`); unique, compared without case. */
  readonly name: string;
  /** The SWORD root: `<catalogueUrl>/mods.d.tar.gz` is the catalogue. No trailing slash. */
  readonly catalogueUrl: string;
  /** The folder of `<Module>.zip` packages. No trailing slash. */
  readonly packageUrl: string;
}

/** CrossWire's main repository and eBible.org's, the ones every SWORD front-end starts with. */
export const DEFAULT_REPOSITORIES: readonly Repository[] = [
  repository('CrossWire', 'https://crosswire.org/ftpmirror/pub/sword/raw', 'https://crosswire.org/ftpmirror/pub/sword/packages/rawzip'),
  repository('eBible', 'https://ebible.org/sword', 'https://ebible.org/sword/zip'),
];

export const REPOSITORIES_FORMAT = 'must be name=https://address entries separated by commas (an optional |https://address after one names its zip folder)';

const NAME = /^[A-Za-z0-9][A-Za-z0-9 ._-]{0,39}$/;

/**
 * Where a repository's zips are when only its catalogue is named: CrossWire's family keeps the
 * catalogue in `…/raw` and the zips in `…/packages/rawzip`; eBible.org (and every Haiola-built
 * repository) in `<catalogue>/zip`.
 */
export function defaultPackageUrl(catalogueUrl: string): string {
  const base = withoutTrailingSlash(catalogueUrl);
  return /\/raw$/.test(base) ? `${base.slice(0, -'/raw'.length)}/packages/rawzip` : `${base}/zip`;
}

/**
 * Reads `SWORD_REPOSITORIES`: `name=https://catalogue[|https://packages],…`. Returns the list, or the
 * reason it cannot be read as one line that follows REPOSITORIES_FORMAT in an error message.
 */
export function parseRepositories(text: string): { ok: true; repositories: Repository[] } | { ok: false; reason: string } {
  const repositories: Repository[] = [];
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return { ok: false, reason: 'names no repository' };
  for (const part of parts) {
    const eq = part.indexOf('=');
    if (eq < 0) return { ok: false, reason: `"${part}" has no name= before its address` };
    const name = part.slice(0, eq).trim();
    if (!NAME.test(name)) return { ok: false, reason: `"${name}" is not a name (letters, digits, spaces, . _ -; at most 40)` };
    if (repositories.some((r) => r.name.toLowerCase() === name.toLowerCase())) return { ok: false, reason: `"${name}" is named twice` };
    const [catalogue, packages, extra] = part
      .slice(eq + 1)
      .split('|')
      .map((s) => s.trim());
    if (extra !== undefined) return { ok: false, reason: `"${name}" has more than two addresses` };
    for (const address of [catalogue, packages]) {
      if (address === undefined) continue;
      const problem = addressProblem(address);
      if (problem) return { ok: false, reason: `"${name}": ${problem}` };
    }
    repositories.push(repository(name, catalogue!, packages));
  }
  return { ok: true, repositories };
}

function repository(name: string, catalogueUrl: string, packageUrl?: string): Repository {
  const catalogue = withoutTrailingSlash(catalogueUrl);
  return { name, catalogueUrl: catalogue, packageUrl: packageUrl ? withoutTrailingSlash(packageUrl) : defaultPackageUrl(catalogue) };
}

function addressProblem(address: string): string | undefined {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return `"${address}" is not an address`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `"${address}" is not an http or https address`;
  // The address is shown in the admin panel and logs: a password in it would be shown too.
  if (url.username || url.password) return `"${address}" holds a user name or password`;
  if (url.search || url.hash) return `"${address}" has a query or fragment; a repository is a folder`;
  return undefined;
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
