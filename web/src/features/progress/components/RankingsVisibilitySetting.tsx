import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Section } from '../../../components/FormMessages.tsx';
import { useCurrentUser } from '../../auth/api/auth.ts';
import { useRankingsVisibility } from '../api/stats.ts';

const link = 'underline underline-offset-2';

/** Settings, signed in: whether the display name appears in the community rankings. */
export function RankingsVisibilitySetting() {
  const named = Boolean(useCurrentUser().data?.displayName);
  const { shown, isError, change } = useRankingsVisibility();
  // The choice shows at once (a controlled box would otherwise flip back until the server answers);
  // a refused save puts the saved value back.
  const [choice, setChoice] = useState<boolean | null>(null);
  const on = choice ?? shown;
  return (
    <Section title="Rankings" id="rankings-heading">
      <div className="flex items-start gap-3">
        <input
          id="show-in-rankings"
          type="checkbox"
          role="switch"
          aria-checked={on ?? false}
          aria-describedby="show-in-rankings-hint"
          className="mt-1 h-5 w-5 shrink-0 accent-orange-800 dark:accent-orange-300"
          checked={on ?? false}
          disabled={on === undefined || change.isPending}
          onChange={(e) => {
            const next = e.target.checked;
            setChoice(next);
            change.mutate(next, { onSettled: () => setChoice(null) });
          }}
        />
        <div>
          <label htmlFor="show-in-rankings" className="font-medium">
            Show me in community rankings
          </label>
          <p id="show-in-rankings-hint" className="text-sm text-stone-600 dark:text-stone-400">
            Your display name, chapters read and streak appear on{' '}
            <Link to="/rankings" className={link}>
              Rankings
            </Link>
            . Your email never does.
            {!named && (
              <>
                {' '}
                You have no display name yet:{' '}
                <Link to="/profile" className={link}>
                  set one on your profile
                </Link>{' '}
                to appear.
              </>
            )}
          </p>
        </div>
      </div>
      {(isError || change.isError) && (
        <p role="alert" className="mt-3 text-sm text-red-800 dark:text-red-300">
          {change.isError ? 'Failed to save this choice. Please try again.' : 'Failed to load this setting. Please reload the page.'}
        </p>
      )}
    </Section>
  );
}
