import { useState } from 'react';
import type { Recommendation } from '#common/personalization/questionnaire.ts';
import { addDays, dayIn } from '#common/progress/days.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useJoinPlan } from '../../plans/api/plans.ts';
import { useChangeTranslation } from '../../translations/api/use-translation.ts';

export type Part = 'plan' | 'translation';

export interface Applied {
  /** What is now in use, in the order asked for. */
  done: Part[];
  /** Why the rest could not be, one sentence each. */
  failures: string[];
}

/**
 * Puts a recommendation to use: joins the plan (an account's or this browser's, as the plans feature
 * keeps them) and makes the translation the preferred one through the same path as the translation
 * pickers, so it checks the translation can be read and follows a signed-in person to the account.
 * The parts are tried independently: a plan refused (too many followed) still leaves the translation set.
 */
export function useApplyRecommendation(recommendation: Recommendation) {
  const join = useJoinPlan();
  const changeTranslation = useChangeTranslation();
  const [busy, setBusy] = useState<Part[] | null>(null);
  const [applied, setApplied] = useState<Applied | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = (part: Part): Promise<unknown> => {
    const { plan, translation } = recommendation;
    if (part === 'plan') {
      if (plan.id !== 'custom') return join.mutateAsync({ planId: plan.id });
      // A plan slowed to the time given: the same books, finishing when that pace ends.
      const today = dayIn(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone);
      return join.mutateAsync({ planId: 'custom', books: [...plan.books], endDate: addDays(today, plan.days - 1) });
    }
    if (!translation) return Promise.reject(new Error('There is no translation to use.'));
    return changeTranslation(translation.code).then((ok) => {
      // The picker's path has already said why in a toast; the page says it too, beside the buttons.
      if (!ok) throw new Error(`${translation.name} cannot be read here just now, so your translation was not changed.`);
    });
  };

  const apply = async (parts: Part[]) => {
    setBusy(parts);
    setError(null);
    const results = await Promise.allSettled(parts.map(run));
    setBusy(null);
    const done = parts.filter((_, i) => results[i]!.status === 'fulfilled');
    const failures = results.flatMap((r) => (r.status === 'rejected' ? [errorMessage(r.reason)] : []));
    if (done.length > 0) setApplied({ done, failures });
    else setError(failures.join(' '));
  };

  return { apply, busy, applied, error, reset: () => setApplied(null) };
}
