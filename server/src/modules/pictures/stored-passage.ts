import { formatReference } from '#common/scripture/reference.ts';
import { Invalid, NotFound } from '../../lib/errors.ts';
import type { BibleService } from '../bible/bible.service.ts';
import { sameWords } from './passage-words.ts';

/** A picture or a shared verse shows at most this many verses (a selection; a chapter has its own illustration). */
const MAX_VERSES = 8;

export interface StoredPassage {
  /** Canonical: "John 3:16", "Psalm 23:1-2". */
  reference: string;
  translation: string;
  /** The store's words, verses joined by a space. */
  text: string;
}

/**
 * The store's text of a passage, checked against what the person sent: nobody can put words the
 * Bible does not say on a picture or a page that carries the site's name. Licensed texts may only be
 * shown on screen, so they are refused.
 */
export function storedPassage(bible: BibleService, reference: string, translation: string, claimed: string): StoredPassage {
  const t = localText(bible, translation);
  const range = bible.reference(reference);
  const verses = bible.passageVerses(t, range, MAX_VERSES + 1);
  const label = formatReference(range);
  if (verses.length === 0) throw new NotFound(`${label} is not in the ${t.code} translation.`);
  if (verses.length > MAX_VERSES) throw new Invalid(`A picture holds at most ${MAX_VERSES} verses. Choose fewer verses.`);
  const text = verses.map((v) => v.text).join(' ');
  if (
    !sameWords(
      claimed,
      text,
      verses.map((v) => v.verse),
    )
  ) {
    throw new Invalid(`That is not the text of ${label} in the ${t.code} translation. Verses are shared as they are written.`);
  }
  return { reference: label, translation: t.code, text };
}

/** The first translation whose text of the passage the words are: for callers that name none. */
export function passageInAnyTranslation(bible: BibleService, reference: string, claimed: string): StoredPassage {
  const range = bible.reference(reference);
  for (const t of bible.localTranslations()) {
    const verses = bible.passageVerses(t, range, MAX_VERSES + 1);
    if (verses.length === 0 || verses.length > MAX_VERSES) continue;
    const text = verses.map((v) => v.text).join(' ');
    if (
      sameWords(
        claimed,
        text,
        verses.map((v) => v.verse),
      )
    )
      return { reference: formatReference(range), translation: t.code, text };
  }
  throw new Invalid(`That is not the text of ${formatReference(range)} in any translation here. Verses are shared as they are written.`);
}

/** A whole chapter's text, for a chapter illustration's themes. */
export function storedChapter(bible: BibleService, reference: string, translation: string): StoredPassage {
  const t = localText(bible, translation);
  const range = bible.reference(reference);
  const chapter = { ...range, verse: undefined, endVerse: undefined, endChapter: range.chapter };
  const verses = bible.passageVerses(t, chapter, 200);
  const label = formatReference(chapter);
  if (verses.length === 0) throw new NotFound(`${label} is not in the ${t.code} translation.`);
  return { reference: label, translation: t.code, text: verses.map((v) => v.text).join(' ') };
}

function localText(bible: BibleService, code: string) {
  if (bible.isLicensed(code)) {
    throw new Invalid(`Pictures are not available for ${code.trim().toUpperCase()}: its publisher's terms allow it to be read on screen only.`);
  }
  return bible.translation(code);
}
