import type { CanonBook } from '#common/scripture/canon.ts';
import { findReferences, formatReference, type PassageRange } from '#common/scripture/reference.ts';
import type { SwordConf } from '../sword/conf.ts';
import { osisRange } from '../topics/osis-references.ts';

/**
 * The references an installed SWORD module gives for a verse: a cross-reference work's entry (the
 * Treasury of Scripture Knowledge is a commentary whose entries are lists of references), or the
 * cross-reference notes of a Bible's own text.
 */

/**
 * Whether a commentary is a cross-reference work. Neither SWORD nor JSword has a conf key for it: their
 * Category values and Features name none (the TSK is listed and shown as an ordinary commentary), and
 * `GlobalOptionFilter=…Scripref` only says a text carries references (Scofield's notes have it too).
 * So, as the catalogue does for topical indexes, the module's name, title or subject heading decides.
 */
export function isCrossReferenceWork(name: string, conf: SwordConf): boolean {
  if (/^tsk$/i.test(name)) return true;
  const said = `${conf.get('Description') ?? ''} ${conf.get('LCSH') ?? ''}`;
  return /cross[- ]?references?|treasury of scripture knowledge/i.test(said);
}

/** Whether a Bible's conf says its text carries cross-reference notes (SWORD's filter that shows them). */
export function carriesCrossReferences(conf: SwordConf): boolean {
  return conf.getAll('GlobalOptionFilter').some((f) => /^(OSIS|ThML)Scripref$/i.test(f.trim()));
}

/** Where the entry is: references without a book ("2:3", "ver. 5") are in its book and chapter. */
export interface EntryPlace {
  book: CanonBook;
  chapter: number;
}

/** Every passage a cross-reference work's entry names, in its order, each once. */
export function referencesInEntry(markup: string, place: EntryPlace): PassageRange[] {
  const found: PassageRange[] = [];
  // ThML: <scripRef passage="Isa 9:6">…</scripRef>, or the references as its text ("Ro 5:8; 1Jo 4:9,10").
  for (const m of markup.matchAll(/<scripRef\b([^>]*)>([\s\S]*?)<\/scripRef>/gi)) {
    const passage = /\bpassage\s*=\s*"([^"]*)"/i.exec(m[1]!)?.[1];
    found.push(...referencesInText(passage ?? stripTags(m[2]!), place));
  }
  found.push(...osisReferences(markup, place));
  return unique(found);
}

/** Every passage the cross-reference notes (`<note type="crossReference">`) of a Bible's verse name. */
export function crossReferenceNotes(markup: string, place: EntryPlace): PassageRange[] {
  const found: PassageRange[] = [];
  for (const m of markup.matchAll(/<note\b[^>]*\btype="crossReference"[^>]*>([\s\S]*?)<\/note>/gi)) found.push(...osisReferences(m[1]!, place));
  return unique(found);
}

/**
 * OSIS `<reference>`s: by their osisRef ("Rom.5.8"), else by their text ("Exodus 23:13; Psalm 16:4", as
 * the WEB writes them). The note's own place ("12:4 ", an annotateRef) is not a reference to elsewhere.
 */
function osisReferences(markup: string, place: EntryPlace): PassageRange[] {
  const found: PassageRange[] = [];
  for (const m of markup.matchAll(/<reference\b([^>]*)>([\s\S]*?)<\/reference>/gi)) {
    const attributes = m[1]!;
    if (/\btype="annotateRef"|\bsubType="x-origin"/i.test(attributes)) continue;
    const osisRef = /\bosisRef\s*=\s*"([^"]*)"/i.exec(attributes)?.[1];
    if (osisRef) {
      // "Rom.5.8 Rom.8.32": several references in one attribute; a work prefix ("Bible:Rom.5.8") goes.
      for (const part of osisRef.trim().split(/\s+/)) {
        const range = osisRange(part.replace(/^[^:]*:/, ''));
        if (range) found.push(range);
      }
    } else found.push(...referencesInText(stripTags(m[2]!), place));
  }
  return found;
}

/** "Ge 1:1; 2:3,5; Joh 1:1-3" → four passages; a list starting without a book ("2:3", "ver. 5") is in the entry's. */
export function referencesInText(text: string, place: EntryPlace): PassageRange[] {
  // A reference is letters, digits and punctuation: an entity in one is a space (&nbsp;) or nothing that matters.
  let list = text
    .replace(/&[#\w]+;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!list) return [];
  list = list.replace(/^v(?:er|v)?\.?\s*(\d)/i, `${place.chapter}:$1`);
  if (/^\d+:\d/.test(list)) list = `${place.book.name} ${list}`;
  // Passages running from one book into another are left out: the panel shows one verse or a passage of one book.
  return findReferences(list)
    .map((f) => f.range)
    .filter((r) => r.verse !== undefined);
}

function stripTags(markup: string): string {
  return markup.replace(/<[^>]*>/g, ' ');
}

function unique(ranges: PassageRange[]): PassageRange[] {
  const seen = new Set<string>();
  return ranges.filter((r) => {
    const key = formatReference(r);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
