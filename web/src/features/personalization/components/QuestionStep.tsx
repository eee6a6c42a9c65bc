import { ArrowLeft, ArrowRight } from 'lucide-react';
import type { Dispatch } from 'react';
import { QUESTIONS } from '#common/personalization/questionnaire.ts';
import { useFocusOnOpen } from '../../../lib/hooks/use-focus-on-open.ts';
import { isAnswered, STEPS, type Draft, type TestAction, type Topic } from '../test-flow.ts';

// A whole row is the target (at least 48 px high); `segmented` (styles.css) rings the row when its
// input has keyboard focus, so the input's own ring is not drawn twice.
const row =
  'segmented flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border px-4 py-3 text-base transition-colors ' +
  'border-stone-300 bg-white hover:bg-stone-100 dark:border-stone-700 dark:bg-stone-900 dark:hover:bg-stone-800 ' +
  'has-checked:border-orange-800 has-checked:bg-orange-50 has-checked:font-medium dark:has-checked:border-orange-300 dark:has-checked:bg-orange-950/60';
const mark = 'h-5 w-5 shrink-0 accent-orange-800 focus-visible:outline-none dark:accent-orange-300';

/** How far along the test is, in words and as a bar (the bar says nothing the words do not). */
function StepIndicator({ step }: { step: number }) {
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-medium text-stone-700 dark:text-stone-300">
        Question {step + 1} of {STEPS.length}
      </p>
      <div className="flex gap-1.5" aria-hidden>
        {STEPS.map((s, i) => (
          <span
            key={s}
            className={i <= step ? 'h-1.5 flex-1 rounded-full bg-orange-800 dark:bg-orange-300' : 'h-1.5 flex-1 rounded-full bg-stone-200 dark:bg-stone-700'}
          />
        ))}
      </div>
    </div>
  );
}

/**
 * One question of the test as a form: radios for a single answer, checkboxes for topics. Next is the
 * submit button, so Enter on a chosen answer moves on, and, being disabled until there is an answer,
 * Enter does nothing before. The question's heading takes focus as it appears, so a screen reader
 * reads each new question and Tab goes on to its answers.
 */
export function QuestionStep({ step, draft, dispatch }: { step: number; draft: Draft; dispatch: Dispatch<TestAction> }) {
  const focusHeading = useFocusOnOpen<HTMLHeadingElement>();
  const key = STEPS[step]!;
  const question = QUESTIONS[key];
  const last = step === STEPS.length - 1;
  const headingId = `question-${key}`;
  return (
    <form
      className="card flex flex-col gap-5"
      aria-labelledby={headingId}
      onSubmit={(e) => {
        e.preventDefault();
        dispatch({ type: 'next' });
      }}
    >
      <StepIndicator step={step} />
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-3">
          <h2 id={headingId} ref={focusHeading} tabIndex={-1} className="font-serif text-2xl font-semibold">
            {question.label}
          </h2>
        </legend>
        {key === 'topics'
          ? QUESTIONS.topics.choices.map(([value, label]) => (
              <label key={value} className={row}>
                <input
                  type="checkbox"
                  name="topics"
                  value={value}
                  className={mark}
                  checked={draft.topics?.includes(value) ?? false}
                  onChange={(e) => dispatch({ type: 'topic', topic: value as Topic, on: e.target.checked })}
                />
                {label}
              </label>
            ))
          : question.choices.map(([value, label]) => (
              <label key={value} className={row}>
                <input
                  type="radio"
                  name={key}
                  value={value}
                  className={mark}
                  checked={draft[key] === value}
                  onChange={() => dispatch({ type: 'choose', answer: { [key]: value } })}
                />
                {label}
              </label>
            ))}
      </fieldset>
      {key === 'topics' && <p className="-mt-2 text-sm text-stone-700 dark:text-stone-300">Choose as many as you like, or none.</p>}
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-stone-200 pt-4 dark:border-stone-800">
        <button type="button" className="button-ghost" onClick={() => dispatch({ type: 'back' })}>
          <ArrowLeft aria-hidden size={18} /> Back
        </button>
        <button type="submit" className="button-primary" disabled={!isAnswered(key, draft)}>
          {last ? 'See my result' : 'Next'} <ArrowRight aria-hidden size={18} />
        </button>
      </div>
    </form>
  );
}
