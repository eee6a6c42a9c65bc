import { Link } from '@tanstack/react-router';
import { BookOpen, CalendarCheck, CircleCheck, Languages, RotateCcw, TriangleAlert } from 'lucide-react';
import { useMemo } from 'react';
import { QUESTIONS, recommend, type Answers, type TranslationOption } from '#common/personalization/questionnaire.ts';
import { planFigures, planInfo } from '#common/plans/plans.ts';
import { useFocusOnOpen } from '../../../lib/hooks/use-focus-on-open.ts';
import { useMyPlans } from '../../plans/api/plans.ts';
import { useApplyRecommendation, type Applied, type Part } from '../hooks/use-apply-recommendation.ts';
import { answerText, startsOver } from '../result-text.ts';
import { STEPS } from '../test-flow.ts';

const kicker = 'flex items-center gap-2 text-xs font-semibold tracking-wide text-stone-600 uppercase dark:text-stone-400';

/** What each answer said, in the test's own words. */
function AnswerSummary({ answers }: { answers: Answers }) {
  return (
    <details className="rounded-xl border border-stone-200 px-4 py-2 dark:border-stone-800">
      <summary className="cursor-pointer py-2 text-sm font-medium max-sm:min-h-11">Your answers</summary>
      <dl className="flex flex-col gap-3 pt-1 pb-2 text-sm">
        {STEPS.map((step) => (
          <div key={step}>
            <dt className="text-stone-600 dark:text-stone-400">{QUESTIONS[step].label}</dt>
            <dd className="font-medium">{answerText(answers, step)}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/** After "Use these": what is now in use and where to go next; focus moves to its heading. */
function AppliedNote({
  applied,
  planTitle,
  translationName,
  onRetake,
}: {
  applied: Applied;
  planTitle: string;
  translationName?: string;
  onRetake: () => void;
}) {
  const focusHeading = useFocusOnOpen<HTMLHeadingElement>();
  const plan = applied.done.includes('plan');
  const translation = applied.done.includes('translation');
  return (
    <section aria-labelledby="applied-heading" className="card flex flex-col gap-4 border-green-300 dark:border-green-900">
      <h2 id="applied-heading" ref={focusHeading} tabIndex={-1} className="flex items-center gap-2 font-serif text-2xl font-semibold">
        <CircleCheck aria-hidden size={24} className="shrink-0 text-green-700 dark:text-green-400" />
        You’re all set
      </h2>
      <ul className="flex flex-col gap-1 text-stone-800 dark:text-stone-200">
        {plan && (
          <li>
            You are following <strong>{planTitle}</strong>, starting today.
          </li>
        )}
        {translation && translationName && (
          <li>
            You read in the <strong>{translationName}</strong> from now on.
          </li>
        )}
      </ul>
      {applied.failures.length > 0 && (
        <div role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
          {applied.failures.join(' ')}
        </div>
      )}
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {plan && (
          <Link to="/bible-plans" className="button-primary no-underline">
            <CalendarCheck aria-hidden size={18} /> Open today’s reading
          </Link>
        )}
        <Link to="/bible" className={plan ? 'button-secondary no-underline' : 'button-primary no-underline'}>
          <BookOpen aria-hidden size={18} /> Start reading
        </Link>
        <button type="button" className="button-ghost sm:ml-auto" onClick={onRetake}>
          <RotateCcw aria-hidden size={18} /> Retake the test
        </button>
      </div>
    </section>
  );
}

interface Props {
  answers: Answers;
  /** Installed translations, undefined while the list loads. */
  translations: TranslationOption[] | undefined;
  translationsFailed: boolean;
  onRetryTranslations: () => void;
  /** The reader's translation now. */
  currentTranslation: string;
  /** Just worked out (focus moves to it) rather than the last result brought back. */
  fresh: boolean;
  onRetake: () => void;
}

/**
 * The test's result: a plan and a translation with the reason for each, and the choice to use both,
 * either one, or neither (retake). Nothing changes until one of the buttons is pressed.
 */
export function RecommendationView({ answers, translations, translationsFailed, onRetryTranslations, currentTranslation, fresh, onRetake }: Props) {
  const focusHeading = useFocusOnOpen<HTMLHeadingElement>();
  const browserLanguage = typeof navigator === 'undefined' ? 'en' : navigator.language;
  const recommendation = useMemo(() => recommend(answers, translations ?? [], browserLanguage), [answers, translations, browserLanguage]);
  const plan = useMemo(() => planInfo(recommendation.plan), [recommendation.plan]);
  const { apply, busy, applied, error } = useApplyRecommendation(recommendation);
  // Joining a plan already followed starts it over, so the person is told before choosing.
  const following = useMyPlans().data?.find((p) => p.plan.id === recommendation.plan.id);
  const translation = translations ? recommendation.translation : null;
  const alreadyReading = translation?.code === currentTranslation;
  // Offered while the list loads (so the buttons do not change under the pointer), and then only if
  // there is one that would change something.
  const offerTranslation = translations ? !!translation && !alreadyReading : !translationsFailed;

  if (applied) return <AppliedNote applied={applied} planTitle={plan.title} translationName={translation?.name} onRetake={onRetake} />;

  const action = (parts: Part[], label: string, tone: 'primary' | 'secondary') => (
    <button
      type="button"
      className={tone === 'primary' ? 'button-primary' : 'button-secondary'}
      disabled={busy !== null || (parts.includes('translation') && !translation)}
      aria-busy={busy?.join() === parts.join() || undefined}
      onClick={() => void apply(parts)}
    >
      {busy?.join() === parts.join() ? 'Applying…' : label}
    </button>
  );

  return (
    <section aria-labelledby="result-heading" className="flex flex-col gap-5">
      <div>
        <h2 id="result-heading" ref={fresh ? focusHeading : undefined} tabIndex={-1} className="font-serif text-2xl font-semibold">
          {fresh ? 'Your recommendation' : 'Your last result'}
        </h2>
        <p className="mt-1 text-stone-700 dark:text-stone-300">
          {fresh ? 'From your answers, we suggest:' : 'From your answers last time. Retake the test any time your reading changes.'}
        </p>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <article aria-labelledby="plan-title" className="card flex flex-col gap-2">
          <p className={kicker}>
            <CalendarCheck aria-hidden size={16} /> Reading plan
          </p>
          <h3 id="plan-title" className="font-serif text-xl font-semibold">
            {plan.title}
          </h3>
          <p className="text-sm font-medium text-orange-900 dark:text-orange-200">{planFigures(plan)}</p>
          <p className="text-stone-700 dark:text-stone-300">{recommendation.planReason}</p>
          {following && (
            <p className="mt-1 flex gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950/60 dark:text-amber-50">
              <TriangleAlert aria-hidden size={18} className="mt-0.5 shrink-0" />
              <span>{startsOver(following)}</span>
            </p>
          )}
        </article>

        <article aria-labelledby="translation-title" aria-busy={!translations && !translationsFailed} className="card flex flex-col gap-2">
          <p className={kicker}>
            <Languages aria-hidden size={16} /> Translation
          </p>
          {translationsFailed ? (
            <div role="alert" className="flex flex-col items-start gap-2">
              <h3 id="translation-title" className="font-semibold">
                The translations could not be loaded
              </h3>
              <button type="button" className="button-secondary" onClick={onRetryTranslations}>
                Try again
              </button>
            </div>
          ) : !translations ? (
            <>
              <h3 id="translation-title" className="sr-only">
                Loading the translations
              </h3>
              <div className="skeleton h-7 w-3/4" />
              <div className="skeleton h-4 w-1/3" />
              <div className="skeleton h-12 w-full" />
            </>
          ) : (
            <>
              <h3 id="translation-title" className="font-serif text-xl font-semibold">
                {translation ? translation.name : 'None to suggest'}
              </h3>
              {translation && (
                <p className="text-sm font-medium text-orange-900 dark:text-orange-200">
                  {translation.code} · {translation.category}
                </p>
              )}
              <p className="text-stone-700 dark:text-stone-300">{recommendation.translationReason}</p>
              {alreadyReading && <p className="text-sm text-stone-700 dark:text-stone-300">It is already your translation.</p>}
            </>
          )}
        </article>
      </div>

      {error && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
          {error}
        </p>
      )}

      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
        {offerTranslation ? (
          <>
            {action(['plan', 'translation'], 'Use these', 'primary')}
            {action(['plan'], 'Only the plan', 'secondary')}
            {action(['translation'], 'Only the translation', 'secondary')}
          </>
        ) : (
          action(['plan'], 'Use this plan', 'primary')
        )}
        <button type="button" className="button-ghost sm:ml-auto" disabled={busy !== null} onClick={onRetake}>
          <RotateCcw aria-hidden size={18} /> Retake the test
        </button>
      </div>
      <p className="text-sm text-stone-600 dark:text-stone-400">
        Nothing changes until you choose. You can change either later on the plans page or in Settings.
      </p>

      <AnswerSummary answers={answers} />
    </section>
  );
}
