import { describe, expect, it } from 'vitest';
import type { Answers } from '#common/personalization/questionnaire.ts';
import { answerText, startsOver } from './result-text.ts';

const answers: Answers = { experience: 'new', goal: 'prayer', time: '5', topics: ['hope', 'love'], style: 'Paraphrase' };

describe('the result’s words', () => {
  it('give each answer as the test offered it', () => {
    expect(answerText(answers, 'experience')).toBe('I am new to it');
    expect(answerText(answers, 'time')).toBe('About 5 minutes');
    expect(answerText(answers, 'topics')).toBe('Hope and comfort, Love and relationships');
    expect(answerText({ ...answers, topics: [] }, 'topics')).toBe('None chosen');
    expect(answerText(answers, 'style')).toBe('Paraphrase: freely retold in everyday speech');
  });

  it('warn that joining a plan followed already starts it over', () => {
    expect(startsOver({ finishedOn: null, dayNumber: 1, doneCount: 0 })).toBe('You already follow this plan. Using it again starts it over from day 1.');
    expect(startsOver({ finishedOn: null, dayNumber: 12, doneCount: 1 })).toBe(
      'You already follow this plan, on day 12. Using it again starts it over from day 1 and clears the reading checked off.',
    );
    expect(startsOver({ finishedOn: '2026-01-31', dayNumber: 30, doneCount: 40 })).toBe(
      'You have finished this plan before. Using it again starts it over from day 1 and clears the 40 readings checked off.',
    );
  });
});
