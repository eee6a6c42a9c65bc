import { isAnswers, QUESTIONS, type Answers } from '#common/personalization/questionnaire.ts';

/** The questions in the order they are asked. */
export const STEPS = ['experience', 'goal', 'time', 'topics', 'style'] as const satisfies readonly (keyof typeof QUESTIONS)[];
export type Step = (typeof STEPS)[number];
export type Topic = Answers['topics'][number];
/** The questions answered with one choice (topics takes any number). */
export type SingleStep = Exclude<Step, 'topics'>;

/** Answers given so far: a question not reached yet has none. */
export type Draft = Partial<Answers>;

export type TestState =
  | { view: 'intro' }
  | { view: 'question'; step: number; draft: Draft }
  | { view: 'result'; answers: Answers; /** Whether it was just worked out (focus follows) or brought back from storage. */ fresh: boolean };

export type TestAction =
  | { type: 'start' }
  | { type: 'choose'; answer: Partial<Pick<Answers, SingleStep>> }
  | { type: 'topic'; topic: Topic; on: boolean }
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'retake' };

/** Whether a step can be left forward: topics may stay empty, every other question needs its answer. */
export function isAnswered(step: Step, draft: Draft): boolean {
  return step === 'topics' || draft[step] !== undefined;
}

/** The draft as whole answers, or null while any question lacks one. */
export function finish(draft: Draft): Answers | null {
  const answers = { ...draft, topics: draft.topics ?? [] };
  return isAnswers(answers) ? answers : null;
}

/** Where the test starts: the last result when there is one, else the intro. */
export function initialState(saved: Answers | null): TestState {
  return saved ? { view: 'result', answers: saved, fresh: false } : { view: 'intro' };
}

export function testReducer(state: TestState, action: TestAction): TestState {
  switch (action.type) {
    case 'start':
    case 'retake':
      // A retake starts blank, so each question is chosen again rather than clicked through.
      return { view: 'question', step: 0, draft: {} };
    case 'choose':
      return state.view === 'question' ? { ...state, draft: { ...state.draft, ...action.answer } } : state;
    case 'topic': {
      if (state.view !== 'question') return state;
      const topics = (state.draft.topics ?? []).filter((t) => t !== action.topic);
      // Kept in the order the choices are offered, whatever order they were ticked in.
      const next = action.on ? QUESTIONS.topics.choices.map(([v]) => v).filter((v) => v === action.topic || topics.includes(v)) : topics;
      return { ...state, draft: { ...state.draft, topics: next } };
    }
    case 'next': {
      if (state.view !== 'question' || !isAnswered(STEPS[state.step]!, state.draft)) return state;
      if (state.step < STEPS.length - 1) return { ...state, step: state.step + 1 };
      const answers = finish(state.draft);
      return answers ? { view: 'result', answers, fresh: true } : state;
    }
    case 'back':
      if (state.view !== 'question') return state;
      return state.step === 0 ? { view: 'intro' } : { ...state, step: state.step - 1 };
  }
}
