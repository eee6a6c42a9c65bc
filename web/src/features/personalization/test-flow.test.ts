import { describe, expect, it } from 'vitest';
import type { Answers } from '#common/personalization/questionnaire.ts';
import { finish, initialState, isAnswered, STEPS, testReducer, type TestAction, type TestState } from './test-flow.ts';

const answers: Answers = { experience: 'some', goal: 'habit', time: '15', topics: ['hope', 'love'], style: 'Word-for-Word' };
const run = (state: TestState, ...actions: TestAction[]) => actions.reduce(testReducer, state);
const at = (state: TestState) => (state.view === 'question' ? STEPS[state.step] : state.view);

describe('the personalization test steps', () => {
  it('asks the five questions in order', () => {
    expect(STEPS).toEqual(['experience', 'goal', 'time', 'topics', 'style']);
  });

  it('starts at the intro, or at the last result when answers were kept', () => {
    expect(initialState(null)).toEqual({ view: 'intro' });
    expect(initialState(answers)).toEqual({ view: 'result', answers, fresh: false });
  });

  it('goes forward only once a question is answered, and topics may stay empty', () => {
    let s = run({ view: 'intro' }, { type: 'start' });
    expect(at(s)).toBe('experience');
    s = run(s, { type: 'next' });
    expect(at(s)).toBe('experience');
    s = run(s, { type: 'choose', answer: { experience: 'new' } }, { type: 'next' });
    expect(at(s)).toBe('goal');
    s = run(s, { type: 'choose', answer: { goal: 'know-jesus' } }, { type: 'next' }, { type: 'choose', answer: { time: '5' } }, { type: 'next' });
    expect(at(s)).toBe('topics');
    s = run(s, { type: 'next' });
    expect(at(s)).toBe('style');
    s = run(s, { type: 'next' });
    expect(at(s)).toBe('style');
    s = run(s, { type: 'choose', answer: { style: 'Paraphrase' } }, { type: 'next' });
    expect(s).toEqual({
      view: 'result',
      answers: { experience: 'new', goal: 'know-jesus', time: '5', topics: [], style: 'Paraphrase' },
      fresh: true,
    });
  });

  it('goes back a question keeping the answers, and from the first to the intro', () => {
    let s = run({ view: 'intro' }, { type: 'start' }, { type: 'choose', answer: { experience: 'deep' } }, { type: 'next' });
    s = run(s, { type: 'back' });
    expect(s).toEqual({ view: 'question', step: 0, draft: { experience: 'deep' } });
    expect(run(s, { type: 'back' })).toEqual({ view: 'intro' });
  });

  it('changes a single answer when another is chosen', () => {
    const s = run(
      { view: 'question', step: 0, draft: {} },
      { type: 'choose', answer: { experience: 'new' } },
      { type: 'choose', answer: { experience: 'familiar' } },
    );
    expect(s).toEqual({ view: 'question', step: 0, draft: { experience: 'familiar' } });
  });

  it('ticks and unticks topics, kept in the order they are offered', () => {
    const start: TestState = { view: 'question', step: 3, draft: {} };
    let s = run(start, { type: 'topic', topic: 'prophecy', on: true }, { type: 'topic', topic: 'hope', on: true }, { type: 'topic', topic: 'love', on: true });
    expect(s.view === 'question' && s.draft.topics).toEqual(['hope', 'love', 'prophecy']);
    s = run(s, { type: 'topic', topic: 'love', on: false }, { type: 'topic', topic: 'hope', on: true });
    expect(s.view === 'question' && s.draft.topics).toEqual(['hope', 'prophecy']);
  });

  it('retakes from a blank first question', () => {
    expect(run(initialState(answers), { type: 'retake' })).toEqual({ view: 'question', step: 0, draft: {} });
  });

  it('ignores answers and moves where they do not apply', () => {
    const intro: TestState = { view: 'intro' };
    const result = initialState(answers);
    for (const action of [
      { type: 'next' },
      { type: 'back' },
      { type: 'choose', answer: { goal: 'prayer' } },
      { type: 'topic', topic: 'hope', on: true },
    ] as TestAction[]) {
      expect(testReducer(intro, action)).toBe(intro);
      expect(testReducer(result, action)).toBe(result);
    }
  });

  it('says when a step is answered and when the answers are whole', () => {
    expect(isAnswered('topics', {})).toBe(true);
    expect(isAnswered('time', {})).toBe(false);
    expect(isAnswered('time', { time: '30' })).toBe(true);
    expect(finish({ ...answers, topics: undefined })).toEqual({ ...answers, topics: [] });
    expect(finish({ experience: 'new' })).toBeNull();
  });
});
