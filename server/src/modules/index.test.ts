import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SelahModule } from '../lib/module/module.ts';
import { MODULES } from './index.ts';

// Feature modules, and the access layer below them (which wires itself the same way).
const folders = [new URL('./', import.meta.url), new URL('../access/', import.meta.url)];
const moduleFiles = folders.flatMap((folder) =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.module.ts'))
    .map((file) => new URL(file, folder)),
);

describe('the module list', () => {
  it('holds every module file’s module once, so a module is added by its file and one line here', async () => {
    const declared: SelahModule[] = [];
    for (const file of moduleFiles) {
      const exports = (await import(file.href)) as Record<string, SelahModule>;
      declared.push(...Object.values(exports).filter((value) => typeof value?.setup === 'function'));
    }
    expect(declared.length).toBe(moduleFiles.length);
    expect(new Set(MODULES).size).toBe(MODULES.length);
    expect([...MODULES].sort((a, b) => a.name.localeCompare(b.name))).toEqual(declared.sort((a, b) => a.name.localeCompare(b.name)));
  });
});
