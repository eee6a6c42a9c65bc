import { useState } from 'react';
import { Section } from '../../../components/FormMessages.tsx';
import { useQuestionHistory } from '../api/question-history.ts';
import { countOf, en } from '#common/text/plural.ts';

/** Settings: keep a history of questions to the AI (for you alone), or not; turning it off deletes it. */
export function QuestionHistorySettings() {
  const { history, choose, clear } = useQuestionHistory();
  // The choice shows at once (set in the same event, so the controlled box never flips back), until the
  // server's answer replaces the history.
  const [choice, setChoice] = useState<boolean | null>(null);
  if (!history) return null;
  const keep = choice ?? history.keep;
  return (
    <Section title="Questions to the AI" id="question-history-heading">
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 h-5 w-5 accent-orange-800"
          checked={keep}
          disabled={choose.isPending}
          onChange={(e) => {
            setChoice(e.target.checked);
            choose.mutate(e.target.checked, { onSettled: () => setChoice(null) });
          }}
        />
        <span>
          Keep a history of my questions
          <span className="block text-sm text-stone-600 dark:text-stone-400">
            Only you can see it. Turning it off deletes what was kept. {countOf(history.total, en('question'))} kept.
          </span>
        </span>
      </label>
      {history.total > 0 && (
        <button type="button" className="button-secondary mt-3" disabled={clear.isPending} onClick={() => clear.mutate()}>
          Delete my question history
        </button>
      )}
    </Section>
  );
}
