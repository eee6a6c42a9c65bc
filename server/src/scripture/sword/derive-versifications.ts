/**
 * Regenerates versification-data.ts from the SWORD library installed on this machine (Debian
 * `libsword-utils`), so the tables are derived rather than typed in:
 *
 *   npx tsx server/src/scripture/sword/derive-versifications.ts
 *
 * For each versification it builds a module holding only Genesis 1:1 (osis2mod -v <name>) and asks
 * `emptyvss` for every other verse: that lists every chapter and verse in record order. The result is
 * checked three ways before anything is written: the record count our layout computes must equal the
 * size of the .bzv files osis2mod wrote; a module with text in every listed verse must have no empty
 * verse and no osis2mod warning (so the OSIS ids are the ones SWORD expects); and KJV must equal CANON.
 * Dev-only: it shells out, the readers never do.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { PROTESTANT_CANON } from '#common/scripture/canon.ts';

// prettier-ignore
const NAMES = [
  'Calvin', 'Catholic', 'Catholic2', 'DarbyFr', 'German', 'KJV', 'KJVA', 'LXX', 'Leningrad', 'Luther', 'MT',
  'NRSV', 'NRSVA', 'Orthodox', 'Segond', 'Synodal', 'SynodalProt', 'Vulg',
];

// emptyvss prints SWORD's English book names; these are SWORD's OSIS ids for them.
// prettier-ignore
const OSIS_BY_SWORD_NAME: Record<string, string> = {
  'Revelation of John': 'Rev', 'Additional Psalm': 'AddPs', 'Additions to Daniel': 'AddDan',
  'Additions to Esther': 'AddEsth', 'Esther (Greek)': 'EsthGr', 'Epistle of Jeremiah': 'EpJer', 'I Enoch': '1En',
  Laodiceans: 'EpLao', Odes: 'Odes', 'Prayer of Manasses': 'PrMan', 'Psalms of Solomon': 'PssSol', Wisdom: 'Wis',
  'I Esdras': '1Esd', 'II Esdras': '2Esd', 'I Maccabees': '1Macc', 'II Maccabees': '2Macc', 'III Maccabees': '3Macc',
  'IV Maccabees': '4Macc', 'Prayer of Azariah': 'PrAzar', Susanna: 'Sus', 'Bel and the Dragon': 'Bel', Sirach: 'Sir',
  Baruch: 'Bar', Tobit: 'Tob', Judith: 'Jdt',
};
for (const book of PROTESTANT_CANON) {
  const roman = book.name.replace(/^1 /, 'I ').replace(/^2 /, 'II ').replace(/^3 /, 'III ');
  OSIS_BY_SWORD_NAME[roman] ??= book.osis;
}

interface Book {
  osis: string;
  counts: number[];
}

const work = mkdtempSync(join(tmpdir(), 'v11n-'));
const env = { ...process.env, SWORD_PATH: work, LANG: 'C', LC_ALL: 'C' };
mkdirSync(join(work, 'mods.d'));

function osisDocument(books: readonly Book[]): string {
  let body = '';
  for (const b of books) {
    body += `<div type="book" osisID="${b.osis}">`;
    b.counts.forEach((n, i) => {
      body += `<chapter osisID="${b.osis}.${i + 1}">`;
      for (let v = 1; v <= n; v++) body += `<verse osisID="${b.osis}.${i + 1}.${v}">x</verse>`;
      body += '</chapter>';
    });
    body += '</div>';
  }
  return (
    '<?xml version="1.0" encoding="UTF-8"?><osis xmlns="http://www.bibletechnologies.net/2003/OSIS/namespace">' +
    '<osisText osisIDWork="T" osisRefWork="Bible"><header><work osisWork="T"/></header>' +
    body +
    '</osisText></osis>'
  );
}

/** Builds module `id` in versification `v11n`; returns osis2mod's output. */
function buildModule(id: string, v11n: string, books: readonly Book[]): string {
  const dir = join(work, 'modules', id);
  mkdirSync(dir, { recursive: true });
  const osisFile = join(work, `${id}.osis`);
  writeFileSync(osisFile, osisDocument(books));
  writeFileSync(
    join(work, 'mods.d', `${id}.conf`),
    `[${id}]\nDataPath=./modules/${id}/\nModDrv=zText\nSourceType=OSIS\nEncoding=UTF-8\nCompressType=ZIP\nBlockType=BOOK\nVersification=${v11n}\n`,
  );
  const run = spawnSync('osis2mod', [dir, osisFile, '-v', v11n, '-z', 'z'], { env, cwd: work, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`osis2mod failed for ${v11n}:\n${run.stderr}`);
  return run.stdout + run.stderr;
}

function emptyVerses(id: string): string[] {
  return execFileSync('emptyvss', [id], { env, cwd: work, encoding: 'utf8' }).split('\n').filter(Boolean);
}

function derive(v11n: string): { ot: Book[]; nt: Book[] } {
  buildModule(`one${v11n}`, v11n, [{ osis: 'Gen', counts: [1] }]);
  const listed = ['Genesis 1:1', ...emptyVerses(`one${v11n}`)];
  const books: Book[] = [];
  for (const line of listed) {
    const m = /^(.*) (\d+):(\d+)$/.exec(line);
    const osis = m && OSIS_BY_SWORD_NAME[m[1]!];
    if (!m || !osis) throw new Error(`${v11n}: cannot read "${line}"`);
    let book = books.at(-1);
    if (book?.osis !== osis) {
      if (books.some((b) => b.osis === osis)) throw new Error(`${v11n}: ${osis} listed twice`);
      book = { osis, counts: [] };
      books.push(book);
    }
    const [chapter, verse] = [Number(m[2]), Number(m[3])];
    if (chapter === book.counts.length + 1 && verse === 1) book.counts.push(1);
    else if (chapter === book.counts.length && verse === book.counts[chapter - 1]! + 1) book.counts[chapter - 1] = verse;
    else throw new Error(`${v11n}: "${line}" is out of order`);
  }
  // SWORD starts the second testament at Matthew; anything after it (Vulg's appendix) lives there too.
  const split = books.findIndex((b) => b.osis === 'Matt');
  const ot = split < 0 ? books : books.slice(0, split);
  const nt = split < 0 ? [] : books.slice(split);

  const records = (bs: Book[]) => 2 + bs.reduce((s, b) => s + 1 + b.counts.length + b.counts.reduce((a, n) => a + n, 0), 0);
  const full = `full${v11n}`;
  const log = buildModule(full, v11n, books);
  for (const [file, testament] of [
    ['ot.bzv', ot],
    ['nt.bzv', nt],
  ] as const) {
    const size = statSync(join(work, 'modules', full, file)).size;
    const expected = testament.length ? records(testament) * 10 : size; // osis2mod writes a stub for a missing testament
    if (size !== expected) throw new Error(`${v11n}: ${file} has ${size / 10} records, layout says ${expected / 10}`);
  }
  const empty = emptyVerses(full);
  if (empty.length) throw new Error(`${v11n}: ${empty.length} verses still empty, e.g. ${empty[0]}`);
  if (/WARN|ERROR/i.test(log)) throw new Error(`${v11n}: osis2mod complained:\n${log}`);
  return { ot, nt };
}

function swordVersion(): string {
  const run = spawnSync('osis2mod', { env, encoding: 'utf8' });
  return /SWORD: ([\d.]+)/.exec(run.stdout + run.stderr)?.[1] ?? '(unknown version)';
}

const kjvCounts = new Map(PROTESTANT_CANON.map((b) => [b.osis, b.verseCounts.join(',')]));

function encode(books: Book[]): string {
  return books.map((b) => (kjvCounts.get(b.osis) === b.counts.join(',') ? b.osis : `${b.osis}:${b.counts.join(',')}`)).join(' ');
}

try {
  const lines: string[] = [];
  for (const name of NAMES) {
    const { ot, nt } = derive(name);
    if (name === 'KJV' && (encode(ot) + ' ' + encode(nt)).includes(':')) throw new Error('KJV differs from CANON');
    lines.push(`  ${name}: {\n    ot: '${encode(ot)}',\n    nt: '${encode(nt)}',\n  },`);
    console.log(`${name}: ${ot.length} + ${nt.length} books`);
  }
  const out =
    `// Generated by derive-versifications.ts from SWORD ${swordVersion()} (osis2mod + emptyvss); do not edit.\n` +
    '// Books in record order per testament file. A bare OSIS id has the KJV verse counts of CANON;\n' +
    '// "Id:31,25,…" gives the verses of each chapter. Ids are SWORD\'s (EsthGr, AddDan … are not in CANON).\n' +
    'export const VERSIFICATION_DATA: Readonly<Record<string, { readonly ot: string; readonly nt: string }>> = {\n' +
    lines.join('\n') +
    '\n};\n';
  writeFileSync(new URL('./versification-data.ts', import.meta.url), out);
} finally {
  rmSync(work, { recursive: true, force: true });
}
