import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routeChunks, routeIdOf, staticImports } from './client-assets.ts';

const WEB = new URL('../../../../web/src/', import.meta.url);

describe('routeIdOf', () => {
  it('names every route file as the router does (its generated route tree)', () => {
    const generated = new Set([...readFileSync(new URL('routeTree.gen.ts', WEB), 'utf8').matchAll(/^\s+id: '([^']+)',$/gm)].map((m) => m[1]));
    const files = readdirSync(new URL('routes', WEB)).filter((f) => f.endsWith('.tsx') && !f.startsWith('__'));
    expect(files.length).toBeGreaterThan(30);
    expect(files.map(routeIdOf).sort()).toEqual([...generated].sort());
  });

  it('reads the index pages and the parameters', () => {
    expect(routeIdOf('index.tsx')).toBe('/');
    expect(routeIdOf('news.index.tsx')).toBe('/news/');
    expect(routeIdOf('news.$id_.edit.tsx')).toBe('/news/$id_/edit');
    expect(routeIdOf('previous-prayers.{-$date}.tsx')).toBe('/previous-prayers/{-$date}');
  });
});

describe('routeChunks', () => {
  const vite = {
    'src/entry-client.tsx': { file: 'assets/entry.js', isEntry: true, imports: ['_react.js'] },
    '_react.js': { file: 'assets/react.js' },
    '_icons.js': { file: 'assets/icons.js', imports: ['_react.js'] },
    '_deep.js': { file: 'assets/deep.js' },
    '_panel.js': { file: 'assets/panel.js', imports: ['_deep.js'] },
    'src/routes/bible.tsx?tsr-split=component': {
      file: 'assets/bible.js',
      src: 'src/routes/bible.tsx?tsr-split=component',
      imports: ['_icons.js', '_panel.js', 'src/entry-client.tsx'],
    },
    'src/routes/bible.tsx?tsr-split=notFoundComponent': { file: 'assets/missing.js', src: 'src/routes/bible.tsx?tsr-split=notFoundComponent' },
    'src/routes/news.$id.tsx?tsr-split=component---loader': { file: 'assets/news.js', src: 'src/routes/news.$id.tsx?tsr-split=component---loader' },
    'src/features/dialog.tsx': { file: 'assets/dialog.js', src: 'src/features/dialog.tsx', imports: ['_icons.js'] },
  };
  const atStart = staticImports(vite, 'src/entry-client.tsx');

  it('lists what a page runs before it hydrates: its component and loader and their imports, all the way down, less the entry’s', () => {
    expect(atStart).toEqual(new Set(['src/entry-client.tsx', '_react.js']));
    const chunks = routeChunks(vite, atStart);
    expect([...chunks.keys()].sort()).toEqual(['/bible', '/news/$id']);
    expect(chunks.get('/bible')).toEqual(new Set(['src/routes/bible.tsx?tsr-split=component', '_icons.js', '_panel.js', '_deep.js']));
    expect(chunks.get('/news/$id')).toEqual(new Set(['src/routes/news.$id.tsx?tsr-split=component---loader']));
  });
});
