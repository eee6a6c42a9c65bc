import { describe, expect, it } from 'vitest';
import { isAnswers, recommend, type Answers, type TranslationOption } from './questionnaire.ts';

const installed: TranslationOption[] = [
  { code: 'KJV', name: 'King James Version', language: 'en', category: 'Word-for-Word' },
  { code: 'WEB', name: 'World English Bible', language: 'en', category: 'Thought-for-Thought' },
  { code: 'RV1909', name: 'Reina-Valera 1909', language: 'es', category: 'International' },
];
const base: Answers = { experience: 'some', goal: 'habit', time: '15', topics: ['hope'], style: 'Word-for-Word' };

describe('the personalization test', () => {
  it('recommends a plan by goal and time', () => {
    expect(recommend({ ...base, goal: 'whole-bible', time: '30' }, installed).plan).toEqual({ id: 'bible-year' });
    expect(recommend({ ...base, goal: 'whole-bible', time: '5' }, installed).plan).toEqual({ id: 'bible-two-years' });
    expect(recommend({ ...base, goal: 'know-jesus' }, installed).plan).toEqual({ id: 'gospels-30' });
    expect(recommend({ ...base, goal: 'wisdom' }, installed).plan).toEqual({ id: 'psalms-proverbs-month' });
    expect(recommend({ ...base, goal: 'habit', time: '30' }, installed).plan).toEqual({ id: 'new-testament-90' });
    expect(recommend({ ...base, experience: 'new' }, installed).plan).toEqual({ id: 'gospels-30' });
  });

  it('recommends an installed translation in the chosen style, or says why not', () => {
    expect(recommend(base, installed).translation?.code).toBe('KJV');
    expect(recommend({ ...base, style: 'Thought-for-Thought' }, installed).translation?.code).toBe('WEB');
    expect(recommend({ ...base, style: 'International' }, installed, 'es-MX').translation?.code).toBe('RV1909');
    const paraphrase = recommend({ ...base, style: 'Paraphrase' }, installed);
    expect(paraphrase.translation?.code).toBe('KJV');
    expect(paraphrase.translationReason).toMatch(/No paraphrase translation is installed/);
    expect(recommend({ ...base, style: 'International' }, installed.slice(0, 2)).translation).toBeNull();
  });

  it('accepts only whole answers from the choices offered', () => {
    expect(isAnswers(base)).toBe(true);
    expect(isAnswers({ ...base, goal: 'riches' })).toBe(false);
    expect(isAnswers({ ...base, topics: ['hope', 'gossip'] })).toBe(false);
    expect(isAnswers({ ...base, style: 'Comic' })).toBe(false);
    expect(isAnswers(null)).toBe(false);
  });
});
