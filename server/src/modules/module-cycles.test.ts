import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const MODULES = new URL('.', import.meta.url).pathname;

/** Each module's code (tests aside) and the other modules it imports. */
function moduleImports(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const module of readdirSync(MODULES, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    const uses = new Set<string>();
    const files = readdirSync(join(MODULES, module.name), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    for (const file of files) {
      const depth = file.split('/').length - 1;
      // From a file `depth` folders inside the module, `../` that many times more leads to a sibling module.
      const sibling = new RegExp(`from '${'\\.\\./'.repeat(depth + 1)}([a-z-]+)/`, 'g');
      for (const m of readFileSync(join(MODULES, module.name, file), 'utf8').matchAll(sibling)) {
        if (m[1] !== module.name) uses.add(m[1]!);
      }
    }
    graph.set(module.name, uses);
  }
  return graph;
}

/** Every cycle of modules, each once, as "a → b → a". */
function cycles(graph: Map<string, Set<string>>): string[] {
  const found = new Set<string>();
  const walk = (path: string[]) => {
    for (const next of graph.get(path.at(-1)!) ?? []) {
      const at = path.indexOf(next);
      if (at >= 0) {
        const loop = path.slice(at);
        // The same loop read from its alphabetically first module, so each is reported once.
        const first = loop.indexOf([...loop].sort()[0]!);
        found.add([...loop.slice(first), ...loop.slice(0, first), loop[first]].join(' → '));
      } else walk([...path, next]);
    }
  };
  for (const module of graph.keys()) walk([module]);
  return [...found].sort();
}

describe('the server modules', () => {
  it('depend on each other one way: no module imports, however indirectly, a module that imports it', () => {
    const graph = moduleImports();
    // The walk reads real imports: the home page is built on the daily prayer.
    expect(graph.get('home')).toContain('daily');
    expect(cycles(graph)).toEqual([]);
  });
});
