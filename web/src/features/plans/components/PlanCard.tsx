import { AlertTriangle, CircleCheck, LogOut, Pause, Play, RotateCcw } from 'lucide-react';
import { countOf, en } from '#common/text/plural.ts';
import { useEffect, useRef, useState } from 'react';
import type { PlanReading, PlanStatus } from '#common/contracts/plans.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useLeavePlan, useMarkReading, usePlanAction, type PlanAction } from '../api/plans.ts';
import { behindText, longDate, percentDone } from '../plan-view.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { ReadingList } from './ReadingList.tsx';

// More than this and the list would be the page; the first ones are what catching up reads first.
const MISSED_SHOWN = 60;

export const planHeadingId = (planId: string) => `plan-${planId}-heading`;

function ProgressBar({ done, total, labelledBy }: { done: number; total: number; labelledBy: string }) {
  const percent = percentDone(done, total);
  return (
    <div className="flex flex-col gap-1">
      <div
        role="progressbar"
        aria-labelledby={labelledBy}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={`${done.toLocaleString('en')} of ${countOf(total, en('reading'))} read`}
        className="h-2.5 overflow-hidden rounded-full bg-stone-200 dark:bg-stone-700"
      >
        <div className="h-full rounded-full bg-orange-700 dark:bg-orange-300" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-stone-700 tabular-nums dark:text-stone-300">
        {done.toLocaleString('en')} of {countOf(total, en('reading'))} read · {percent}%
      </p>
    </div>
  );
}

/** Leaving a plan, asked first: the place in it and every reading checked off go with it. */
function LeavePlan({ status, onLeft }: { status: PlanStatus; onLeft: (title: string) => void }) {
  const [open, setOpen] = useState(false);
  const leave = useLeavePlan();
  const title = status.plan.title;
  const finished = status.finishedOn !== null;
  const label = finished ? 'Remove' : 'Leave plan';
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        leave.reset();
      }}
      trigger={
        <button type="button" className="button-ghost text-red-800 dark:text-red-300">
          <LogOut aria-hidden size={18} /> {label}
          <span className="sr-only">: {title}</span>
        </button>
      }
      title={finished ? `Remove ${title}?` : `Leave ${title}?`}
      description={
        finished
          ? 'It will no longer be listed among your plans. The chapters you read stay in your stats. This cannot be undone.'
          : status.doneCount > 0
            ? `Your place in this plan and the ${countOf(status.doneCount, en('reading'))} you checked off will be removed. The chapters you read stay in your stats. This cannot be undone.`
            : 'Your place in this plan will be removed. This cannot be undone.'
      }
      confirm={finished ? 'Remove plan' : 'Leave plan'}
      busyLabel={finished ? 'Removing…' : 'Leaving…'}
      busy={leave.isPending}
      error={leave.isError ? errorMessage(leave.error) : null}
      // The card, and this dialog with it, is gone once the plan is: a callback given to mutate would not run.
      onConfirm={() =>
        void leave.mutateAsync(status.plan.id).then(
          () => onLeft(title),
          () => undefined,
        )
      }
    />
  );
}

/**
 * A plan being read: where the person is, today's readings, what they missed with a way to catch up,
 * and pause, resume and leave. A new `focusRequest` moves the keyboard to the plan's title (it was just started).
 */
