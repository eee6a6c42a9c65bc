import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadModules, MODULE_FILES } from './index.ts';

// Feature modules, and the access layer below them (which wires itself the same way).
const folders = [new URL('./', import.meta.url), new URL('../access/', import.meta.url)];
const moduleFiles = folders.flatMap((folder) =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.module.ts'))
    .map((file) => fileURLToPath(new URL(file, folder))),
);

describe('the module list', () => {
  it('names every module file once, so a module is added by its folder and one line of the list', () => {
    const listed = MODULE_FILES.map((file) => fileURLToPath(new URL(file, import.meta.url)));
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...moduleFiles].sort());
  });

  it('loads one module with a distinct name from each file, in the order listed', async () => {
    const modules = await loadModules();
    expect(modules).toHaveLength(MODULE_FILES.length);
    expect(new Set(modules.map((module) => module.name)).size).toBe(modules.length);
    expect(modules[0]!.name).toBe('bible');
    expect(modules.at(-1)!.name).toBe('web');
  });
});
