/**
 * Bible AI evaluation (npm run bench:ai): asks POST /api/ai/ask every question of bench/ai-questions.json
 * on a real app (embedded database, KJV and WEB imported) and prints:
 *   - the share of answers citing at least one passage a good answer would cite (target ≥ 80 %);
 *   - for the traps (books, chapters and sayings that are not in the Bible, requests to invent a verse),
 *     the share answered honestly;
 *   - references shown as valid that are not in the store, or not marked when invalid (must be 0);
 *   - p50 and p95 answer time of the engine in use (embedded budget: p95 < 300 ms), in the process.
 * With AI_BASE_URL and AI_MODEL set, the configured model answers instead.
 */
import { readFileSync } from 'node:fs';
import { parseReference, type PassageRange } from '#common/scripture/reference.ts';
import type { AskReply } from '#common/contracts/ai.ts';
import { findSwordModule } from '../server/src/scripture/sword/discover.ts';
import { Commentary } from '../server/src/modules/ai/commentary.ts';
import { NaveTopics } from '../server/src/modules/ai/nave-topics.ts';
import { startTestApp } from '../server/test/test-app.ts';

interface Question {
  kind: string;
  question: string;
  expect: string[];
}
const load = (file: string) => (JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')) as { questions: Question[] }).questions;
const questions = load('./ai-questions.json');
const heldOut = load('./ai-held-out.json');
/** Issue 31's held-out set, written before the engine work it measures. */
const heldOut2 = load('./ai-held-out-2.json');

const env: Record<string, string> = {
  AI_RATE_LIMIT: '100000',
  ...Object.fromEntries(['AI_BASE_URL', 'AI_MODEL', 'AI_API_KEY', 'AI_TIMEOUT_MS'].flatMap((k) => (process.env[k] ? [[k, process.env[k]!]] : []))),
};

const span = (r: PassageRange) => [r.chapter * 1000 + (r.verse ?? 0), r.endChapter * 1000 + (r.endVerse ?? 999)] as const;
function overlaps(a: PassageRange, b: PassageRange): boolean {
  if (a.book !== b.book) return false;
  const [a0, a1] = span(a);
  const [b0, b1] = span(b);
  return a0 <= b1 && b0 <= a1;
}

type TestApp = Awaited<ReturnType<typeof startTestApp>>;

async function evaluate(app: TestApp, questions: Question[]) {
  const times: number[] = [];
  let cited = 0;
  let citable = 0;
  let honest = 0;
  let traps = 0;
  let dishonest = 0;
  const misses: string[] = [];
  for (const q of questions) {
    // Once unmeasured, so the first search of each translation (index build) is not counted as an answer.
    if (times.length === 0) await app.server.inject({ method: 'POST', url: '/api/ai/ask', headers: { host: 'localhost' }, payload: { question: q.question } });
    const started = performance.now();
    const res = await app.server.inject({ method: 'POST', url: '/api/ai/ask', headers: { host: 'localhost' }, payload: { question: q.question } });
    times.push(performance.now() - started);
    if (res.statusCode !== 200) {
      misses.push(`${q.question} → HTTP ${res.statusCode} ${res.body}`);
      continue;
    }
    const reply = res.json() as AskReply;
    for (const r of reply.references) {
      const shownValid = r.status === 'verified' && !(r.reference && parseReference(r.reference) && r.text);
      const unmarked = r.status === 'invalid' && reply.response.slice(r.start - 2, r.end + 2) !== `~~${r.written}~~`;
      if (shownValid || unmarked) {
        dishonest++;
        misses.push(`${q.question} → ${r.written} shown as valid`);
      }
    }
    if (q.expect.length === 0) {
      traps++;
      if (/not found in Scripture|is not in the Bible|does not write new verses/.test(reply.response)) honest++;
      else misses.push(`${q.question} → not answered honestly`);
      continue;
    }
    citable++;
    const expected = q.expect.map((e) => parseReference(e)!);
    const found = reply.references.filter((r) => r.status === 'verified' && r.reference).map((r) => parseReference(r.reference!)!);
    if (found.some((f) => expected.some((e) => overlaps(f, e)))) cited++;
    else misses.push(`${q.question} → cited ${found.length ? reply.references.map((r) => r.reference).join(', ') : 'nothing'}`);
  }
  return { times, cited, citable, honest, traps, dishonest, misses };
}

/** `heldOut`: only the figures are printed, never which questions missed, so nobody tunes the engine to them. */
function report(label: string, r: Awaited<ReturnType<typeof evaluate>>, { heldOut = false } = {}) {
  const sorted = [...r.times].sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
  console.log(`\n${label}`);
  if (!heldOut) for (const m of r.misses) console.log(`  miss: ${m}`);
  console.log(`answers citing an expected passage: ${r.cited}/${r.citable} = ${((100 * r.cited) / r.citable).toFixed(1)} %`);
  if (r.traps > 0) console.log(`traps answered honestly: ${r.honest}/${r.traps}`);
  console.log(`invalid references shown as valid: ${r.dishonest} (must be 0)`);
  console.log(`answer time: p50 ${pct(50).toFixed(1)} ms, p95 ${pct(95).toFixed(1)} ms (embedded budget: p95 < 300 ms)`);
}

console.log(`engine: ${env.AI_MODEL ? `language model ${env.AI_MODEL}` : 'embedded Scripture engine'}`);
const own = await startTestApp({ env });
report(`evaluation set, ${questions.length} questions (target ≥ 80 %), Selah's topics`, await evaluate(own, questions));
report(`held-out set, ${heldOut.length} questions, Selah's topics only`, await evaluate(own, heldOut), { heldOut: true });
report(`second held-out set, ${heldOut2.length} questions, Selah's topics only`, await evaluate(own, heldOut2), { heldOut: true });
await own.stop();

// With the SWORD study sources a server with Debian's sword-dict-naves and sword-comm-mhcc has.
const nave = findSwordModule('Nave');
const mhcc = findSwordModule('MHCC');
if (nave) {
  const withNave = await startTestApp({ env, studySources: { topics: NaveTopics.open(nave), commentary: mhcc ? Commentary.open(mhcc) : undefined } });
  report(`evaluation set, ${questions.length} questions, with Nave's${mhcc ? ' and the commentary' : ''}`, await evaluate(withNave, questions));
  report(`held-out set, ${heldOut.length} questions, with Nave's${mhcc ? ' and the commentary' : ''}`, await evaluate(withNave, heldOut), { heldOut: true });
  report(`second held-out set, ${heldOut2.length} questions, with Nave's${mhcc ? ' and the commentary' : ''}`, await evaluate(withNave, heldOut2), {
    heldOut: true,
  });
  await withNave.stop();
} else {
  console.log("\nNave's Topical Bible is not installed (Debian sword-dict-naves): the runs with it are skipped.");
}
