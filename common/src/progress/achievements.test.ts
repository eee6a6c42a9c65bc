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

  it('offers these achievements, in this order, as readers see them', () => {
    const shown = evaluateAchievements(none, new Map(), '2026-11-25').map((a) => [a.id, a.title, a.description, a.category, a.target]);
    expect(shown).toEqual([
      ['first-chapter', 'First Chapter', 'Read a chapter to the end.', 'reading', 1],
      ['chapters-10', 'Ten Chapters', 'Complete 10 chapters.', 'reading', 10],
      ['chapters-100', 'A Hundred Chapters', 'Complete 100 different chapters.', 'reading', 100],
      ['streak-7', 'One Week', 'Study 7 days in a row.', 'streak', 7],
      ['streak-30', 'One Month', 'Study 30 days in a row.', 'streak', 30],
      ['streak-100', 'A Hundred Days', 'Study 100 days in a row.', 'streak', 100],
      ['streak-365', 'A Whole Year', 'Study 365 days in a row.', 'streak', 365],
      // With nothing read, the nearest whole book is the first: Genesis, 50 chapters; the nearest Gospel, Matthew's 28.
      ['whole-book', 'Cover to Cover', 'Read every chapter of any book.', 'reading', 50],
      ['gospel', 'Good News', 'Read a whole Gospel.', 'reading', 28],
      ['four-gospels', 'Four Witnesses', 'Read all four Gospels.', 'reading', 89],
      ['psalms', 'Songs of Praise', 'Read all 150 Psalms.', 'reading', 150],
      ['torah', 'In the Beginning', 'Read the five books of Moses.', 'reading', 187],
      ['new-testament', 'New Testament', 'Read the whole New Testament.', 'reading', 260],
      ['old-testament', 'Old Testament', 'Read the whole Old Testament.', 'reading', 929],
      ['whole-bible', 'The Whole Bible', 'Read every chapter from Genesis to Revelation.', 'reading', 1189],
      ['hours-10', 'Ten Hours in the Word', 'Spend 10 hours reading.', 'reading', 600],
      ['highlights-10', 'Marked Passages', 'Highlight 10 verses.', 'study', 10],
      ['highlights-100', 'Well-Marked Bible', 'Highlight 100 verses.', 'study', 100],
      ['note-quote', 'First Quote Note', 'Write your first quote note.', 'study', 1],
      ['note-understand', 'First Understanding Note', 'Write your first understanding note.', 'study', 1],
      ['note-question', 'First Question Note', 'Write your first question note.', 'study', 1],
      ['note-freeform', 'First Free-form Note', 'Write your first free-form note.', 'study', 1],
      ['first-question', 'Seeker', 'Ask the Bible AI your first question.', 'study', 1],
      ['first-share', 'Pass It On', 'Share a verse or a picture.', 'sharing', 1],
      ['plan-finished', 'Plan Complete', 'Finish a reading plan.', 'reading', 1],
    ]);
  });

  it('dates a chapter read twice by the first time, and a whole book by its latest chapter whatever order they come in', () => {
    // Jude and 2 John have one chapter each; 3 John too. Reports arrive newest first.
    const chapters = [
      { book: book('Jude').order, chapter: 1, day: '2026-04-09' },
      { book: book('Jude').order, chapter: 1, day: '2026-04-02' },
      { book: book('Jude').order, chapter: 1, day: '2026-04-05' },
    ];
    expect(find({ ...none, chapters }, 'whole-book')).toMatchObject({ earnedOn: '2026-04-02', current: 1, target: 1 });
    const ruth = [
      { book: book('Ruth').order, chapter: 3, day: '2026-02-01' },
      { book: book('Ruth').order, chapter: 4, day: '2026-01-20' },
      { book: book('Ruth').order, chapter: 1, day: '2026-01-10' },
      { book: book('Ruth').order, chapter: 2, day: '2026-01-15' },
    ];
    expect(find({ ...none, chapters: ruth }, 'whole-book')).toMatchObject({ earnedOn: '2026-02-01', current: 4, target: 4 });
    // The 10th chapter is the 10th by date, not by when it was reported.
    const reported = [...wholeBook('Mark', (c) => addDays('2026-03-01', 16 - c))];
    expect(find({ ...none, chapters: reported }, 'chapters-10')).toMatchObject({ earnedOn: '2026-03-10', current: 10 });
  });

  it('counts the whole book reached first, or else the book nearest to whole', () => {
    // Books are weighed in canon order (Mark before John): a later whole book does not replace an earlier-reached one.
    const markFirst = wholeBook('Mark', () => '2026-06-01');
    const johnLater = wholeBook('John', () => '2026-06-10');
    expect(find({ ...none, chapters: [...johnLater, ...markFirst] }, 'gospel')).toMatchObject({ earnedOn: '2026-06-01', current: 16, target: 16 });
    // An earlier one does.
    const markLater = wholeBook('Mark', () => '2026-06-10');
    const johnFirst = wholeBook('John', () => '2026-06-01');
    expect(find({ ...none, chapters: [...markLater, ...johnFirst] }, 'gospel')).toMatchObject({ earnedOn: '2026-06-01', current: 21, target: 21 });
    // Two whole on the same day: the first in canon order stands.
    const johnSameDay = wholeBook('John', () => '2026-06-10');
    expect(find({ ...none, chapters: [...markLater, ...johnSameDay] }, 'gospel')).toMatchObject({ earnedOn: '2026-06-10', current: 16, target: 16 });
    // Half of Mark (8 of 16) and half of Luke (12 of 24) are as near: the first of them stands.
    const half = (name: string) => wholeBook(name, () => '2026-07-01').slice(0, book(name).chapters / 2);
    expect(find({ ...none, chapters: [...half('Mark'), ...half('Luke')] }, 'gospel')).toMatchObject({ earnedOn: null, current: 8, target: 16 });
    // 10 of Luke's 24 is nearer than 5 of Mark's 16, though Mark comes first.
    const luke10 = wholeBook('Luke', () => '2026-07-01').slice(0, 10);
    const mark5 = wholeBook('Mark', () => '2026-07-01').slice(0, 5);
    expect(find({ ...none, chapters: [...mark5, ...luke10] }, 'gospel')).toMatchObject({ earnedOn: null, current: 10, target: 24 });
    expect(find({ ...none, chapters: [...mark5, ...luke10] }, 'four-gospels')).toMatchObject({ earnedOn: null, current: 15, target: 89 });
  });

  it('reads the five books of Moses, each testament and the whole Bible from their own books only', () => {
    const torah = ['Genesis', 'Exodus', 'Leviticus', 'Numbers', 'Deuteronomy'].flatMap((name, i) => wholeBook(name, () => addDays('2026-01-01', i)));
    expect(find({ ...none, chapters: torah }, 'torah')).toMatchObject({ earnedOn: '2026-01-05', current: 187, target: 187 });
    expect(find({ ...none, chapters: torah.slice(1) }, 'torah')).toMatchObject({ earnedOn: null, current: 186 });
    expect(find({ ...none, chapters: torah }, 'old-testament')).toMatchObject({ earnedOn: null, current: 187, target: 929 });
    expect(find({ ...none, chapters: torah }, 'new-testament')).toMatchObject({ earnedOn: null, current: 0, target: 260 });
    const nt = PROTESTANT_CANON.filter((b) => b.testament === 'NT').flatMap((b) => wholeBook(b.name, () => '2026-09-09'));
    expect(find({ ...none, chapters: nt }, 'new-testament')).toMatchObject({ earnedOn: '2026-09-09', current: 260 });
    expect(find({ ...none, chapters: nt }, 'old-testament')).toMatchObject({ earnedOn: null, current: 0 });
    const ot = PROTESTANT_CANON.filter((b) => b.testament === 'OT').flatMap((b) => wholeBook(b.name, () => '2026-08-08'));
    expect(find({ ...none, chapters: ot }, 'old-testament')).toMatchObject({ earnedOn: '2026-08-08', current: 929 });
    expect(find({ ...none, chapters: [...ot, ...nt] }, 'whole-bible')).toMatchObject({ earnedOn: '2026-09-09', current: 1189 });
    expect(find({ ...none, chapters: [...ot, ...nt] }, 'chapters-100')).toMatchObject({ earnedOn: '2026-08-08', current: 100, target: 100 });
  });

  it('earns a target reached exactly, and not one short of it', () => {
    expect(find({ ...none, totalMinutes: 599 }, 'hours-10')).toMatchObject({ earnedOn: null, current: 599 });
    expect(find({ ...none, totalMinutes: 600 }, 'hours-10')).toMatchObject({ earnedOn: '2026-11-25', current: 600 });
    expect(find({ ...none, totalMinutes: 5000 }, 'hours-10')).toMatchObject({ current: 600 });
    const days = (n: number) => Array.from({ length: n }, (_, i) => addDays('2026-01-01', i));
    expect(find({ ...none, studyDays: days(6) }, 'streak-7')).toMatchObject({ earnedOn: null, current: 6 });
    // A broken run: the longest stretch is what counts.
    expect(find({ ...none, studyDays: [...days(3), ...days(12).slice(5)] }, 'streak-7')).toMatchObject({ earnedOn: '2026-01-12', current: 7 });
    expect(find({ ...none, highlightDays: ['2026-01-09', ...days(8)] }, 'highlights-10')).toMatchObject({ earnedOn: null, current: 9 });
    // Highlight days come unsorted: the 10th made is the 10th by date.
    const made = ['2026-03-30', ...days(9).reverse(), '2026-02-01'];
    expect(find({ ...none, highlightDays: made }, 'highlights-10')).toMatchObject({ earnedOn: '2026-02-01', current: 10 });
    expect(find({ ...none, highlightDays: made }, 'highlights-100')).toMatchObject({ earnedOn: null, current: 11, target: 100 });
    expect(find({ ...none, plansFinished: ['2026-05-05', '2026-04-04'] }, 'plan-finished')).toMatchObject({ earnedOn: '2026-04-04', current: 1 });
  });

  it('dates each first note, question and share by its own day', () => {
    const facts: ProgressFacts = {
      ...none,
      firstNotes: { understand: '2026-02-03', question: '2026-02-04', freeform: '2026-02-05' },
      firstQuestion: '2026-02-06',
      firstShare: '2026-02-07',
    };
    const earned = evaluateAchievements(facts, new Map(), '2026-11-25')
      .filter((a) => a.earnedOn)
      .map((a) => [a.id, a.earnedOn, a.current]);
    expect(earned).toEqual([
      ['note-understand', '2026-02-03', 1],
      ['note-question', '2026-02-04', 1],
      ['note-freeform', '2026-02-05', 1],
      ['first-question', '2026-02-06', 1],
      ['first-share', '2026-02-07', 1],
    ]);
    expect(find(facts, 'note-quote')).toMatchObject({ earnedOn: null, current: 0 });
  });
});
