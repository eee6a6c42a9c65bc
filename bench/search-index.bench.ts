/**
 * The search index of one translation (issue 31 §3): how long its first build takes and the bytes it
 * says it holds (what the store's budget counts). Run with
 * `node --expose-gc --import tsx bench/search-index.bench.ts [code…]` (default KJV).
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
await app.stop();
