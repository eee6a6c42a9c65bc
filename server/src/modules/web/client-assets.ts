import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A chunk of Vite's manifest of the browser build. */
interface ViteChunk {
  file: string;
  src?: string;
  css?: string[];
  isEntry?: boolean;
  imports?: string[];
}
type ViteManifest = Record<string, ViteChunk>;

/** The router's asset manifest (TanStack Router's `Manifest`), as much of it as the app fills in. */
export interface RouterManifest {
  routes: Record<string, { scripts: { attrs: Record<string, string>; children: string }[]; css: never[]; preloads: never[] }>;
}

/** The attribute marking a page's list of its route's scripts (a JSON data block, never run). */
export const ROUTE_CHUNKS_ATTRIBUTE = 'data-selah-chunks';

/**
 * What each page needs of the browser's build, from Vite's manifest (read once at start; never served):
 * the router's asset manifest with the script that loads the app, and the stylesheet's text, which the
 * page carries inline — its first paint then waits for the HTML alone, not for a second request.
 *
 * The app's script is asked for once the page has painted (the frame after parsing; in a hidden tab, where
 * frames wait, after half a second): on a slow line the chapter's own bytes come first. At that moment every
 * script the page will run before it hydrates is asked for at once — the entry's imports and the page's own
 * route chunks, listed by each route in a data block — rather than found one import at a time (four round
 * trips from the cache before a page could respond, 0.3–0.5 s on a busy machine).
 */
export function clientAssets(webDist: string, viteManifestFile: string) {
  const vite = JSON.parse(readFileSync(viteManifestFile, 'utf8')) as ViteManifest;
  const entryKey = Object.keys(vite).find((key) => vite[key]!.isEntry);
  if (!entryKey) throw new Error(`No entry chunk in ${viteManifestFile}`);
  const entry = vite[entryKey]!;
  const atStart = staticImports(vite, entryKey);
  const files = (keys: Iterable<string>) => [...keys].map((key) => `/${vite[key]!.file}`);
  const preloadAndRun =
    `const p=f=>{const l=document.createElement('link');l.rel='modulepreload';l.href=f;document.head.append(l)};` +
    `let s;const go=()=>s||(s=(${JSON.stringify(files([...atStart].filter((key) => key !== entryKey)))}.forEach(p),` +
    `document.querySelectorAll('script[${ROUTE_CHUNKS_ATTRIBUTE}]').forEach(e=>JSON.parse(e.textContent).forEach(p)),import(${JSON.stringify(`/${entry.file}`)})));` +
    `requestAnimationFrame(()=>setTimeout(go));setTimeout(go,500)`;
  const routes: RouterManifest['routes'] = { __root__: { scripts: [{ attrs: { type: 'module' }, children: preloadAndRun }], css: [], preloads: [] } };
  for (const [routeId, chunks] of routeChunks(vite, atStart)) {
    routes[routeId] = {
      scripts: [{ attrs: { type: 'application/json', [ROUTE_CHUNKS_ATTRIBUTE]: '' }, children: JSON.stringify(files(chunks)) }],
      css: [],
      preloads: [],
    };
  }
  return {
    manifest: { routes } satisfies RouterManifest,
    stylesheet: (entry.css ?? []).map((file) => readFileSync(join(webDist, file), 'utf8')).join('\n'),
  };
}

/**
 * The route id TanStack Router gives a file of web/src/routes (flat routes: a dot is a slash, `index` the
 * parent's own page): `bible-lessons.$slug.tsx` is `/bible-lessons/$slug`, `news.index.tsx` is `/news/`.
 */
export function routeIdOf(file: string): string {
  const id = `/${file.replace(/\.tsx$/, '').replaceAll('.', '/')}`;
  return id === '/index' ? '/' : id.replace(/\/index$/, '/');
}

/**
 * For each route with split chunks, the chunks its page runs before hydrating: its component and loader
 * (not the not-found or error component, rarely shown) and what they import, less what the entry loads.
 */
export function routeChunks(vite: ViteManifest, atStart: Set<string>): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const [key, chunk] of Object.entries(vite)) {
    const [, file, splits] = /^src\/routes\/([^/?]+\.tsx)\?tsr-split=(.+)$/.exec(chunk.src ?? '') ?? [];
    if (!file || !splits || !splits.split('---').some((part) => part === 'component' || part === 'loader')) continue;
    const routeId = routeIdOf(file);
    const chunks = out.get(routeId) ?? new Set<string>();
    for (const needed of staticImports(vite, key)) if (!atStart.has(needed)) chunks.add(needed);
    out.set(routeId, chunks);
  }
  return out;
}

/** A chunk and everything it imports statically, all the way down. */
export function staticImports(vite: ViteManifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !vite[key]) return seen;
  seen.add(key);
  for (const next of vite[key].imports ?? []) staticImports(vite, next, seen);
  return seen;
}
