import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { LICENCE_FILTERS, LibraryJob, ModuleDetail, ModuleKind, ModulesPage, RepositoryStatus, StarterSet } from '#common/contracts/library.ts';
import { apiGet, apiPost, apiRequest } from '../../../lib/api-client.ts';
import { isActive } from '../library-format.ts';

/**
 * The admin panel's Library calls (`common/src/contracts/library.ts`). The web app ships no zod, so the
 * answers are typed by the contract and checked by the server's own tests of it.
 */
const BASE = '/api/admin/library';
const LIBRARY_KEY = ['admin', 'library'] as const;
const MODULES_KEY = [...LIBRARY_KEY, 'modules'] as const;
const JOBS_KEY = [...LIBRARY_KEY, 'jobs'] as const;
const REPOSITORIES_KEY = [...LIBRARY_KEY, 'repositories'] as const;

export type ModuleFilters = {
  kind?: ModuleKind;
  language?: string;
  licence?: (typeof LICENCE_FILTERS)[number];
  installed?: 'yes' | 'no';
  repository?: string;
  q: string;
};
/** One repository as PUT …/repositories takes it (`repositoryInput`); no zip folder means the usual one. */
export type RepositoryInput = { name: string; catalogueUrl: string; packageUrl?: string };
type RepositoriesPage = { repositories: RepositoryStatus[] };
type JobsPage = { jobs: LibraryJob[] };

const part = (value: string) => encodeURIComponent(value);

function modulesSearch(filters: ModuleFilters, page: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  params.set('page', String(page));
  return params.toString();
}

export const libraryModulesQuery = (filters: ModuleFilters, page: number) =>
  queryOptions({
    queryKey: [...MODULES_KEY, filters, page],
    queryFn: () => apiGet<ModulesPage>(`${BASE}/modules?${modulesSearch(filters, page)}`),
    // The list stays on screen while the next filter's answer comes.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const libraryModuleQuery = (repository: string, name: string) =>
  queryOptions({
    queryKey: [...MODULES_KEY, 'detail', repository, name],
    queryFn: () => apiGet<ModuleDetail>(`${BASE}/modules/${part(repository)}/${part(name)}`),
    staleTime: 0,
  });

/** Under the modules' key: read again whenever the module list is (a job finished). */
export const libraryStarterQuery = queryOptions({
  queryKey: [...MODULES_KEY, 'starter'],
  queryFn: () => apiGet<StarterSet>(`${BASE}/starter`),
  staleTime: 0,
});

export const installStarterSet = () => apiPost<JobsPage>(`${BASE}/starter`, {});

/** How often the repositories are read again while a catalogue refresh runs (started here, by another admin or the CLI). */
export const REFRESH_POLL_MS = 1000;

export const libraryRepositoriesQuery = queryOptions({
  queryKey: REPOSITORIES_KEY,
  queryFn: () => apiGet<RepositoriesPage>(`${BASE}/repositories`),
  staleTime: 0,
  refetchInterval: (query) => (query.state.data?.repositories.some((r) => r.refreshing) ? REFRESH_POLL_MS : false),
});

export const JOB_POLL_MS = 1000;

/** The queue and the latest finished jobs; read again every second while one is queued or running. */
export const libraryJobsQuery = queryOptions({
  queryKey: JOBS_KEY,
  queryFn: () => apiGet<JobsPage>(`${BASE}/jobs`).then((page) => page.jobs),
  staleTime: 0,
  refetchInterval: (query) => (query.state.data?.some(isActive) ? JOB_POLL_MS : false),
});

export const saveRepositories = (repositories: RepositoryInput[]) => apiRequest<RepositoriesPage>('PUT', `${BASE}/repositories`, { repositories });

export const refreshCatalogues = () => apiPost<RepositoriesPage>(`${BASE}/refresh`, {});

export const queueJob = (input: { action: LibraryJob['action']; module: string; repository?: string }) => apiPost<LibraryJob>(`${BASE}/jobs`, input);

export const cancelJob = (id: string) => apiPost<LibraryJob>(`${BASE}/jobs/${part(id)}/cancel`, {});

export const libraryKeys = { modules: MODULES_KEY, jobs: JOBS_KEY, repositories: REPOSITORIES_KEY };
