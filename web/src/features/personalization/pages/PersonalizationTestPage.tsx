import { ArrowRight, Compass } from 'lucide-react';
import { useEffect, useReducer } from 'react';
import { useCurrentTranslation } from '../../translations/api/use-translation.ts';
import { useTranslationOptions } from '../api/installed-translations.ts';
import { readSavedAnswers, saveAnswers } from '../store/saved-answers.ts';
import { QuestionStep } from '../components/QuestionStep.tsx';
import { RecommendationView } from '../components/RecommendationView.tsx';
import { initialState, STEPS, testReducer } from '../test-flow.ts';

const ABOUT: Record<(typeof STEPS)[number], string> = {
  experience: 'How well you know the Bible',
  goal: 'What you would like to do',
  time: 'How much time you have each day',
  topics: 'The topics that speak to you',
  style: 'The kind of translation you like',
};

function Intro({ onStart }: { onStart: () => void }) {
  return (
    <section aria-labelledby="intro-heading" className="card flex flex-col items-start gap-4">
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-orange-100 text-orange-900 dark:bg-orange-950 dark:text-orange-200">
        <Compass aria-hidden size={24} />
      </span>
      <h2 id="intro-heading" className="font-serif text-2xl font-semibold">
        Five quick questions to find a reading plan and translation for you
      </h2>
      <ol className="flex list-decimal flex-col gap-1 pl-5 text-stone-700 marker:text-stone-500 dark:text-stone-300">
        {STEPS.map((s) => (
          <li key={s}>{ABOUT[s]}</li>
        ))}
      </ol>
      <p className="text-sm text-stone-700 dark:text-stone-300">
        It takes about a minute. Your answers stay in this browser, and nothing changes until you choose to use what we suggest.
      </p>
      <button type="button" className="button-primary w-full sm:w-auto" onClick={onStart}>
        Start <ArrowRight aria-hidden size={18} />
      </button>
    </section>
  );
}

/**
 * /personalization-test: five questions, one a step, then a reading plan and a translation among
 * those installed, each with its reason, to use together, alone, or not at all. The last answers are
 * kept in this browser, so coming back shows the last result with the choice to retake.
 */
export function PersonalizationTestPage() {
  // The route renders in the browser only, so the kept answers can be read before the first render.
  const [state, dispatch] = useReducer(testReducer, null, () => initialState(readSavedAnswers()));
  const translations = useTranslationOptions();
  const currentTranslation = useCurrentTranslation();

  useEffect(() => {
    if (state.view === 'result' && state.fresh) saveAnswers(state.answers);
  }, [state]);

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8 sm:px-6">
      <header>
        <h1 className="font-serif text-3xl font-semibold">Personalization Test</h1>
      </header>
      {state.view === 'intro' ? (
        <Intro onStart={() => dispatch({ type: 'start' })} />
      ) : state.view === 'question' ? (
        <QuestionStep key={state.step} step={state.step} draft={state.draft} dispatch={dispatch} />
      ) : (
        <RecommendationView
          answers={state.answers}
          translations={translations.options}
          translationsFailed={translations.isError && !translations.options}
          onRetryTranslations={translations.retry}
          currentTranslation={currentTranslation}
          fresh={state.fresh}
          onRetake={() => dispatch({ type: 'retake' })}
        />
      )}
    </div>
  );
}
