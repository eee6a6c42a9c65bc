import type { TextStyle } from './collector.ts';

/**
 * What a USFM marker means to the importer. Markers not listed are ignored and their text kept; that
 * covers character markers that only change appearance (\bk, \em, \qs Selah\qs*), whose attributes
 * (`|link-href="…"`) the reader drops before any closing marker.
 */
export type MarkerRole =
  | { role: 'book' }
  | { role: 'chapter' }
  | { role: 'verse' }
  | { role: 'paragraph' }
  | { role: 'line'; indent: number }
  | { role: 'stanza' }
  | { role: 'heading'; kind: 'section' | 'psalm' }
  /** A book name: \h, \toc1, \toc2, \mt. */
  | { role: 'name'; field: 'h' | 'toc1' | 'toc2' | 'mt' }
  /** A paragraph-level marker whose text is not verse text (remarks, introductions, chapter labels). */
  | { role: 'skip' }
  | { role: 'sidebar'; open: boolean }
  | { role: 'character'; style?: Omit<TextStyle, 'strongs'>; word?: boolean; drop?: boolean }
  | { role: 'note'; kind: 'footnote' | 'crossref' }
  /** A part of a note: \ft, \fq, \xt …; `drop` for the origin reference (\fr, \xo) repeated in the note. */
  | { role: 'notePart'; drop?: boolean };

const fixed: Record<string, MarkerRole> = {
  id: { role: 'book' },
  c: { role: 'chapter' },
  v: { role: 'verse' },
  b: { role: 'stanza' },
  d: { role: 'heading', kind: 'psalm' },
  h: { role: 'name', field: 'h' },
  toc1: { role: 'name', field: 'toc1' },
  toc2: { role: 'name', field: 'toc2' },
  esb: { role: 'sidebar', open: true },
  esbe: { role: 'sidebar', open: false },
  wj: { role: 'character', style: { wordsOfJesus: true } },
  add: { role: 'character', style: { supplied: true } },
  nd: { role: 'character', style: { divineName: true } },
  w: { role: 'character', word: true },
  f: { role: 'note', kind: 'footnote' },
  fe: { role: 'note', kind: 'footnote' },
  ef: { role: 'note', kind: 'footnote' },
  x: { role: 'note', kind: 'crossref' },
  ex: { role: 'note', kind: 'crossref' },
  fr: { role: 'notePart', drop: true },
  xo: { role: 'notePart', drop: true },
  xop: { role: 'notePart', drop: true },
  fm: { role: 'notePart', drop: true },
};

const PARAGRAPHS = ['p', 'm', 'po', 'pr', 'cls', 'pmo', 'pm', 'pmc', 'pmr', 'pi', 'mi', 'nb', 'pc', 'ph', 'lit', 'qd'];
/** Poetry lines and list items; the number is the indent (q = q1). */
const LINES = ['q', 'qm', 'li', 'lim'];
const CENTRED_LINES = ['qc', 'qr', 'lh', 'lf'];
const SECTION_HEADINGS = ['s', 'ms', 'mr', 'sr', 'r', 'sp', 'qa', 'cd'];
// prettier-ignore
const SKIPPED = [
  'ide', 'sts', 'rem', 'usfm', 'restore', 'toc3', 'toca', 'mte', 'cl', 'cp', 'periph', 'pb', 'sd',
  // introductions
  'imt', 'is', 'ip', 'ipi', 'im', 'imi', 'ipq', 'imq', 'ipr', 'iq', 'ib', 'ili', 'iot', 'io', 'iex', 'imte', 'ie',
];
/** Character markers whose content is not part of the verse text. */
const DROPPED_CHARACTERS = ['fig', 'va', 'vp', 'ca', 'rq', 'cat', 'pro'];
const NOTE_PARTS = ['ft', 'fq', 'fqa', 'fk', 'fl', 'fw', 'fp', 'fv', 'fdc', 'xk', 'xq', 'xt', 'xta', 'xot', 'xnt', 'xdc'];

const numbered = /^([a-z]+?)(\d*)$/;

export function markerRole(name: string): MarkerRole | undefined {
  const exact = fixed[name];
  if (exact) return exact;
  const match = numbered.exec(name);
  if (!match) return undefined;
  const base = match[1]!;
  const level = match[2] ? Number(match[2]) : 1;
  if (base === 'mt') return { role: 'name', field: 'mt' };
  if (base === 'h') return { role: 'name', field: 'h' };
  if (LINES.includes(base)) return { role: 'line', indent: level };
  if (CENTRED_LINES.includes(name)) return { role: 'line', indent: 1 };
  if (PARAGRAPHS.includes(base)) return { role: 'paragraph' };
  if (SECTION_HEADINGS.includes(base)) return { role: 'heading', kind: 'section' };
  if (SKIPPED.includes(base) || SKIPPED.includes(name)) return { role: 'skip' };
  if (DROPPED_CHARACTERS.includes(name)) return { role: 'character', drop: true };
  if (NOTE_PARTS.includes(name)) return { role: 'notePart' };
  return undefined;
}
