// The repository explains itself: what the code and docs cite must be inside it and must exist.
// A comment that cites a section the specification does not have, a doc that names a file that was
// moved or renamed, or any pointer to notes kept outside the repository fails here.
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOURCE_FOLDERS = ['server', 'web/src', 'common', 'e2e', 'scripts', 'bench', 'docs'];
const SKIPPED = new Set(['node_modules', 'dist', 'migrations', 'coverage', 'reports']);

function filesUnder(folder: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name) || entry.name.startsWith('.')) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path));
    else if (/\.(ts|tsx|mjs|js|md|css)$/.test(entry.name) && !entry.name.endsWith('.gen.ts')) out.push(path);
  }
  return out;
}

const files = [...SOURCE_FOLDERS.flatMap((folder) => filesUnder(join(ROOT, folder))), join(ROOT, 'README.md'), join(ROOT, 'eslint.config.js')];
const read = (path: string) => readFileSync(path, 'utf8');
// This file names the outside pointers it looks for.
const cited = files.filter((path) => !path.endsWith('docs-links.test.ts')).map((path) => ({ path: relative(ROOT, path), text: read(path) }));

/** The specification's numbered sections ("## 4. States and transitions" is §4). */
export function specSections(spec: string): Set<string> {
  return new Set([...spec.matchAll(/^## (\d+)\. /gm)].map((match) => match[1]!));
}

/** Every "spec §N" a text cites (§N.M cites section N). */
export function specCitations(text: string): string[] {
  return [...text.matchAll(/spec(?:ification)?\s+§\s?(\d+)/gi)].map((match) => match[1]!);
}

/** Paths under the repository's top folders written in backticks, e.g. `server/src/app.ts`. */
export function repositoryPaths(markdown: string): string[] {
  const paths = [...markdown.matchAll(/`((?:server|web|common|e2e|scripts|bench|docs|content)\/[\w./-]+?)(?::\d+)?`/g)].map((m) => m[1]!);
  return paths.filter((path) => !/[*{}<>]/.test(path));
}

/** Relative links of a markdown page, e.g. [spec](spec.md#7) gives spec.md; web links are not ours to check. */
export function relativeLinks(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)].map((m) => m[1]!).filter((link) => !/^[a-z]+:/i.test(link));
}

/** The numbered steps of the walks in architecture.md: the files each names, and the other names it cites. */
export function walkSteps(markdown: string): { line: string; files: string[]; names: string[] }[] {
  const walks = markdown.split(/^## /m).filter((section) => section.startsWith('Walk'));
  return walks.flatMap((walk) =>
    walk
      .split('\n')
      .filter((line) => /^\d+\. /.test(line))
      .map((line) => ({
        line,
        files: repositoryPaths(line).filter((path) => /\.(ts|tsx)$/.test(path)),
        names: [...line.matchAll(/`([A-Za-z_$][\w$]*)`/g)].map((m) => m[1]!),
      })),
  );
}

describe('the repository explains itself', () => {
  it('keeps the specification, and every section the code cites is one of its sections', () => {
    const sections = specSections(read(join(ROOT, 'docs/spec.md')));
    expect([...sections]).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    const missing = cited.flatMap(({ path, text }) =>
      specCitations(text)
        .filter((n) => !sections.has(n))
        .map((n) => `${path}: spec §${n}`),
    );
    expect(missing).toEqual([]);
  });

  it('points nowhere outside the repository for its design notes or specification', () => {
    const outside = /\.\.\/shared|\bDESIGN\.md\b|\bSTACK-NOTES\.md\b|\bDATA-SOURCES\.md\b|000_[0-9a-f]{16}/;
    expect(cited.filter(({ text }) => outside.test(text)).map(({ path }) => path)).toEqual([]);
  });

  it('names only files and folders that exist in its docs', () => {
    const docs = cited.filter(({ path }) => path.endsWith('.md'));
    const gone = docs.flatMap(({ path, text }) =>
      repositoryPaths(text)
        .filter((p) => !existsSync(join(ROOT, p)))
        .map((p) => `${path}: ${p}`),
    );
    expect(gone).toEqual([]);
  });

  it('links only to pages that exist', () => {
    const docs = cited.filter(({ path }) => path.endsWith('.md'));
    const broken = docs.flatMap(({ path, text }) =>
      relativeLinks(text)
        .filter((link) => !existsSync(join(ROOT, path, '..', link)))
        .map((link) => `${path}: ${link}`),
    );
    expect(broken).toEqual([]);
  });

  it('walks through code that is there: the functions of each step are in the files it names', () => {
    const steps = walkSteps(read(join(ROOT, 'docs/architecture.md')));
    expect(steps.length).toBeGreaterThanOrEqual(20);
    const astray = steps.flatMap(({ line, files, names }) => {
      const texts = files.map((file) => read(join(ROOT, file)));
      const missing = names.filter((name) => !texts.some((text) => new RegExp(`\\b${name.replace('$', '\\$')}\\b`).test(text)));
      return files.length === 0 ? [`names no file: ${line}`] : missing.map((name) => `${name} is not in ${files.join(', ')}`);
    });
    expect(astray).toEqual([]);
  });

  it('finds what it checks for', () => {
    expect(walkSteps('## Walk 1\n1. `server/src/app.ts` `buildApp`: builds.\nprose `x`\n## Other\n2. `a.ts` `b`')).toEqual([
      { line: '1. `server/src/app.ts` `buildApp`: builds.', files: ['server/src/app.ts'], names: ['buildApp'] },
    ]);
    expect(relativeLinks('[a](spec.md#7) [b](https://x.org/a.md) [c](../README.md)')).toEqual(['spec.md', '../README.md']);
    expect(specCitations('see spec §4.2 and Spec §10')).toEqual(['4', '10']);
    expect(repositoryPaths('`server/src/app.ts` and `web/src/features/*/api/` and `docs/x.md:12`')).toEqual(['server/src/app.ts', 'docs/x.md']);
    expect(statSync(join(ROOT, 'docs/spec.md')).size).toBeGreaterThan(20_000);
  });
});
