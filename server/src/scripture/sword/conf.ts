import { readFileSync } from 'node:fs';

/**
 * A SWORD module's .conf: `[ModuleName]`, then `Key=Value` lines. A value ending in `\` continues on
 * the next line; keys may repeat (GlobalOptionFilter, Feature, Obsoletes …) so every key keeps all of
 * its values in file order.
 */
export class SwordConf {
  constructor(
    /** The section name: the module's unique name ("engKJV2006eb", "MHCC"). */
    readonly name: string,
    private readonly values: ReadonlyMap<string, readonly string[]>,
    /** Encoding of the module's text: what `Encoding=` says, guessed when it is missing. */
    readonly encoding: SwordEncoding,
  ) {}

  /** The first value of a key (SWORD reads the first when a single-valued key is repeated). */
  get(key: string): string | undefined {
    return this.values.get(key)?.[0];
  }

  getAll(key: string): readonly string[] {
    return this.values.get(key) ?? [];
  }

  keys(): string[] {
    return [...this.values.keys()];
  }
}

export type SwordEncoding = 'UTF-8' | 'Latin-1' | 'UTF-16' | 'SCSU';

/** Reads every section of a .conf file; `file` names the source in error messages. */
export function parseConfSections(input: Uint8Array | string, file = 'module.conf'): SwordConf[] {
  const text = typeof input === 'string' ? input : decodeConf(input);
  const sections: { name: string; values: Map<string, string[]> }[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!;
    const header = /^\s*\[([^\]]*)\]\s*$/.exec(line);
    if (header) {
      sections.push({ name: header[1]!.trim(), values: new Map() });
      continue;
    }
    if (/^\s*(#|$)/.test(line)) continue;
    // Continuation lines: the value goes on until a line that does not end in a backslash.
    while (line.endsWith('\\') && i + 1 < lines.length) line = line.slice(0, -1) + '\n' + lines[++i]!;
    const eq = line.indexOf('=');
    const section = sections.at(-1);
    if (eq <= 0 || !section) continue; // SWORD skips lines it cannot read; so do we
    const key = line.slice(0, eq).trim();
    const value = line.slice(eq + 1).trim();
    const list = section.values.get(key);
    if (list) list.push(value);
    else section.values.set(key, [value]);
  }
  if (sections.length === 0) throw new Error(`${file}: no [ModuleName] section`);
  const bytes = typeof input === 'string' ? undefined : input;
  return sections.map((s) => new SwordConf(s.name, s.values, moduleEncoding(s.values, bytes)));
}

/**
 * The module section of a .conf. Some files open with an empty `[Globals]` section (MHCC's does), so
 * this is the first section that says where the data is.
 */
export function parseConf(input: Uint8Array | string, file = 'module.conf'): SwordConf {
  const sections = parseConfSections(input, file);
  return sections.find((s) => s.get('DataPath') !== undefined || s.get('ModDrv') !== undefined) ?? sections[0]!;
}

export function readConfFile(path: string): SwordConf {
  return parseConf(readFileSync(path), path);
}

const utf8Strict = new TextDecoder('utf-8', { fatal: true });
const utf8 = new TextDecoder('utf-8');
const latin1 = new TextDecoder('latin1');

function declaredEncoding(bytes: Uint8Array): string | undefined {
  // Key names are ASCII, so Latin-1 decoding is enough to find the declaration.
  return /^\s*Encoding\s*=\s*(\S+)/m.exec(latin1.decode(bytes))?.[1];
}

function decodeConf(bytes: Uint8Array): string {
  const declared = declaredEncoding(bytes);
  if (declared && /^utf-?8$/i.test(declared)) return utf8.decode(bytes);
  if (declared) return latin1.decode(bytes);
  // No Encoding (a Debian packaging bug in some modules): valid UTF-8 with non-ASCII bytes is
  // almost never meant as Latin-1.
  try {
    return utf8Strict.decode(bytes);
  } catch {
    return latin1.decode(bytes);
  }
}

function moduleEncoding(values: ReadonlyMap<string, readonly string[]>, bytes: Uint8Array | undefined): SwordEncoding {
  const declared = values.get('Encoding')?.[0];
  if (declared) {
    if (/^utf-?8$/i.test(declared)) return 'UTF-8';
    if (/^utf-?16/i.test(declared)) return 'UTF-16';
    if (/^scsu$/i.test(declared)) return 'SCSU';
    return 'Latin-1';
  }
  // SWORD's default is Latin-1; a conf that is itself UTF-8 with non-ASCII text says otherwise.
  if (bytes && bytes.some((b) => b >= 0x80)) {
    try {
      utf8Strict.decode(bytes);
      return 'UTF-8';
    } catch {
      /* Latin-1 after all */
    }
  }
  return 'Latin-1';
}

export type SwordModuleType = 'Bible' | 'Commentary' | 'Dictionary' | 'GenBook';

/** What kind of module a driver serves: `ModDrv` decides, the Category text does not. */
export function moduleTypeOf(driver: string): SwordModuleType | undefined {
  const d = driver.toLowerCase();
  if (/^(ztext|rawtext)4?$/.test(d)) return 'Bible';
  if (/^(zcom|rawcom)4?$|^(hrefcom|rawfiles)$/.test(d)) return 'Commentary';
  if (/^(zld|rawld)4?$/.test(d)) return 'Dictionary';
  if (d === 'rawgenbook') return 'GenBook';
  return undefined;
}
