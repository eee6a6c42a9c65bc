import { useQuery } from '@tanstack/react-query';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { Link } from '@tanstack/react-router';
import { adminOverviewQuery, diagnosticsQuery } from '../api/admin.ts';
import { FactList } from './FactList.tsx';

/** The dashboard: how many people, how many read this week, and what the site holds. */
export function OverviewPanel() {
  const overview = useQuery(adminOverviewQuery);
  const facts = useQuery(diagnosticsQuery);
  if (overview.isError) return <LoadFailed what="the figures" error={overview.error} onRetry={() => void overview.refetch()} busy={overview.isFetching} />;
  const o = overview.data;
  const figures: [string, number | undefined][] = [
    ['Accounts', o?.accounts],
    ['Readers active this week', o?.activeThisWeek],
    ['Lessons published', o?.lessons.published],
    ['Lesson drafts', o?.lessons.drafts],
    ['Authors', o?.authors],
    ['News posts', o?.news],
    ['Daily prayers', o?.prayers],
    ['Pictures made', o?.pictures],
  ];
  return (
    <section aria-labelledby="overview-heading" className="flex flex-col gap-4">
      <h2 id="overview-heading" className="sr-only">
        Overview
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-busy={overview.isPending}>
        {figures.map(([label, value]) => (
          <div key={label} className="card flex flex-col-reverse gap-1 p-4">
            <dt className="text-sm text-stone-600 dark:text-stone-400">{label}</dt>
            <dd className="font-serif text-3xl font-semibold tabular-nums">{value ?? '—'}</dd>
          </div>
        ))}
      </dl>
      {facts.data && (
        <section aria-labelledby="engines-heading" className="card flex flex-col gap-3">
          <h3 id="engines-heading" className="font-serif text-lg font-semibold">
            Engines in use
          </h3>
          <FactList
            facts={[
              ['AI answers', facts.data.engines.answers],
              ['Speech', facts.data.engines.speech],
              ['Pictures', facts.data.engines.images],
              ['Media storage', facts.data.engines.media],
              ['Mail', facts.data.engines.mail],
            ]}
          />
          <Link to="/test-auth" className="self-start">
            Sign-in diagnostics
          </Link>
        </section>
      )}
    </section>
  );
}
