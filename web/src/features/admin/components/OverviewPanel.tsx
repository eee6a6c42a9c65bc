import { useMutation, useQuery } from '@tanstack/react-query';
import type { EngineTest } from '#common/contracts/admin.ts';
import { apiPost, errorMessage } from '../../../lib/api-client.ts';
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
              [
                'AI answers',
                <span key="answers" className="flex flex-col gap-1">
                  <EngineFact name={facts.data.engines.answers} engine="answers" />
                  {facts.data.engines.answers.startsWith('Scripture engine') && (
                    <span className="text-sm text-stone-700 dark:text-stone-300">{SCRIPTURE_ENGINE_NOTE}</span>
                  )}
                </span>,
              ],
              ['Speech', <EngineFact key="speech" name={facts.data.engines.speech} engine="speech" />],
              ['Pictures', <EngineFact key="images" name={facts.data.engines.images} engine="images" />],
              ['Media storage', `${facts.data.engines.media}${typeof o?.storage.media === 'number' ? `, ${bytes(o.storage.media)} used` : ''}`],
              ['Database', typeof o?.storage.database === 'number' ? `${bytes(o.storage.database)} used` : 'size not available'],
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

// For administrators only: readers see under each answer what it was drawn from, not what the server lacks.
const SCRIPTURE_ENGINE_NOTE =
  "It answers from Scripture, quoting passages and what the installed commentaries and Strong's lexicons say; it does not reason beyond them. A server with a language model configured can explain in its own words as well.";

const bytes = (n: number) => (n >= 1e9 ? `${(n / 1e9).toFixed(1)} GB` : n >= 1e6 ? `${(n / 1e6).toFixed(1)} MB` : `${Math.round(n / 1e3)} KB`);

/** An engine's name, and a Test button that has it do one small real task. */
function EngineFact({ name, engine }: { name: string; engine: EngineTest['engine'] }) {
  const test = useMutation({ mutationFn: () => apiPost<EngineTest>(`/api/admin/engines/${engine}/test`, {}) });
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      {name}
      <button type="button" className="button-secondary py-1" disabled={test.isPending} onClick={() => test.mutate()} aria-label={`Test ${name}`}>
        {test.isPending ? 'Testing…' : 'Test'}
      </button>
      {test.data && (
        <span role="status" className={test.data.ok ? 'text-green-900 dark:text-green-200' : 'text-red-800 dark:text-red-300'}>
          {test.data.ok ? '✓' : '✗'} {test.data.detail} ({(test.data.ms / 1000).toFixed(1)} s)
        </span>
      )}
      {test.isError && (
        <span role="alert" className="text-red-800 dark:text-red-300">
          {errorMessage(test.error)}
        </span>
      )}
    </span>
  );
}
