import type { PlanStatus } from '#common/contracts/plans.ts';
import { QUESTIONS, type Answers } from '#common/personalization/questionnaire.ts';
import type { Step } from './test-flow.ts';
import { countOf, en } from '#common/text/plural.ts';

/** An answer in the words the test offered it (topics joined, or 'None chosen'). */
export function answerText(answers: Answers, step: Step): string {
  const label = (value: string) => QUESTIONS[step].choices.find(([v]) => v === value)?.[1] ?? value;
  const value = answers[step];
  if (Array.isArray(value)) return value.length > 0 ? value.map(label).join(', ') : 'None chosen';
  return label(value);
}

/** The warning for a plan already followed: joining it again starts it over and clears what was checked off. */
export function startsOver(following: Pick<PlanStatus, 'finishedOn' | 'dayNumber' | 'doneCount'>): string {
  const where = following.finishedOn
    ? 'You have finished this plan before.'
    : `You already follow this plan${following.dayNumber > 1 ? `, on day ${following.dayNumber}` : ''}.`;
  const done =
    following.doneCount > 0 ? ` and clears the ${following.doneCount === 1 ? 'reading' : countOf(following.doneCount, en('reading'))} checked off` : '';
  return `${where} Using it again starts it over from day 1${done}.`;
}