export function PlanCard({
  status,
  focusRequest,
  onLeft,
  onFinished,
}: {
  status: PlanStatus;
  focusRequest: number | null;
  onLeft: (title: string) => void;
  onFinished: (status: PlanStatus) => void;
}) {
  const id = status.plan.id;
  const headingId = planHeadingId(id);
  const heading = useRef<HTMLHeadingElement>(null);
  const mark = useMarkReading();
  const act = usePlanAction();
  // Boxes show what was chosen at once; the saved state takes over when the change settles.
  const [choices, setChoices] = useState<ReadonlyMap<number, boolean>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const paused = status.pausedOn !== null;

  useEffect(() => {
    if (focusRequest === null) return;
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: 'center' });
  }, [focusRequest]);

  const toggle = (r: PlanReading, done: boolean) => {
    setError(null);
    setChoices((m) => new Map(m).set(r.position, done));
    // mutateAsync, not mutate's callbacks: checking the last reading finishes the plan, and this card goes.
    void mark
      .mutateAsync({ planId: id, position: r.position, done })
      .then(
        (after) => after.finishedOn && onFinished(after),
        (e: unknown) => setError(errorMessage(e)),
      )
      .finally(() =>
        setChoices((m) => {
          const next = new Map(m);
          next.delete(r.position);
          return next;
        }),
      );
  };

  const run = (action: PlanAction) => {
    setError(null);
    act.mutate({ planId: id, action }, { onError: (e) => setError(errorMessage(e)) });
  };
  const busy = act.isPending ? act.variables.action : null;
  const todayDone = status.today.every((r) => choices.get(r.position) ?? r.done);
  const missed = status.behind.length;

  return (
    <article aria-labelledby={headingId} className="card flex flex-col gap-4" data-testid={`plan-${id}`}>
      <header className="flex flex-col gap-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h3 id={headingId} ref={heading} tabIndex={-1} className="font-serif text-xl font-semibold">
            {status.plan.title}
          </h3>
          {paused && (
            <span className="rounded-full bg-stone-200 px-2.5 py-0.5 text-xs font-semibold text-stone-900 dark:bg-stone-700 dark:text-stone-100">Paused</span>
          )}
        </div>
        <p className="text-stone-700 dark:text-stone-300">
          <strong className="font-semibold text-stone-900 dark:text-stone-100">
            Day {status.dayNumber.toLocaleString('en')} of {status.plan.days.toLocaleString('en')}
          </strong>
          {' · '}
          {paused ? `paused on ${longDate(status.pausedOn!)}` : `started ${longDate(status.startedOn)}`}
        </p>
        {/* A plan of one's own: its books, in Bible order. */}
        {status.books && <p className="line-clamp-2 text-sm text-stone-600 dark:text-stone-400">{status.plan.description}</p>}
      </header>

      <ProgressBar done={status.doneCount} total={status.total} labelledBy={headingId} />

      <section aria-labelledby={`${headingId}-today`} className="flex flex-col gap-1">
        <h4 id={`${headingId}-today`} className="text-sm font-semibold tracking-wide text-stone-600 uppercase dark:text-stone-400">
          {paused ? `Day ${status.dayNumber}'s reading` : "Today's reading"}
        </h4>
        <ReadingList readings={status.today} shown={choices} onToggle={toggle} label={paused ? `Day ${status.dayNumber}'s reading` : "Today's reading"} />
        {todayDone && (
          <p className="flex items-center gap-2 text-sm font-medium text-green-800 dark:text-green-300">
            <CircleCheck aria-hidden size={18} /> {paused ? "This day's reading is done." : "Today's reading is done."}
          </p>
        )}
      </section>

      {missed > 0 && (
        <section
          aria-labelledby={`${headingId}-behind`}
          className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-50"
        >
          <h4 id={`${headingId}-behind`} className="flex items-center gap-2 font-semibold">
            <AlertTriangle aria-hidden size={18} /> {behindText(missed)}
          </h4>
          <p className="text-sm">
            Catch up starts the schedule again from your first unread day, as if it were today. Nothing you have read is lost; the plan simply ends later.
          </p>
          <div>
            <button type="button" className="button-primary" disabled={busy !== null} onClick={() => run('catch-up')}>
              <RotateCcw aria-hidden size={18} /> {busy === 'catch-up' ? 'Catching up…' : 'Catch up'}
            </button>
          </div>
          <details className="group text-stone-900 dark:text-stone-100">
            <summary className="flex min-h-11 cursor-pointer items-center rounded-lg text-sm font-semibold text-amber-950 underline-offset-2 hover:underline sm:min-h-9 dark:text-amber-50">
              {missed === 1 ? 'Show the missed reading' : `Show the ${countOf(missed, en('missed reading'))}`}
            </summary>
            <div className="mt-1 rounded-lg bg-white px-1 dark:bg-stone-900">
              <ReadingList readings={status.behind.slice(0, MISSED_SHOWN)} shown={choices} onToggle={toggle} label="Missed readings" />
            </div>
            {missed > MISSED_SHOWN && (
              <p className="mt-2 text-sm">And {countOf(missed - MISSED_SHOWN, en('more reading'))}: catching up puts them back in the schedule, day by day.</p>
            )}
          </details>
        </section>
      )}

      {error && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
          {error}
        </p>
      )}

      <div className="flex flex-wrap gap-2 border-t border-stone-200 pt-4 dark:border-stone-800">
        {paused ? (
          <button type="button" className="button-secondary" disabled={busy !== null} onClick={() => run('resume')}>
            <Play aria-hidden size={18} /> {busy === 'resume' ? 'Resuming…' : 'Resume'}
          </button>
        ) : (
          <button type="button" className="button-secondary" disabled={busy !== null} onClick={() => run('pause')}>
            <Pause aria-hidden size={18} /> {busy === 'pause' ? 'Pausing…' : 'Pause'}
          </button>
        )}
        <LeavePlan status={status} onLeft={onLeft} />
      </div>
      {paused && (
        <p className="-mt-2 text-sm text-stone-700 dark:text-stone-300">While paused the days wait for you: resume to pick up on day {status.dayNumber}.</p>
      )}
    </article>
  );
}

/** A plan read to the end, with the day it was finished. */
export function FinishedPlanCard({ status, onLeft }: { status: PlanStatus; onLeft: (title: string) => void }) {
  const headingId = planHeadingId(status.plan.id);
  return (
    <article
      aria-labelledby={headingId}
      className="card flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between"
      data-testid={`plan-${status.plan.id}`}
    >
      <div className="flex items-start gap-3">
        <CircleCheck aria-hidden size={24} className="mt-0.5 shrink-0 text-green-800 dark:text-green-300" />
        <div>
          <h4 id={headingId} tabIndex={-1} className="font-serif text-lg font-semibold">
            {status.plan.title}
          </h4>
          <p className="text-sm text-stone-700 dark:text-stone-300">
            Finished on {longDate(status.finishedOn!)} · {countOf(status.total, en('reading'))}
          </p>
        </div>
      </div>
      <div className="self-start sm:self-auto">
        <LeavePlan status={status} onLeft={onLeft} />
      </div>
    </article>
  );
}
