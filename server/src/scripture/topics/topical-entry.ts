import { bookByOsis } from '#common/scripture/canon.ts';

/**
 * One entry of a SWORD topical index (Nave's Topical Bible's TEI): its sub-headings, each a line after
 * `<lb/>` ("→ OF ENEMIES", "1. A judge of Israel") with the references on that line, and the `<list>` of
 * `<item>`s that may follow it, each with its own references. "See <ref target="Nave:CARE">CARE</ref>"
 * points to another entry. References are kept as the module writes them (OSIS: "Exod.23.4").
 */
export interface TopicalLine {
  /** The line's words before its references, without "→" or a "See" that only introduces links; '' when none. */
  title: string;
  /** OSIS references, in the module's order. */
  references: string[];
  /** "See …" links: the entry named (`key`, as the module writes the target) and what the line says of it ("SIN, FORGIVENESS OF"). */
  see: { key: string; label: string }[];
}
export interface TopicalHeading extends TopicalLine {
  items: TopicalLine[];
}
export interface TopicalEntry {
  headings: TopicalHeading[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

const REF = /<ref\b([^>]*)>([\s\S]*?)<\/ref>/g;
const attribute = (attributes: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1];
const words = (markup: string) =>
  decode(markup.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Nave's links a one-chapter book's passage to its verse 1 and writes the verses after the link:
 * `<ref osisRef="Jude.1.1">Jude 1</ref>:14,15` is Jude 14 and 15 (247 references). Any other link is itself.
 */
function versesAfter(osis: string, after: string): string[] {
  const book = /^([1-3]?[A-Za-z]+)\.1\.1$/.exec(osis)?.[1];
  const verses = book && bookByOsis(book)?.chapters === 1 ? /^:(\d+(?:-\d+)?(?:,\s*\d+(?:-\d+)?)*)/.exec(after)?.[1] : undefined;
  if (!verses) return [osis];
  return verses.split(',').map((part) => {
    const [from, to] = part.trim().split('-');
    return to ? `${book}.1.${from}-${book}.1.${to}` : `${book}.1.${from}`;
  });
}

/** One line's title, references and links. */
export function parseTopicalLine(markup: string): TopicalLine {
  const references: string[] = [];
  const see: TopicalLine['see'] = [];
  let firstRef = -1;
  for (const ref of markup.matchAll(REF)) {
    const osis = attribute(ref[1]!, 'osisRef');
    const target = attribute(ref[1]!, 'target');
    if (osis) references.push(...versesAfter(decode(osis), markup.slice(ref.index + ref[0].length)));
    else if (target) {
      // What follows the link up to the next tag belongs to it: "SIN</ref>, FORGIVENESS OF".
      const after = markup.slice(ref.index + ref[0].length).split('<')[0]!;
      const label = words(`${ref[2]}${after}`).replace(/[\s;,.:]+$/, '');
      see.push({ key: decode(target).replace(/^[^:]*:/, ''), label });
    } else continue;
    if (firstRef < 0) firstRef = ref.index;
  }
  let title = words(firstRef < 0 ? markup : markup.slice(0, firstRef))
    .replace(/^→\s*/, '')
    .replace(/[\s;,:]+$/, '');
  if (see.length > 0 && /(^|\s)See$/i.test(title)) title = title.replace(/\s*See$/i, '');
  return { title, references, see };
}

/** Reads an entry's markup into its headings; text outside any `<lb/>` line (some entries start without one) is a heading of its own. */
export function parseTopicalEntry(markup: string): TopicalEntry {
  const body = markup.replace(/<\/?(entryFree|def)\b[^>]*>/g, '');
  const headings: TopicalHeading[] = [];
  for (const segment of body.split(/<lb\s*\/>/)) {
    const listAt = segment.search(/<list\b/);
    const line = parseTopicalLine(listAt < 0 ? segment : segment.slice(0, listAt));
    const items =
      listAt < 0
        ? []
        : [...segment.slice(listAt).matchAll(/<item\b[^>]*>([\s\S]*?)<\/item>/g)].map((item) => parseTopicalLine(item[1]!)).filter((item) => !isEmpty(item));
    if (isEmpty(line) && items.length === 0) continue;
    headings.push({ ...line, items });
  }
  return { headings };
}

const isEmpty = (line: TopicalLine) => !line.title && line.references.length === 0 && line.see.length === 0;

/** Every reference of the entry, headings' and items' alike, in the module's order. */
export function referencesOf(entry: TopicalEntry): string[] {
  return entry.headings.flatMap((h) => [...h.references, ...h.items.flatMap((i) => i.references)]);
}
