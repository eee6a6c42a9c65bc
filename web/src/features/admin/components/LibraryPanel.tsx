import { PageNav } from './PageNav.tsx';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { LibraryJob, LibraryModule } from '#common/contracts/library.ts';
import { countOf, en } from '#common/text/plural.ts';
import { FormMessages } from '../../../components/FormMessages.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import {
  cancelJob,
  libraryJobsQuery,
  libraryKeys,
  libraryModulesQuery,
  libraryRepositoriesQuery,
  queueJob,
  refreshCatalogues,
  type ModuleFilters,
} from '../api/library.ts';
import { isActive, type JobAction } from '../library-format.ts';
import { LibraryFilters } from './LibraryFilters.tsx';
import { LibraryJobs } from './LibraryJobs.tsx';
import { LibraryModuleDetails } from './LibraryModuleDetails.tsx';
import { LibraryModuleRow } from './LibraryModuleRow.tsx';
import { LibraryRepositories, reading, RefreshButton } from './LibraryRepositories.tsx';
import { LibraryStarter } from './LibraryStarter.tsx';

// A refresh that read nothing would otherwise look as if the button did nothing: the errors are further down.
const NONE_READ = 'No catalogue could be read. Each repository’s error is shown under Repositories below.';

const actionFailed = (title: string, failure: unknown) => toast({ title, description: errorMessage(failure), variant: 'destructive', duration: 8000 });

/** When a job that was queued or running is no longer, the list is read again (a module came or went). */
function useOnJobsFinished(jobs: LibraryJob[] | undefined, onFinished: () => void) {
  const active = useRef(new Set<string>());
  useEffect(() => {
    if (!jobs) return;
    const now = new Set(jobs.filter(isActive).map((job) => job.id));
    const finished = [...active.current].some((id) => !now.has(id));
    active.current = now;
    if (finished) onFinished();
  }, [jobs, onFinished]);
}

/** When a catalogue refresh that was running (here or in another process) ends, the list is read again. */
function useOnRefreshFinished(readingNow: readonly string[], onFinished: () => void) {
  const before = useRef(0);
  useEffect(() => {
    if (before.current > 0 && readingNow.length === 0) onFinished();
    before.current = readingNow.length;
  }, [readingNow, onFinished]);
}

/**
 * Library (issue 30): every module of the site's SWORD repositories, filtered and paged by the server,
 * each installed, updated or removed by a queued job whose progress shows here. Reading never waits
 * for a job: the jobs list polls on its own while one is under way.
 */
