import { CalendarDays, Check, Clock } from 'lucide-react';
import { countOf, en } from '#common/text/plural.ts';
import type { PlanInfo, PlanStatus } from '#common/contracts/plans.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useJoinPlan, usePlansCatalogue } from '../api/plans.ts';

function CatalogueCard({ info, following, onStarted }: { info: PlanInfo; following: PlanStatus | undefined; onStarted: (status: PlanStatus) => void }) {
  const join = useJoinPlan();
  const headingId = `catalogue-${info.id}-heading`;
  return (
    <li className="card flex flex-col gap-3" data-testid={`catalogue-${info.id}`}>
      <h3 id={headingId} className="font-serif text-lg font-semibold">
        {info.title}
      </h3>
      <p className="text-stone-700 dark:text-stone-300">{info.description}</p>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-700 dark:text-stone-300" aria-label="Length">
        <li className="flex items-center gap-1.5">
          <CalendarDays aria-hidden size={16} /> {countOf(info.days, en('day'))}
        </li>
        <li className="flex items-center gap-1.5">
          <Clock aria-hidden size={16} /> about {countOf(info.minutesPerDay, en('minute'))} a day
        </li>
      </ul>
      <div className="mt-auto pt-1">
        {following && !following.finishedOn ? (
          <p className="flex min-h-11 items-center gap-2 text-sm font-semibold text-green-800 sm:min-h-9 dark:text-green-300">
            <Check aria-hidden size={18} />
            Following: day {following.dayNumber} of {following.plan.days}
          </p>
        ) : (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <button
              type="button"
              className="button-primary"
              aria-describedby={headingId}
              disabled={join.isPending}
              onClick={() => join.mutate({ planId: info.id }, { onSuccess: onStarted })}
            >
              {join.isPending ? 'Starting…' : following ? 'Start again' : 'Start this plan'}
            </button>
            {following && (
              <span className="flex items-center gap-1.5 text-sm text-green-800 dark:text-green-300">
                <Check aria-hidden size={16} /> You finished it
              </span>
            )}
          </div>
        )}
      </div>
      {join.isError && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
          {errorMessage(join.error)}
        </p>
      )}
    </li>
  );
}

/** "Start a plan": the fixed plans, each with its length and daily time, and Start. */
export function PlanCatalogue({ mine, onStarted }: { mine: readonly PlanStatus[] | undefined; onStarted: (status: PlanStatus) => void }) {
  const catalogue = usePlansCatalogue();
  if (catalogue.isError) {
    return (
      <div role="alert" className="card flex flex-col items-start gap-3">
        <p className="font-semibold">Failed to load the reading plans</p>
        <p className="text-sm text-stone-700 dark:text-stone-300">
          {(catalogue.error instanceof ApiError && catalogue.error.serverMessage) || catalogue.error.message}
        </p>
        <button type="button" className="button-secondary" disabled={catalogue.isFetching} onClick={() => void catalogue.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (!catalogue.data) {
    return (
      <div className="grid gap-4 sm:grid-cols-2" role="status" aria-busy="true">
        <span className="sr-only">Loading the reading plans</span>
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="skeleton h-44 rounded-2xl" />
        ))}
      </div>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {catalogue.data.map((info) => (
        <CatalogueCard key={info.id} info={info} following={mine?.find((p) => p.plan.id === info.id)} onStarted={onStarted} />
      ))}
    </ul>
  );
}
