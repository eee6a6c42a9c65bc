import { describe, expect, it } from 'vitest';
import type { TranslationGroup, TranslationSummary } from '#common/contracts/bible.ts';
import { translationOptions } from './installed-translations.ts';

const t = (code: string, source: 'local' | 'licensed', extra: Partial<TranslationSummary> = {}) =>
  ({ code, name: `${code} name`, language: 'en', category: 'Word-for-Word', source, ...extra }) as TranslationSummary;
const group = (...translations: TranslationSummary[]): TranslationGroup => ({ languageName: 'English', language: 'en', translations });

describe('the translations the test may recommend', () => {
  it('lists each translation once, those on this server first, in the list’s order otherwise', () => {
    const groups = [group(t('ESV', 'licensed'), t('KJV', 'local'), t('KJV-SWORD', 'local', { editionOf: 'KJV' })), group(t('WEB', 'local'))];
    expect(translationOptions(groups).map((o) => o.code)).toEqual(['KJV', 'WEB', 'ESV']);
  });

  it('gives only what the recommendation reads', () => {
    expect(translationOptions([group(t('KJV', 'local'))])).toEqual([{ code: 'KJV', name: 'KJV name', language: 'en', category: 'Word-for-Word' }]);
  });
});
