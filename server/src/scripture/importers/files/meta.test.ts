import { describe, expect, it } from 'vitest';
import { codeFromPath, normalizeLanguage, parseCategory, resolveMeta } from './meta.ts';
import { normalizeStrongs } from './strongs.ts';

describe('translation metadata', () => {
  it('makes a code from a file or directory name', () => {
    expect(codeFromPath('/downloads/eng-web_usfm')).toBe('ENGWEB');
    expect(codeFromPath('kjv.osis.xml')).toBe('KJV');
    expect(codeFromPath('/x/RV1909.zip')).toBe('RV1909');
  });

  it('understands language tags, ISO 639-2 codes and English names', () => {
    expect(normalizeLanguage('en_US')).toBe('en-US');
    expect(normalizeLanguage('ENG')).toBe('en');
    expect(normalizeLanguage('deu')).toBe('de');
    expect(normalizeLanguage('Spanish')).toBe('es');
    expect(normalizeLanguage('Klingonese')).toBeUndefined();
  });

  it('parses categories loosely and lists the valid ones otherwise', () => {
    expect(parseCategory('word for word')).toBe('Word-for-Word');
    expect(parseCategory('PARAPHRASE')).toBe('Paraphrase');
    expect(() => parseCategory('literal')).toThrow(/Word-for-Word, Thought-for-Thought, Paraphrase, International/);
  });

  it('prefers options, then the file, then defaults, and says which defaults it took', () => {
    const warnings: string[] = [];
    const meta = resolveMeta('/data/rv1909.xml', { language: 'Spanish' }, { warn: (m) => warnings.push(m) });
    expect(meta).toEqual({
      code: 'RV1909',
      name: 'RV1909',
      language: 'es',
      languageName: 'Spanish',
      category: 'International',
      licence: 'Unknown',
      source: 'file:rv1909.xml',
      direction: 'ltr',
    });
    expect(warnings).toHaveLength(2);
    expect(resolveMeta('/data/x.xml', {}, { language: 'he', category: 'international', licence: 'PD' }).direction).toBe('rtl');
    expect(() => resolveMeta('/x', {}, { language: 'Klingonese' })).toThrow(/unknown language/);
  });
});

describe("Strong's numbers", () => {
  it('normalises the ways sources write them', () => {
    expect(normalizeStrongs('strong:H07225')).toEqual(['H7225']);
    expect(normalizeStrongs('7225 430', 'H')).toEqual(['H7225', 'H430']);
    expect(normalizeStrongs('G2316,G2316')).toEqual(['G2316']);
    expect(normalizeStrongs('b:H7225 H1254a')).toEqual(['H7225', 'H1254']);
    expect(normalizeStrongs('G35880')).toEqual(['G3588']);
    expect(normalizeStrongs('lemma.TR:θεος 123')).toEqual([]);
  });
});
