import { describe, expect, it } from 'vitest';
import { PROTESTANT_CANON } from '../scripture/canon.ts';
import { addDays } from './days.ts';
import { ACHIEVEMENT_IDS, evaluateAchievements, type ProgressFacts } from './achievements.ts';

const none: ProgressFacts = {
  chapters: [],
  studyDays: [],
  highlightDays: [],
  firstNotes: {},
  firstQuestion: null,
  firstShare: null,
  totalMinutes: 0,
  plansFinished: [],
};
const book = (name: string) => PROTESTANT_CANON.find((b) => b.name === name)!;
const wholeBook = (name: string, day: (chapter: number) => string) =>
  Array.from({ length: book(name).chapters }, (_, i) => ({ book: book(name).order, chapter: i + 1, day: day(i + 1) }));
const find = (facts: ProgressFacts, id: string, earned = new Map<string, string>()) =>
  evaluateAchievements(facts, earned, '2026-11-25').find((a) => a.id === id)!;

describe('achievements', () => {
  it('has at least twenty, each with a distinct id', () => {
    expect(ACHIEVEMENT_IDS.length).toBeGreaterThanOrEqual(20);
    expect(new Set(ACHIEVEMENT_IDS).size).toBe(ACHIEVEMENT_IDS.length);
    expect(evaluateAchievements(none, new Map(), '2026-11-25').every((a) => a.earnedOn === null && a.current === 0)).toBe(true);
  });

  it('dates a whole book by the day its last chapter was read, and shows progress before', () => {
    const mark = wholeBook('Mark', (c) => addDays('2026-10-01', c));
    expect(find({ ...none, chapters: mark }, 'gospel')).toMatchObject({ earnedOn: '2026-10-17', current: 16, target: 16 });
    expect(find({ ...none, chapters: mark.slice(0, 10) }, 'gospel')).toMatchObject({ earnedOn: null, current: 10, target: 16 });
    expect(find({ ...none, chapters: mark }, 'whole-book')).toMatchObject({ earnedOn: '2026-10-17' });
    expect(find({ ...none, chapters: mark }, 'four-gospels')).toMatchObject({ earnedOn: null, current: 16, target: 89 });
    expect(find({ ...none, chapters: mark }, 'first-chapter')).toMatchObject({ earnedOn: '2026-10-02' });
    expect(find({ ...none, chapters: mark }, 'chapters-10')).toMatchObject({ earnedOn: '2026-10-11' });
    const psalms = wholeBook('Psalms', () => '2026-05-05');
    expect(find({ ...none, chapters: psalms }, 'psalms')).toMatchObject({ earnedOn: '2026-05-05', target: 150 });
    expect(find({ ...none, chapters: psalms }, 'whole-bible')).toMatchObject({ earnedOn: null, current: 150, target: 1189 });
  });

  it('dates streak, highlight and note achievements by when they happened', () => {
    const days = Array.from({ length: 30 }, (_, i) => addDays('2026-01-01', i));
    expect(find({ ...none, studyDays: days }, 'streak-7').earnedOn).toBe('2026-01-07');
    expect(find({ ...none, studyDays: days }, 'streak-30').earnedOn).toBe('2026-01-30');
    expect(find({ ...none, studyDays: days }, 'streak-100')).toMatchObject({ earnedOn: null, current: 30, target: 100 });
    expect(find({ ...none, highlightDays: days.slice(0, 12) }, 'highlights-10').earnedOn).toBe('2026-01-10');
    expect(find({ ...none, firstNotes: { quote: '2026-02-02' } }, 'note-quote').earnedOn).toBe('2026-02-02');
    expect(find({ ...none, firstNotes: { quote: '2026-02-02' } }, 'note-freeform').earnedOn).toBeNull();
    expect(find({ ...none, totalMinutes: 601 }, 'hours-10').earnedOn).toBe('2026-11-25'); // minutes carry no date: today
  });

  it('keeps an achievement once earned even when its facts are gone', () => {
    const kept = new Map([['highlights-10', '2026-03-03']]);
    expect(find(none, 'highlights-10', kept)).toMatchObject({ earnedOn: '2026-03-03', current: 10, target: 10 });
  });
});
