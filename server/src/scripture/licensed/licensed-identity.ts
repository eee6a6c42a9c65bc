import type { TranslationCategory } from '#common/scripture/categories.ts';
import { codeFromModuleName } from '../sources.ts';
import type { ApiBibleSummary } from './api-bible-protocol.ts';

// API.Bible names languages by ISO 639-3; Selah's summaries use BCP 47, which prefers the two-letter
// code where there is one. Languages missing here keep their three-letter code (also valid BCP 47).
// prettier-ignore
const TWO_LETTER: Record<string, string> = {
  eng: 'en', spa: 'es', fra: 'fr', deu: 'de', por: 'pt', ita: 'it', nld: 'nl', rus: 'ru', ukr: 'uk', pol: 'pl',
  ces: 'cs', slk: 'sk', hun: 'hu', ron: 'ro', ell: 'el', heb: 'he', arb: 'ar', ara: 'ar', pes: 'fa', fas: 'fa',
  hin: 'hi', ben: 'bn', urd: 'ur', tam: 'ta', tel: 'te', kor: 'ko', jpn: 'ja', cmn: 'zh', zho: 'zh', vie: 'vi',
  tha: 'th', ind: 'id', zsm: 'ms', msa: 'ms', tgl: 'tl', swh: 'sw', swa: 'sw', amh: 'am', yor: 'yo', hau: 'ha',
  ibo: 'ig', zul: 'zu', xho: 'xh', afr: 'af', tur: 'tr', fin: 'fi', swe: 'sv', nor: 'no', nob: 'nb', dan: 'da',
};

const RTL = new Set(['RTL', 'rtl']);

// How each well-known English translation renders the originals; the provider does not say. Texts not
// listed are put under "Word-for-Word", what most of the provider's public-domain English texts are.
// prettier-ignore
const ENGLISH_CATEGORIES: Record<string, TranslationCategory> = {
  KJV: 'Word-for-Word', NKJV: 'Word-for-Word', ESV: 'Word-for-Word', NASB: 'Word-for-Word', RSV: 'Word-for-Word',
  NRSV: 'Word-for-Word', ASV: 'Word-for-Word', YLT: 'Word-for-Word', LSB: 'Word-for-Word', BSB: 'Word-for-Word',
  LEB: 'Word-for-Word', CSB: 'Word-for-Word', WEB: 'Word-for-Word', AMP: 'Word-for-Word', DRA: 'Word-for-Word',
  NIV: 'Thought-for-Thought', NLT: 'Thought-for-Thought', GNT: 'Thought-for-Thought', GNB: 'Thought-for-Thought',
  CEV: 'Thought-for-Thought', NCV: 'Thought-for-Thought', NIRV: 'Thought-for-Thought', FBV: 'Thought-for-Thought',
  ERV: 'Thought-for-Thought', NET: 'Thought-for-Thought', CEB: 'Thought-for-Thought',
  MSG: 'Paraphrase', TLB: 'Paraphrase', TPT: 'Paraphrase', BBE: 'Paraphrase',
};

export interface LicensedIdentity {
  /** The short code people see and URLs use: "NIV". */
  code: string;
  name: string;
  language: string;
  languageName: string;
  category: TranslationCategory;
  direction: 'ltr' | 'rtl';
}

/** How one of the provider's Bibles is shown in Selah (the catalogue settles clashes of codes). */
export function licensedIdentity(bible: ApiBibleSummary): LicensedIdentity {
  const raw = bible.abbreviationLocal?.trim() || bible.abbreviation?.trim() || bible.id;
  const code = /^[A-Za-z0-9]{2,16}$/.test(raw) && raw === raw.toUpperCase() ? raw : codeFromModuleName(raw.replace(/[^A-Za-z0-9]/g, ''));
  const language = TWO_LETTER[bible.language.id] ?? bible.language.id;
  const english = language === 'en';
  const family = code.replace(/\d+$/, '');
  return {
    code,
    name: (bible.name || bible.nameLocal || code).trim(),
    language,
    languageName: bible.language.name.trim() || language,
    category: english ? (ENGLISH_CATEGORIES[code] ?? ENGLISH_CATEGORIES[family] ?? 'Word-for-Word') : 'International',
    direction: RTL.has(bible.language.scriptDirection ?? '') ? 'rtl' : 'ltr',
  };
}
