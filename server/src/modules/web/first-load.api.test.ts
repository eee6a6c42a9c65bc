import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WEB_DIST } from '../../../test/web-build.ts';
import { staticImports } from './client-assets.ts';

/**
 * What a page's first load carries, read from the real browser build (built by the API tests' global
 * setup when missing): the chunks a page imports before it can run, and the heavy code kept out of them.
 */
interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const manifest = JSON.parse(readFileSync(join(WEB_DIST, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;

/** The files a chunk needs before it runs: itself and what it imports statically, all the way down. */
const firstLoad = (key: string) => staticImports(manifest, key);

const files = (keys: Iterable<string>) => new Set([...keys].map((key) => manifest[key]!.file));

describe("the offline search's word forms and stop words in the browser build", () => {
  it('are in a chunk of their own, loaded by no page before it runs, and kept for the offline search', () => {
    const scripts = readdirSync(join(WEB_DIST, 'assets')).filter((name) => name.endsWith('.js'));
    // Snowball's own name for its stemmer factory, and a word only a stop-word list holds (Latin's "quibus").
    const heavy = scripts.filter((name) => {
      const code = readFileSync(join(WEB_DIST, 'assets', name), 'utf8');
      return code.includes('snowballFactory') || code.includes('quibus');
    });
    expect(heavy).toHaveLength(1);
    const carries = (key: string) => files(firstLoad(key)).has(`assets/${heavy[0]}`);
    // The entry and every route's chunk, each with what it imports statically: none carries them.
    const pages = Object.keys(manifest).filter((key) => manifest[key]!.isEntry || key.startsWith('src/routes/'));
    expect(pages.length).toBeGreaterThan(10);
    expect(pages.filter(carries)).toEqual([]);
    // The offline search, imported when the server cannot be reached, does.
    expect(Object.keys(manifest).filter((key) => key.endsWith('features/offline/store/offline-search.ts') && carries(key))).toHaveLength(1);
  });
});

describe('the browser build the tests check', () => {
  it('is React’s production build, as people get it, even when the tests built it (vitest sets NODE_ENV=test)', () => {
    const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
    const scripts = [...files(firstLoad(entry))];
    // A sentence React's development build warns with, and its production build leaves out.
    const development = scripts.filter((file) => readFileSync(join(WEB_DIST, file), 'utf8').includes('A tree hydrated but some attributes'));
    expect(development).toEqual([]);
  });
});