export function LibraryPanel() {
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<ModuleFilters>({ q: '' });
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<LibraryModule | null>(null);
  const repositories = useQuery(libraryRepositoriesQuery);
  const list = useQuery(libraryModulesQuery(filters, page));
  const jobs = useQuery(libraryJobsQuery);

  const readModulesAgain = useCallback(() => void queryClient.invalidateQueries({ queryKey: libraryKeys.modules }), [queryClient]);
  useOnJobsFinished(jobs.data, readModulesAgain);
  const readingNow = useMemo(() => reading(repositories.data?.repositories ?? []), [repositories.data]);
  useOnRefreshFinished(readingNow, readModulesAgain);
  const changeFilters = useCallback((next: ModuleFilters) => {
    setFilters(next);
    setPage(1);
  }, []);

  const refresh = useMutation({
    mutationFn: refreshCatalogues,
    onSuccess: (answer) => {
      queryClient.setQueryData(libraryRepositoriesQuery.queryKey, answer);
      readModulesAgain();
    },
  });
  const queue = useMutation({
    mutationFn: ({ module, action }: { module: LibraryModule; action: JobAction }) =>
      queueJob({ action, module: module.name, ...(action === 'remove' ? {} : { repository: module.repository }) }),
    onSuccess: (job) => {
      queryClient.setQueryData(libraryJobsQuery.queryKey, (old) => [job, ...(old ?? []).filter((j) => j.id !== job.id)]);
      void queryClient.invalidateQueries({ queryKey: libraryKeys.jobs });
    },
    // A toast, not a line at the top: the button pressed may be fifty rows down. A refusal often means the
    // module changed elsewhere (another admin's job, the CLI), so the queue and the list are read again.
    onError: (failure, { module, action }) => {
      actionFailed(`Could not ${action} ${module.name}`, failure);
      void queryClient.invalidateQueries({ queryKey: libraryKeys.jobs });
      readModulesAgain();
    },
  });
  const cancel = useMutation({
    mutationFn: (job: LibraryJob) => cancelJob(job.id),
    onSuccess: (job) => {
      queryClient.setQueryData(libraryJobsQuery.queryKey, (old) => (old ?? []).map((j) => (j.id === job.id ? job : j)));
      void queryClient.invalidateQueries({ queryKey: libraryKeys.jobs });
    },
    onError: (failure, job) => actionFailed(`Could not cancel ${job.module}`, failure),
  });
  const onAction = useCallback((module: LibraryModule, action: JobAction) => queue.mutate({ module, action }), [queue]);

  const activeJobOf = useMemo(() => new Map((jobs.data ?? []).filter(isActive).map((job) => [job.module, job])), [jobs.data]);
  const neverRead = repositories.data?.repositories.every((r) => r.fetchedAt === null) ?? false;
  const refreshError = refresh.isError ? errorMessage(refresh.error) : null;
  const data = list.data;

  return (
    <section aria-labelledby="library-heading" className="flex flex-col gap-5">
      <div className="flex flex-col gap-1">
        <h2 id="library-heading" className="font-serif text-xl font-semibold">
          Library
        </h2>
        <p className="text-sm text-stone-700 dark:text-stone-300">
          Bibles, commentaries, lexicons and more from the SWORD repositories. Only modules whose licence lets this site share them with readers can be
          installed. Installs wait in a queue and run in the background: readers are served meanwhile.
        </p>
      </div>
      {jobs.isError && <LoadFailed what="the installs" error={jobs.error} onRetry={() => void jobs.refetch()} busy={jobs.isFetching} />}
      <LibraryJobs jobs={jobs.data ?? []} onCancel={(job) => cancel.mutate(job)} cancelling={cancel.isPending ? (cancel.variables?.id ?? null) : null} />

      {neverRead ? (
        <section aria-labelledby="library-empty-heading" className="card flex flex-col items-start gap-3">
          <h3 id="library-empty-heading" className="font-semibold">
            No catalogue read yet
          </h3>
          <p className="text-sm text-stone-700 dark:text-stone-300">
            Selah lists a repository’s modules once it has read the repository’s catalogue. Reading them takes a minute and needs this server to reach the
            repositories over the internet.
          </p>
          <FormMessages error={refreshError ?? (refresh.isSuccess ? NONE_READ : null)} notice={null} />
          <RefreshButton refreshing={refresh.isPending} reading={readingNow} onRefresh={() => refresh.mutate()} className="button-primary" />
        </section>
      ) : (
        <section aria-labelledby="library-modules-heading" className="flex flex-col gap-3">
          <LibraryStarter />
          <h3 id="library-modules-heading" className="sr-only">
            Modules
          </h3>
          <LibraryFilters filters={filters} onChange={changeFilters} languages={data?.languages ?? []} repositories={repositories.data?.repositories ?? []} />
          {list.isError ? (
            <LoadFailed what="the modules" error={list.error} onRetry={() => void list.refetch()} busy={list.isFetching} />
          ) : !data ? (
            <p aria-busy="true">Loading…</p>
          ) : (
            <>
              <p role="status" className="text-sm font-medium text-stone-700 dark:text-stone-300">
                {countOf(data.total, en('module'))}
                {list.isPlaceholderData && <span className="sr-only"> (updating)</span>}
              </p>
              {data.modules.length === 0 ? (
                <p className="text-stone-700 dark:text-stone-300">No module matches these filters.</p>
              ) : (
                <ul className={`flex flex-col divide-y divide-stone-200 dark:divide-stone-800 ${list.isPlaceholderData ? 'opacity-60' : ''}`}>
                  {data.modules.map((module) => (
                    <LibraryModuleRow
                      key={`${module.repository}/${module.name}`}
                      module={module}
                      job={activeJobOf.get(module.name)}
                      onAction={onAction}
                      onOpen={setOpened}
                      busy={queue.isPending}
                    />
                  ))}
                </ul>
              )}
              <PageNav label="Module pages" page={data.page} pageCount={data.pageCount} onPage={setPage} />
            </>
          )}
        </section>
      )}

      {repositories.isError ? (
        <LoadFailed what="the repositories" error={repositories.error} onRetry={() => void repositories.refetch()} busy={repositories.isFetching} />
      ) : (
        repositories.data && (
          <LibraryRepositories
            repositories={repositories.data.repositories}
            refreshing={refresh.isPending}
            onRefresh={() => refresh.mutate()}
            offerRefresh={!neverRead}
            refreshError={neverRead ? null : refreshError}
          />
        )
      )}
      {opened && (
        <LibraryModuleDetails module={opened} job={activeJobOf.get(opened.name)} onAction={onAction} busy={queue.isPending} onClose={() => setOpened(null)} />
      )}
    </section>
  );
}
