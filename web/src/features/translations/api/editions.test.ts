import { describe, expect, it } from 'vitest';
import type { TranslationSummary } from '#common/contracts/bible.ts';
import { editionsOf, withoutFurtherEditions } from './editions.ts';

const t = (code: string, editionOf?: string) => ({ code, name: code, ...(editionOf && { editionOf }) }) as TranslationSummary;
const list = [t('KJV'), t('ASV'), t('KJVPLAIN', 'KJV'), t('WEB'), t('KJVOLD', 'KJV')];

describe('translation editions on the client', () => {
  it('finds a translation’s editions from any of them, the default first', () => {
    expect(editionsOf(list, 'KJV').map((e) => e.code)).toEqual(['KJV', 'KJVPLAIN', 'KJVOLD']);
    expect(editionsOf(list, 'KJVPLAIN').map((e) => e.code)).toEqual(['KJV', 'KJVPLAIN', 'KJVOLD']);
    expect(editionsOf(list, 'ASV').map((e) => e.code)).toEqual(['ASV']);
    expect(editionsOf(list, 'NOPE')).toEqual([]);
  });

  it('lists each translation once for choosing', () => {
    const groups = withoutFurtherEditions([{ languageName: 'English', language: 'en', translations: list }]);
    expect(groups[0]!.translations.map((e) => e.code)).toEqual(['KJV', 'ASV', 'WEB']);
  });
});
