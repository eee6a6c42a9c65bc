import { describe, expect, it } from 'vitest';
import { planFigures, planInfo } from '../plans/plans.ts';
import { isAnswers, QUESTIONS, recommend, type Answers, type TranslationOption } from './questionnaire.ts';

const installed: TranslationOption[] = [
  { code: 'KJV', name: 'King James Version', language: 'en', category: 'Word-for-Word' },
  { code: 'WEB', name: 'World English Bible', language: 'en', category: 'Thought-for-Thought' },
  { code: 'RV1909', name: 'Reina-Valera 1909', language: 'es', category: 'International' },
];
const base: Answers = { experience: 'some', goal: 'habit', time: '15', topics: ['hope'], style: 'Word-for-Word' };

describe('the personalization test', () => {
  it('recommends a plan by goal and time', () => {
    expect(recommend({ ...base, goal: 'whole-bible', time: '30' }, installed).plan).toEqual({ id: 'bible-year' });
    expect(recommend({ ...base, goal: 'know-jesus', time: '30' }, installed).plan).toEqual({ id: 'gospels-30' });
    expect(recommend({ ...base, goal: 'wisdom', time: '30' }, installed).plan).toEqual({ id: 'psalms-proverbs-month' });
    expect(recommend({ ...base, goal: 'habit', time: '30' }, installed).plan).toEqual({ id: 'new-testament-90' });
    expect(recommend({ ...base, experience: 'new', time: '30' }, installed).plan).toEqual({ id: 'gospels-30' });
  });

  it('slows a plan whose days are longer than the time given, and leaves one that fits', () => {
    // The Gospels in 30 days take about 31 minutes a day: at 15, the same four books over about two months.
    const gospels = recommend({ ...base, goal: 'know-jesus', time: '15' }, installed);
    expect(gospels.plan).toMatchObject({ id: 'custom', books: ['Matthew', 'Mark', 'Luke', 'John'] });
    const days = (gospels.plan as { days: number }).days;
    expect(days).toBeGreaterThan(55);
    expect(days).toBeLessThan(70);
    expect(gospels.planReason).toBe(`The Gospels, set out to fit the time you have: ${planFigures(planInfo(gospels.plan))} (about 2 months).`);
    expect(planInfo(gospels.plan).minutesPerDay).toBeLessThanOrEqual(16);
    // The whole Bible at 5 minutes a day is years of reading, and says so.
    expect(recommend({ ...base, goal: 'whole-bible', time: '5' }, installed).planReason).toMatch(/about \d+ years/);
    // A year's plan (about 21 minutes a day) fits half an hour, and stays.
    expect(recommend({ ...base, goal: 'whole-bible', time: '30' }, installed).plan.id).toBe('bible-year');
  });

  it('gives the same days and minutes in the reason as in the plan it recommends, for every answer', () => {
    const { experience, goal, time } = QUESTIONS;
    for (const [e] of experience.choices)
      for (const [g] of goal.choices)
        for (const [t] of time.choices) {
          const { plan, planReason } = recommend({ ...base, experience: e, goal: g, time: t }, installed);
          if (plan.id !== 'custom') continue;
          const info = planInfo(plan);
          expect(plan.days, `${e} ${g} ${t}`).toBe(info.days);
          expect(planReason, `${e} ${g} ${t}`).toContain(planFigures(info));
          // No other count of days or minutes beside the plan's own.
          const minutes = [...planReason.matchAll(/about (\d+) minutes? a day/g)].map((m) => Number(m[1]));
          expect(minutes, `${e} ${g} ${t}`).toEqual([info.minutesPerDay]);
        }
    // The Gospels cannot go below a chapter a day: at 5 minutes they say so, with the real figures.
    const gospels = recommend({ ...base, goal: 'know-jesus', time: '5' }, installed);
    expect(gospels.planReason).toBe(
      `The Gospels at a chapter a day, the gentlest pace a plan of them allows: ${planFigures(planInfo(gospels.plan))} (about 3 months), more than the 5 minutes you have.`,
    );
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

  it('recommends, for every goal, experience and time, this plan (a fixed one, or its books at the pace the time allows)', () => {
    const seen = new Map<string, string>();
    const table = QUESTIONS.goal.choices.flatMap(([goal]) =>
      QUESTIONS.experience.choices.map(([experience]) => [
        goal,
        experience,
        QUESTIONS.time.choices.map(([time]) => {
          const { plan, planReason } = recommend({ ...base, goal, experience, time }, installed);
          if (plan.id !== 'custom') {
            seen.set(plan.id, planReason);
            return plan.id;
          }
          return `${plan.books![0]}–${plan.books!.at(-1)} in ${plan.days}`;
        }),
      ]),
    );
    expect(table).toEqual([
      ['know-jesus', 'new', ['Matthew–John in 89', 'Matthew–John in 62', 'gospels-30']],
      ['know-jesus', 'some', ['Matthew–John in 89', 'Matthew–John in 62', 'gospels-30']],
      ['know-jesus', 'familiar', ['Matthew–John in 89', 'Matthew–John in 62', 'gospels-30']],
      ['know-jesus', 'deep', ['Matthew–John in 89', 'Matthew–John in 62', 'gospels-30']],
      // A newcomer with a quarter of an hour reads the whole Bible over two years; others a slowed year.
      ['whole-bible', 'new', ['Genesis–Revelation in 1189', 'bible-two-years', 'bible-year']],
      ['whole-bible', 'some', ['Genesis–Revelation in 1189', 'Genesis–Revelation in 511', 'bible-year']],
      ['whole-bible', 'familiar', ['Genesis–Revelation in 1189', 'Genesis–Revelation in 511', 'bible-year']],
      ['whole-bible', 'deep', ['Genesis–Revelation in 1189', 'Genesis–Revelation in 511', 'bible-year']],
      // A habit: short readings at 5 minutes; the Gospels for a newcomer; the New Testament for the rest at half an hour.
      ['habit', 'new', ['Psalms–Proverbs in 168', 'Matthew–John in 62', 'gospels-30']],
      ['habit', 'some', ['Psalms–Proverbs in 168', 'Matthew–John in 62', 'new-testament-90']],
      ['habit', 'familiar', ['Psalms–Proverbs in 168', 'Matthew–John in 62', 'new-testament-90']],
      ['habit', 'deep', ['Psalms–Proverbs in 168', 'Matthew–Revelation in 132', 'new-testament-90']],
      ['wisdom', 'new', ['Psalms–Proverbs in 168', 'Psalms–Proverbs in 56', 'psalms-proverbs-month']],
      ['wisdom', 'some', ['Psalms–Proverbs in 168', 'Psalms–Proverbs in 56', 'psalms-proverbs-month']],
      ['wisdom', 'familiar', ['Psalms–Proverbs in 168', 'Psalms–Proverbs in 56', 'psalms-proverbs-month']],
      ['wisdom', 'deep', ['Psalms–Proverbs in 168', 'Psalms–Proverbs in 56', 'psalms-proverbs-month']],
      ['prayer', 'new', ['Psalms–Proverbs in 168', 'Psalms–Proverbs in 56', 'psalms-proverbs-month']],
      ['prayer', 'some', ['Psalms–Proverbs in 168', 'Psalms–Proverbs in 56', 'psalms-proverbs-month']],
      ['prayer', 'familiar', ['Psalms–Proverbs in 168', 'Psalms–Proverbs in 56', 'psalms-proverbs-month']],
      ['prayer', 'deep', ['Psalms–Proverbs in 168', 'Psalms–Proverbs in 56', 'psalms-proverbs-month']],
    ]);
    expect(Object.fromEntries(seen)).toEqual({
      'gospels-30': 'The life and words of Jesus, told four ways, in a month.',
      'bible-two-years': 'The whole Bible at a pace that fits a short daily time.',
      'bible-year': 'Genesis to Revelation in a year, for those who can give it about twenty minutes a day.',
      'new-testament-90': 'The whole New Testament in three months: a steady daily habit.',
      'psalms-proverbs-month': 'Short daily readings of prayer and practical wisdom: an easy habit to keep.',
    });
  });

  it('puts English first in a style, and the browser’s language first among texts in other languages', () => {
    const spanishFirst: TranslationOption[] = [
      { code: 'RVA', name: 'Reina-Valera Antigua', language: 'es', category: 'Word-for-Word' },
      { code: 'KJV', name: 'King James Version', language: 'en', category: 'Word-for-Word' },
    ];
    expect(recommend(base, spanishFirst)).toMatchObject({
      translation: { code: 'KJV' },
      translationReason: 'King James Version is a word-for-word translation.',
    });
    const others: TranslationOption[] = [
      { code: 'RV1909', name: 'Reina-Valera 1909', language: 'es', category: 'International' },
      { code: 'ARC', name: 'Almeida Revista e Corrigida', language: 'pt', category: 'International' },
    ];
    expect(recommend({ ...base, style: 'International' }, others, 'PT-BR')).toMatchObject({
      translation: { code: 'ARC' },
      translationReason: 'Almeida Revista e Corrigida reads the Bible in your own language.',
    });
    expect(recommend({ ...base, style: 'International' }, others, 'es')).toMatchObject({ translation: { code: 'RV1909' } });
  });

  it('says so when no translation is installed at all', () => {
    expect(recommend(base, [])).toMatchObject({ translation: null, translationReason: 'No translation is installed here.' });
    expect(recommend({ ...base, style: 'International' }, [])).toMatchObject({
      translation: null,
      translationReason: 'No translation in another language is installed here yet.',
    });
  });

  it('takes only answers it offers', () => {
    expect(isAnswers(base)).toBe(true);
    for (const wrong of [
      null,
      'answers',
      7,
      { ...base, time: '45' },
      { ...base, goal: 'fame' },
      { ...base, topics: ['hope', 'gold'] },
      { ...base, style: 'Loose' },
    ]) {
      expect(isAnswers(wrong), JSON.stringify(wrong)).toBe(false);
    }
  });
});
