import type { LibraryModule } from '#common/contracts/library.ts';

/** A module of the library's list for tests: the KJV, installable and not installed, changed by `over`. */
export const libraryModule = (over: Partial<LibraryModule> = {}): LibraryModule => ({
  repository: 'CrossWire',
  name: 'KJV',
  kind: 'bible',
  language: 'en',
  languageName: 'English',
  description: 'King James Version',
  version: '3.1',
  installSize: 3_040_870,
  licence: { text: 'Public Domain', installable: true, nonCommercial: false, reason: null },
  locked: false,
  unsupported: null,
  installedVersion: null,
  updateAvailable: false,
  ...over,
});
