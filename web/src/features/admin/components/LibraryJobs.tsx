import type { LibraryJob } from '#common/contracts/library.ts';
import { formatDate } from '#common/dates/format-date.ts';
import { isActive, jobSummary, progressText } from '../library-format.ts';

/** A job's download as a bar: how far in percent (when the size is known) and in bytes. */
function JobProgress({ job }: { job: LibraryJob }) {
  const bytes = progressText(job);
  return (
    <div className="flex flex-col gap-1">
      <div
        role="progressbar"
        aria-label={jobSummary({ ...job, percent: null })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={job.percent ?? undefined}
        aria-valuetext={job.percent === null ? bytes : `${job.percent}%, ${bytes}`}
        className="h-2.5 w-full overflow-hidden rounded-full bg-stone-200 dark:bg-stone-700"
      >
        <div
          className={
            job.percent === null
              ? 'h-full w-1/3 animate-pulse rounded-full bg-orange-800 dark:bg-orange-300'
              : 'h-full rounded-full bg-orange-800 transition-[width] dark:bg-orange-300'
          }
          style={job.percent === null ? undefined : { width: `${job.percent}%` }}
        />
      </div>
      {job.action !== 'remove' && <p className="text-sm text-stone-700 tabular-nums dark:text-stone-300">{bytes}</p>}
    </div>
  );
}

/**
 * The queue and the latest finished jobs: progress while one runs, Cancel while it can be stopped,
 * and why a failed one failed.
 */
export function LibraryJobs({ jobs, onCancel, cancelling }: { jobs: LibraryJob[]; onCancel: (job: LibraryJob) => void; cancelling: string | null }) {
  if (jobs.length === 0) return null;
  return (
    <section aria-labelledby="library-jobs-heading" className="card flex flex-col gap-3">
      <h3 id="library-jobs-heading" className="font-semibold">
        Installs and removals
      </h3>
      <ul className="flex flex-col divide-y divide-stone-200 dark:divide-stone-800">
        {jobs.map((job) => (
          <li key={job.id} className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:gap-4">
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <p className="font-medium break-words">
                {jobSummary(job)}
                {job.repository && <span className="font-normal text-stone-600 dark:text-stone-400"> · {job.repository}</span>}
              </p>
              {job.state === 'running' && <JobProgress job={job} />}
              {job.state === 'failed' && job.message && (
                <p role="alert" className="rounded-lg bg-red-50 p-2 text-sm break-words text-red-900 dark:bg-red-950 dark:text-red-100">
                  {job.message}
                </p>
              )}
              {(job.state === 'done' || job.state === 'cancelled') && (
                <p className="text-sm text-stone-600 dark:text-stone-400">
                  {job.message ? `${job.message} · ` : ''}
                  {formatDate(job.finishedAt ?? job.requestedAt, 'withTime')}
                </p>
              )}
            </div>
            {isActive(job) && (
              <button
                type="button"
                className="button-secondary self-start sm:self-center"
                disabled={cancelling === job.id}
                onClick={() => onCancel(job)}
                aria-label={`Cancel: ${jobSummary(job)}`}
              >
                {cancelling === job.id ? 'Cancelling…' : 'Cancel'}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
