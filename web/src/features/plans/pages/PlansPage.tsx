import { Link } from '@tanstack/react-router';
import { KeptInBrowserNote } from '../../../components/KeptInBrowserNote.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { BarChart3, CalendarCheck } from 'lucide-react';
import { useRef, useState } from 'react';
import type { PlanStatus } from '#common/contracts/plans.ts';
import { toast } from '../../../components/ui/toast-store.ts';
import { guestToday } from '../../progress/store/guest-progress.ts';
import { useProgressOwner } from '../../progress/api/stats.ts';
import { useMyPlans } from '../api/plans.ts';
import { CustomPlanForm } from '../components/CustomPlanForm.tsx';
import { FinishedPlanCard, PlanCard, planHeadingId } from '../components/PlanCard.tsx';
import { PlanCatalogue } from '../components/PlanCatalogue.tsx';
import { splitPlans } from '../plan-view.ts';

function MyPlansSkeleton() {
  return (
    <div className="flex flex-col gap-4" role="status" aria-busy="true">
      <span className="sr-only">Loading your plans</span>
      <div className="skeleton h-56 rounded-2xl" />
    </div>
  );
}

const sectionHeading = 'font-serif text-2xl font-semibold';

/**
 * /bible-plans, "Reading Plans": the plans the person follows (today's readings, catching up, pausing,
 * leaving), then the plans on offer, then a plan of their own. An account's plans are on the server,
 * a guest's in this browser; the page is the same for both.
 */
export function PlansPage() {
  const owner = useProgressOwner();
  const mine = useMyPlans();
  const guest = owner === 'guest';
  // Whose "today" the form starts from: the browser's day (the server checks the end date by the account's own).
  const [today] = useState(guestToday);
  const [focus, setFocus] = useState<{ id: string; n: number } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const myPlansHeading = useRef<HTMLHeadingElement>(null);

  const started = (status: PlanStatus) => {
    setAnnouncement(`Started ${status.plan.title}. It is in My plans.`);
    setFocus((f) => ({ id: status.plan.id, n: (f?.n ?? 0) + 1 }));
  };
  const left = (title: string) => {
    setAnnouncement(`You left ${title}.`);
    myPlansHeading.current?.focus();
  };

  const finishedPlan = (status: PlanStatus) => {
    toast({ title: 'Plan finished', description: `You read ${status.plan.title} to the end. Well done!`, duration: 6000 });
    // The plan has moved to Finished, and the box that finished it went with its card.
    document.getElementById(planHeadingId(status.plan.id))?.focus();
  };

  const { active, finished } = splitPlans(mine.data ?? []);
  const custom = mine.data?.find((p) => p.plan.id === 'custom');

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-8 sm:px-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-serif text-3xl font-semibold">Reading Plans</h1>
          <p className="mt-1 text-stone-700 dark:text-stone-300">Read the Bible day by day: follow a plan, or make your own.</p>
        </div>
        <Link to="/achievements" className="button-secondary no-underline">
          <BarChart3 aria-hidden size={18} /> My Stats
        </Link>
      </header>

      <p role="status" className="sr-only">
        {announcement}
      </p>

      {guest && (
        <KeptInBrowserNote
          title="Your plans are kept in this browser"
          text="Create a free account to follow them on every device. They move into your account when you sign up or sign in."
          returnTo="/bible-plans"
        />
      )}

      <section aria-labelledby="my-plans-heading" className="flex flex-col gap-4">
        <h2 id="my-plans-heading" ref={myPlansHeading} tabIndex={-1} className={sectionHeading}>
          My plans
        </h2>
        {mine.isError ? (
          <LoadFailed what="your plans" error={mine.error} busy={mine.isFetching} onRetry={() => void mine.refetch()} />
        ) : !mine.data ? (
          <MyPlansSkeleton />
        ) : mine.data.length === 0 ? (
          <div className="card flex flex-col items-center gap-3 py-8 text-center">
            <span className="flex h-12 w-12 items-center justify-center rounded-full bg-orange-100 text-orange-900 dark:bg-orange-950 dark:text-orange-200">
              <CalendarCheck aria-hidden size={22} />
            </span>
            <p className="font-serif text-xl font-semibold">You are not following a plan yet</p>
            <p className="max-w-md text-stone-700 dark:text-stone-300">
              Start one below, or make your own from the books you choose. Chapters you read to the end in the reader check themselves off.
            </p>
          </div>
        ) : (
          <>
            {active.map((p) => (
              <PlanCard key={p.plan.id} status={p} focusRequest={focus?.id === p.plan.id ? focus.n : null} onLeft={left} onFinished={finishedPlan} />
            ))}
            {finished.length > 0 && (
              <section aria-labelledby="finished-heading" className="flex flex-col gap-3">
                <h3 id="finished-heading" className="mt-2 font-semibold text-stone-700 dark:text-stone-300">
                  Finished
                </h3>
                {finished.map((p) => (
                  <FinishedPlanCard key={p.plan.id} status={p} onLeft={left} />
                ))}
              </section>
            )}
          </>
        )}
      </section>

      <section aria-labelledby="catalogue-heading" className="flex flex-col gap-4">
        <div>
          <h2 id="catalogue-heading" className={sectionHeading}>
            Start a plan
          </h2>
          <p className="mt-1 text-stone-700 dark:text-stone-300">Each day's reading is about the same length, so no day is much longer than another.</p>
        </div>
        <PlanCatalogue mine={mine.data} onStarted={started} />
      </section>

      <section aria-labelledby="custom-heading" className="flex flex-col gap-4">
        <div>
          <h2 id="custom-heading" className={sectionHeading}>
            Make your own plan
          </h2>
          <p className="mt-1 text-stone-700 dark:text-stone-300">Choose books and the day to finish by; the chapters are shared out evenly.</p>
        </div>
        <CustomPlanForm today={today} current={custom} onStarted={started} />
      </section>
    </div>
  );
}
