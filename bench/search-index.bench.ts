/**
 * The search index of one translation (issue 31 §3): how long its first build takes and the bytes it
 * says it holds (what the store's budget counts). Run with
 * `node --expose-gc --import tsx bench/search-index.bench.ts [code…]` (default KJV), then the time of a first and a second search.
 */
import { SearchIndex } from '../server/src/scripture/search/search-index.ts';
import { startTestApp } from '../server/test/test-app.ts';

const codes = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const app = await startTestApp();
for (const code of codes.length > 0 ? codes : ['KJV']) {
  const translation = app.bible.translation(code);
  let start = performance.now();
  new SearchIndex(translation);
  const first = performance.now() - start;
  const times: number[] = [];
  let index!: SearchIndex;
  for (let run = 0; run < 5; run++) {
    start = performance.now();
    index = new SearchIndex(translation);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${code}: first build ${first.toFixed(0)} ms, then median ${times[2]!.toFixed(0)} ms (min ${times[0]!.toFixed(0)}), approximateBytes ${(index.approximateBytes / 1e6).toFixed(2)} MB`,
  );
}
// Through HTTP on a fresh app: the first search builds KJV's index; the next one (a new query, so not
// answered from the prepared replies) is the search alone.
const fresh = await startTestApp();
for (const q of ['God cares when I am afraid', 'God cares when I am afraid!', 'fear not']) {
  const start = performance.now();
  await fresh.server.inject(`/api/search?q=${encodeURIComponent(q)}`);
  console.log(`search "${q}": ${(performance.now() - start).toFixed(0)} ms`);
}
await fresh.stop();
await app.stop();
