import { Plus } from 'lucide-react';
import { countOf, en } from '#common/text/plural.ts';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import type { PlanStatus } from '#common/contracts/plans.ts';
import { addDays } from '#common/progress/days.ts';
import { FormMessages } from '../../../components/FormMessages.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { useJoinPlan } from '../api/plans.ts';
import { customPreview, latestEndDate, longDate, previewText, TESTAMENT_BOOKS } from '../plan-view.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';

const TESTAMENTS = [
  { key: 'OT', title: 'Old Testament', all: 'All of the Old Testament' },
  { key: 'NT', title: 'New Testament', all: 'All of the New Testament' },
] as const;

/** A testament's books, with one box for all of them (mixed when some are chosen). */
function TestamentBooks({
  testament,
  chosen,
  onChange,
}: {
  testament: (typeof TESTAMENTS)[number];
  chosen: ReadonlySet<string>;
  onChange: (books: readonly string[], on: boolean) => void;
}) {
  const books = TESTAMENT_BOOKS[testament.key];
  const count = books.filter((b) => chosen.has(b)).length;
  const all = useRef<HTMLInputElement>(null);
  // "Some of them" has no attribute in HTML: it is the box's indeterminate property.
  useEffect(() => {
    if (all.current) all.current.indeterminate = count > 0 && count < books.length;
  }, [count, books.length]);
  const headingId = useId();
  return (
    <div role="group" className="flex flex-col gap-2" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h3 id={headingId} className="font-semibold">
          {testament.title}
        </h3>
        <p className="text-sm text-stone-700 dark:text-stone-300">
          {count} of {books.length} chosen
        </p>
      </div>
      <label className="flex min-h-11 w-fit cursor-pointer items-center gap-2 rounded-lg px-2 font-medium hover:bg-stone-100 sm:min-h-9 dark:hover:bg-stone-800">
        <input
          ref={all}
          type="checkbox"
          className="h-5 w-5 accent-orange-800 dark:scheme-dark dark:accent-orange-300"
          checked={count === books.length}
          onChange={(e) => onChange(books, e.target.checked)}
        />
        {testament.all}
      </label>
      <ul className="grid grid-cols-2 gap-x-2 border-t border-stone-200 pt-2 sm:grid-cols-3 lg:grid-cols-4 dark:border-stone-800">
        {books.map((book) => (
          <li key={book}>
            <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-2 text-sm hover:bg-stone-100 sm:min-h-9 dark:hover:bg-stone-800">
              <input
                type="checkbox"
                className="h-5 w-5 shrink-0 accent-orange-800 dark:scheme-dark dark:accent-orange-300"
                checked={chosen.has(book)}
                onChange={(e) => onChange([book], e.target.checked)}
              />
              {book}
            </label>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * "Make your own plan": books (by testament, with a box for each whole testament) and the day to finish
 * by; the plan it makes is shown as it is chosen, worked out as the server will.
 */
export function CustomPlanForm({
  today,
  current,
  onStarted,
}: {
  today: string;
  /** The plan of one's own already followed, which starting another replaces. */
  current: PlanStatus | undefined;
  onStarted: (status: PlanStatus) => void;
}) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [endDate, setEndDate] = useState(() => addDays(today, 29));
  const [tried, setTried] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const join = useJoinPlan();
  const submitButton = useRef<HTMLButtonElement>(null);
  // Set when the plan was started from the dialog: focus then goes to the new plan, not back to the form.
  const started = useRef(false);
  const ids = { books: useId(), endDate: useId(), preview: useId() };

  // In canon order, as the plan reads them.
  const books = useMemo(() => [...TESTAMENT_BOOKS.OT, ...TESTAMENT_BOOKS.NT].filter((b) => chosen.has(b)), [chosen]);
  const preview = useMemo(() => customPreview(books, endDate, today), [books, endDate, today]);
  const problem = !preview.ok && tried ? preview : null;

  const change = (names: readonly string[], on: boolean) => {
    setChosen((set) => {
      const next = new Set(set);
      for (const n of names) {
        if (on) next.add(n);
        else next.delete(n);
      }
      return next;
    });
  };

  const start = (fromDialog: boolean) =>
    join.mutate(
      { planId: 'custom', books, endDate },
      {
        onSuccess: (status) => {
          started.current = fromDialog;
          setConfirming(false);
          setTried(false);
          onStarted(status);
        },
      },
    );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    join.reset();
    if (!preview.ok) {
      document.getElementById(preview.field === 'books' ? ids.books : ids.endDate)?.focus();
      return;
    }
    if (current) setConfirming(true);
    else start(false);
  };

  return (
    <form onSubmit={submit} noValidate className="card flex flex-col gap-6" aria-labelledby="custom-heading">
      <div
        id={ids.books}
        tabIndex={-1}
        role="group"
        aria-label="Books"
        aria-describedby={problem?.field === 'books' ? `${ids.books}-error` : undefined}
        className="flex flex-col gap-5 rounded-lg"
      >
        <p className="text-sm text-stone-700 dark:text-stone-300">Choose the books to read. The plan reads them in Bible order.</p>
        {TESTAMENTS.map((t) => (
          <TestamentBooks key={t.key} testament={t} chosen={chosen} onChange={change} />
        ))}
        {problem?.field === 'books' && (
          <p id={`${ids.books}-error`} className="text-sm font-medium text-red-800 dark:text-red-300">
            {problem.message}
          </p>
        )}
      </div>

      <div className="flex flex-col gap-1">
        <label htmlFor={ids.endDate} className="font-semibold">
          Finish by
        </label>
        <input
          id={ids.endDate}
          type="date"
          className={cn('input sm:max-w-xs dark:scheme-dark', problem?.field === 'endDate' && 'border-red-700 dark:border-red-400')}
          min={today}
          max={latestEndDate(today)}
          value={endDate}
          required
          aria-invalid={problem?.field === 'endDate' || undefined}
          aria-describedby={problem?.field === 'endDate' ? `${ids.endDate}-error` : `${ids.endDate}-hint`}
          onChange={(e) => setEndDate(e.target.value)}
        />
        {problem?.field === 'endDate' ? (
          <p id={`${ids.endDate}-error`} className="text-sm font-medium text-red-800 dark:text-red-300">
            {problem.message}
          </p>
        ) : (
          <p id={`${ids.endDate}-hint`} className="text-sm text-stone-700 dark:text-stone-300">
            The last day of the plan, from today up to ten years ahead.
          </p>
        )}
      </div>

      <div id={ids.preview} role="status" className="rounded-xl bg-orange-50 p-4 text-orange-950 dark:bg-orange-950/50 dark:text-orange-50">
        {preview.ok ? (
          <>
            <p className="font-semibold">{previewText(preview)}</p>
            {preview.fewerDays && (
              <p className="mt-1 text-sm">
                There are fewer chapters than days, so it is a chapter a day and ends on {longDate(addDays(today, preview.days - 1))}.
              </p>
            )}
          </>
        ) : (
          <p className="text-sm">{books.length === 0 ? 'Choose books to see the plan they make.' : preview.message}</p>
        )}
      </div>

      {current && (
        <p className="text-sm text-stone-700 dark:text-stone-300">You have a plan of your own already ({current.plan.title}). Starting this one replaces it.</p>
      )}
      {!confirming && <FormMessages error={join.isError ? errorMessage(join.error) : null} notice={null} />}
      <div>
        <button ref={submitButton} type="submit" className="button-primary" disabled={join.isPending && !confirming}>
          <Plus aria-hidden size={18} /> {join.isPending && !confirming ? 'Starting…' : 'Start my plan'}
        </button>
      </div>

      <ConfirmDialog
        open={confirming}
        onOpenChange={(o) => {
          setConfirming(o);
          join.reset();
        }}
        title="Replace your own plan?"
        description={
          current
            ? `You have ${current.plan.title}${current.doneCount > 0 ? `, with ${countOf(current.doneCount, en('reading'))} checked off` : ''}. The new plan takes its place, from day 1.`
            : ''
        }
        confirm="Replace it"
        busyLabel="Starting…"
        busy={join.isPending}
        error={join.isError ? errorMessage(join.error) : null}
        onConfirm={() => start(true)}
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          if (!started.current) submitButton.current?.focus();
          started.current = false;
        }}
      />
    </form>
  );
}
