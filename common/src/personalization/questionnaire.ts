import { TRANSLATION_CATEGORIES, type TranslationCategory } from '../scripture/categories.ts';
import { PROTESTANT_CANON } from '../scripture/canon.ts';
import { planFigures, planInfo, type PlanChoice, type PlanId } from '../plans/plans.ts';
import { countOf, en } from '../text/plural.ts';

/** The personalization test's questions, each with its choices (value, label). */
export const QUESTIONS = {
  experience: {
    label: 'How well do you know the Bible?',
    choices: [
      ['new', 'I am new to it'],
      ['some', 'I have read parts of it'],
      ['familiar', 'I read it often'],
      ['deep', 'I have read it through and study it'],
    ],
  },
  goal: {
    label: 'What would you most like to do?',
    choices: [
      ['know-jesus', 'Get to know Jesus'],
      ['whole-bible', 'Read the whole Bible'],
      ['habit', 'Build a daily habit'],
      ['wisdom', 'Find wisdom for daily life'],
      ['prayer', 'Grow in prayer and worship'],
    ],
  },
  time: {
    label: 'How much time can you give each day?',
    choices: [
      ['5', 'About 5 minutes'],
      ['15', 'About 15 minutes'],
      ['30', 'Half an hour or more'],
    ],
  },
  topics: {
    label: 'Which topics speak to you? Choose any.',
    choices: [
      ['hope', 'Hope and comfort'],
      ['faith', 'Faith and doubt'],
      ['love', 'Love and relationships'],
      ['wisdom', 'Wisdom and decisions'],
      ['history', 'The story of God’s people'],
      ['prophecy', 'Prophecy and the end of days'],
    ],
  },
  style: {
    label: 'Which kind of translation do you like to read?',
    choices: [
      ['Word-for-Word', 'Word-for-Word: close to the original wording'],
      ['Thought-for-Thought', 'Thought-for-Thought: the meaning in natural language'],
      ['Paraphrase', 'Paraphrase: freely retold in everyday speech'],
      ['International', 'International: in a language other than English'],
    ],
  },
} as const;

type ValueOf<K extends keyof typeof QUESTIONS> = (typeof QUESTIONS)[K]['choices'][number][0];
export interface Answers {
  experience: ValueOf<'experience'>;
  goal: ValueOf<'goal'>;
  time: ValueOf<'time'>;
  topics: ValueOf<'topics'>[];
  style: TranslationCategory;
}

export interface TranslationOption {
  code: string;
  name: string;
  language: string;
  category: TranslationCategory;
}

export interface Recommendation {
  plan: PlanChoice;
  /** Why this plan, in a sentence. */
  planReason: string;
  translation: TranslationOption | null;
  translationReason: string;
}

/** Whether answers are whole and use only the choices offered (they come from a browser). */
export function isAnswers(value: unknown): value is Answers {
  if (typeof value !== 'object' || value === null) return false;
  const a = value as Record<string, unknown>;
  const one = (k: 'experience' | 'goal' | 'time') => QUESTIONS[k].choices.some(([v]) => v === a[k]);
  const topics = Array.isArray(a.topics) && a.topics.every((t) => QUESTIONS.topics.choices.some(([v]) => v === t));
  return one('experience') && one('goal') && one('time') && topics && (TRANSLATION_CATEGORIES as readonly string[]).includes(a.style as string);
}

/**
 * The plan: what the person wants, at the pace they have. A newcomer starts with the Gospels; a whole
 * Bible in a year needs about 20 minutes a day, so with less time it is the two-year plan.
 */
function planFor(a: Answers): Pick<Recommendation, 'plan' | 'planReason'> {
  if (a.goal === 'whole-bible') {
    return a.time === '5' || (a.time === '15' && a.experience === 'new')
      ? { plan: { id: 'bible-two-years' }, planReason: 'The whole Bible at a pace that fits a short daily time.' }
      : { plan: { id: 'bible-year' }, planReason: 'Genesis to Revelation in a year, for those who can give it about twenty minutes a day.' };
  }
  if (a.goal === 'wisdom' || a.goal === 'prayer' || (a.goal === 'habit' && a.time === '5')) {
    return { plan: { id: 'psalms-proverbs-month' }, planReason: 'Short daily readings of prayer and practical wisdom: an easy habit to keep.' };
  }
  if (a.goal === 'know-jesus' || a.experience === 'new') {
    return { plan: { id: 'gospels-30' }, planReason: 'The life and words of Jesus, told four ways, in a month.' };
  }
  return a.time === '30' || a.experience === 'deep'
    ? { plan: { id: 'new-testament-90' }, planReason: 'The whole New Testament in three months: a steady daily habit.' }
    : { plan: { id: 'gospels-30' }, planReason: 'A month in the Gospels: a good first habit.' };
}

