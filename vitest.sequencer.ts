import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, each first in its project when vitest has not timed it yet (a fresh
 * clone, as in CI). Vitest then runs larger files first, and the accessibility walks are three-line
 * files whose checks live in a helper: they came last, and one worker ran them alone for minutes
 * while the other waited (issue 33 §4). Once vitest has timed a file, its own longest-first order
 * takes over.
 */
export const SLOWEST_FIRST = [
  'e2e/a11y-desktop.e2e.test.ts',
  'e2e/a11y-phone.e2e.test.ts',
  'e2e/offline.e2e.test.ts',
  'e2e/library.e2e.test.ts',
  'server/src/http/api-fuzz.api.test.ts',
  'scripts/library-cli.api.test.ts',
  'server/src/modules/ai/ai.api.test.ts',
  // Each starts app processes of its own; on PostgreSQL, where the files above are quicker or left out,
  // they came last and ran alone for about a minute.
  'server/test/shutdown.api.test.ts',
  'server/test/cluster.api.test.ts',
  'server/test/start.api.test.ts',
  'scripts/bible.api.test.ts',
  'server/test/concurrent-start.api.test.ts',
  'server/src/providers/ai/language-model.api.test.ts',
];

export class SlowestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const rank = (spec: TestSpecification) => {
      const file = relative(root, spec.moduleId);
      const timed = this.ctx.cache.getFileTestResults(`${spec.project.name}:${file}`);
      const at = SLOWEST_FIRST.indexOf(file);
      return timed || at < 0 ? SLOWEST_FIRST.length : at;
    };
    // The base order keeps each project's files together; reorder within each, stably.
    const projects = new Map<string, TestSpecification[]>();
    for (const spec of sorted) projects.set(spec.project.name, [...(projects.get(spec.project.name) ?? []), spec]);
    return [...projects.values()].flatMap((specs) =>
      specs
        .map((spec, index) => ({ spec, index, rank: rank(spec) }))
        .sort((a, b) => a.rank - b.rank || a.index - b.index)
        .map(({ spec }) => spec),
    );
  }
}