/** The translation: one of the installed ones in the style chosen, English first unless International. */
function translationFor(
  a: Answers,
  installed: readonly TranslationOption[],
  browserLanguage: string,
): Pick<Recommendation, 'translation' | 'translationReason'> {
  const language = browserLanguage.slice(0, 2).toLowerCase();
  const inStyle = installed.filter((t) => t.category === a.style);
  const ranked = (list: readonly TranslationOption[], first: string) => [...list].sort((x, y) => Number(y.language === first) - Number(x.language === first));
  if (a.style === 'International') {
    const pick =
      ranked(inStyle, language === 'en' ? '' : language)[0] ??
      ranked(
        installed.filter((t) => t.language !== 'en'),
        language,
      )[0];
    return pick
      ? { translation: pick, translationReason: `${pick.name} reads the Bible in your own language.` }
      : { translation: null, translationReason: 'No translation in another language is installed here yet.' };
  }
  const pick = ranked(inStyle, 'en')[0];
  if (pick) return { translation: pick, translationReason: `${pick.name} is a ${a.style.toLowerCase()} translation.` };
  const fallback = ranked(installed, 'en')[0] ?? null;
  return {
    translation: fallback,
    translationReason: fallback
      ? `No ${a.style.toLowerCase()} translation is installed here; ${fallback.name} is the closest.`
      : 'No translation is installed here.',
  };
}

const NT = PROTESTANT_CANON.filter((b) => b.testament === 'NT').map((b) => b.name);
const ALL = PROTESTANT_CANON.map((b) => b.name);
/** The books each fixed plan reads, for setting the same reading at a gentler pace. */
const PLAN_BOOKS: Record<Exclude<PlanId, 'custom'>, readonly string[]> = {
  'bible-year': ALL,
  'bible-two-years': ALL,
  'new-testament-90': NT,
  'gospels-30': ['Matthew', 'Mark', 'Luke', 'John'],
  'psalms-proverbs-month': ['Psalms', 'Proverbs'],
};

/** A day's reading may run this much over the time given before the plan is slowed to fit. */
const PACE_SLACK = 1.3;

/** A long plan's length as a person pictures it ("about 6 months"), or nothing for a short one. */
function roughly(days: number): string {
  if (days >= 730) return ` (about ${countOf(Math.round(days / 365), en('year'))})`;
  if (days >= 60) return ` (about ${countOf(Math.round(days / 30), en('month'))})`;
  return '';
}

/**
 * Fits the plan to the time given: when its days are much longer than that, the same books are set
 * out over as many days as the time needs (a custom plan), rather than a plan that will be dropped.
 * The reason is written from the slowed plan itself, so it gives the same days and minutes as the
 * plan's own figures: a plan never splits a chapter, so a few books cannot go below a chapter a day.
 */
function atThePace(choice: Pick<Recommendation, 'plan' | 'planReason'>, minutes: number): Pick<Recommendation, 'plan' | 'planReason'> {
  if (choice.plan.id === 'custom') return choice;
  const info = planInfo(choice.plan);
  if (info.minutesPerDay <= minutes * PACE_SLACK) return choice;
  const paced = planInfo({ id: 'custom', books: PLAN_BOOKS[choice.plan.id], days: Math.ceil((info.minutesPerDay * info.days) / minutes) });
  // The days the schedule really has (never more than the chapters), so the plan saved is the one described.
  const plan = { id: 'custom' as const, books: PLAN_BOOKS[choice.plan.id], days: paced.days };
  const name = info.title.replace(/ in .*$/, '');
  const figures = `${planFigures(paced)}${roughly(paced.days)}`;
  return {
    plan,
    planReason:
      paced.minutesPerDay <= minutes * PACE_SLACK
        ? `${name}, set out to fit the time you have: ${figures}.`
        : `${name} at a chapter a day, the gentlest pace a plan of them allows: ${figures}, more than the ${countOf(minutes, en('minute'))} you have.`,
  };
}

export function recommend(a: Answers, installed: readonly TranslationOption[], browserLanguage = 'en'): Recommendation {
  return { ...atThePace(planFor(a), Number(a.time)), ...translationFor(a, installed, browserLanguage) };
}
