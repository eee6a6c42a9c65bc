import { z } from 'zod';

/**
 * The admin panel "Library" (issue 30): SWORD modules from the site's repositories, installed, removed
 * and updated by queued jobs. Every call is for admins only.
 */

export const MODULE_KINDS = ['bible', 'commentary', 'dictionary', 'topical-index', 'general-book'] as const;
export type ModuleKind = (typeof MODULE_KINDS)[number];

/** Which licences a filter keeps: free to redistribute, free for non-commercial use only, or not installable. */
export const LICENCE_FILTERS = ['redistributable', 'non-commercial', 'refused'] as const;

export const LIBRARY_PAGE_SIZE = 50;

/** A repository as the admin edits it; `packageUrl` defaults by the repository conventions. */
export const repositoryInput = z.object({
  name: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 ._-]{0,39}$/, 'A repository name is 1 to 40 letters, digits, spaces, dots, dashes or underscores.'),
  catalogueUrl: z.url({ protocol: /^https?$/, message: 'The catalogue address must be an http or https address.' }),
  packageUrl: z.url({ protocol: /^https?$/, message: 'The zip folder address must be an http or https address.' }).optional(),
});
/** PUT /api/admin/library/repositories */
export const repositoriesInput = z.object({ repositories: z.array(repositoryInput).min(1, 'Keep at least one repository.').max(20) });

export const repositoryStatus = z.object({
  name: z.string(),
  catalogueUrl: z.string(),
  packageUrl: z.string(),
  /** When the catalogue was last read successfully (ISO), null when never. */
  fetchedAt: z.string().nullable(),
  /** When the repository last confirmed that catalogue (a download, or a 304 saying it had not changed). */
  checkedAt: z.string().nullable(),
  moduleCount: z.number().int(),
  /** Why the last refresh failed (the repository is still listed with what it had before). */
  error: z.string().nullable(),
  /** A refresh of this catalogue is under way (in any process); asking for another joins it. */
  refreshing: z.boolean(),
});
export type RepositoryStatus = z.infer<typeof repositoryStatus>;
/** GET /api/admin/library/repositories, and the answer of PUT and of POST …/refresh */
export const repositoriesPage = z.object({ repositories: z.array(repositoryStatus) });

/** POST /api/admin/library/refresh: read catalogues again now (all, or one repository). */
export const refreshInput = z.object({ repository: z.string().max(40).optional() });

export const licenceView = z.object({
  /** DistributionLicense as the module states it (null when it states none). */
  text: z.string().nullable(),
  installable: z.boolean(),
  nonCommercial: z.boolean(),
  /** Why it cannot be installed, when it cannot. */
  reason: z.string().nullable(),
});

export const libraryModule = z.object({
  repository: z.string(),
  name: z.string(),
  kind: z.enum(MODULE_KINDS),
  /** BCP 47 tag and its name in the reader's language. */
  language: z.string(),
  languageName: z.string(),
  description: z.string(),
  version: z.string(),
  /** Bytes on disk once installed, when the module says. */
  installSize: z.number().int().nullable(),
  licence: licenceView,
  locked: z.boolean(),
  /** Null when Selah can read it; else why not (a driver or versification it does not read). */
  unsupported: z.string().nullable(),
  /** The installed version, when this module is installed (from any repository). */
  installedVersion: z.string().nullable(),
  updateAvailable: z.boolean(),
});
export type LibraryModule = z.infer<typeof libraryModule>;

/** GET /api/admin/library/modules?kind=&language=&licence=&q=&repository=&installed=&page= */
export const modulesQuery = z.object({
  kind: z.enum(MODULE_KINDS).optional(),
  language: z.string().max(35).optional(),
  licence: z.enum(LICENCE_FILTERS).optional(),
  q: z.string().trim().max(100).default(''),
  repository: z.string().max(40).optional(),
  installed: z.enum(['yes', 'no']).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const modulesPage = z.object({
  modules: z.array(libraryModule),
  total: z.number().int(),
  page: z.number().int(),
  pageCount: z.number().int(),
  /** Every language of the repositories (before the language filter), for the filter's options. */
  languages: z.array(z.object({ tag: z.string(), name: z.string(), count: z.number().int() })),
});
export type ModulesPage = z.infer<typeof modulesPage>;

/** GET /api/admin/library/modules/{repository}/{name}: what an admin reads before installing. */
export const moduleParams = z.object({ repository: z.string().min(1).max(40), name: z.string().min(1).max(100) });
export const moduleDetail = libraryModule.extend({
  /** The module's About text as plain paragraphs (never HTML). */
  about: z.array(z.string()),
  copyright: z.string().nullable(),
  versionDate: z.string().nullable(),
  features: z.array(z.string()),
});
export type ModuleDetail = z.infer<typeof moduleDetail>;

export const JOB_ACTIONS = ['install', 'remove', 'update'] as const;
export const JOB_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;

/** POST /api/admin/library/jobs: queue an install, a removal or an update. Answers 202 with the job. */
export const jobInput = z.object({
  action: z.enum(JOB_ACTIONS),
  module: z.string().trim().min(1, 'Name a module.').max(100),
  /** Which repository to install from; by default the first that lists the module. */
  repository: z.string().max(40).optional(),
});

export const libraryJob = z.object({
  id: z.string(),
  action: z.enum(JOB_ACTIONS),
  module: z.string(),
  repository: z.string().nullable(),
  state: z.enum(JOB_STATES),
  bytesDone: z.number().int(),
  /** Null until the download's size is known. */
  bytesTotal: z.number().int().nullable(),
  /** 0–100, null while the size is unknown. */
  percent: z.number().int().nullable(),
  /** What happened: the error of a failed job, what a finished one installed. */
  message: z.string().nullable(),
  requestedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type LibraryJob = z.infer<typeof libraryJob>;
/** GET /api/admin/library/jobs: the queue and the 20 latest finished jobs, newest first. */
export const jobsPage = z.object({ jobs: z.array(libraryJob) });
export const jobParams = z.object({ id: z.string().regex(/^\d{1,18}$/, 'No such job.') });
/** POST /api/admin/library/jobs/{id}/cancel: answers the job (cancelled, or already finished). */

export const STARTER_ROLES = ['translation', 'commentary', 'greek-lexicon', 'hebrew-lexicon', 'dictionary', 'topical-index'] as const;
/**
 * GET /api/admin/library/starter: what Selah suggests a new site installs first, for the site's language
 * (the admin's): a modern translation, a commentary, Strong's lexicons, a dictionary, a topical index. Only
 * what is not installed yet; empty once all are. POST …/starter queues them all (202, `{ jobs }`).
 */
export const starterSet = z.object({
  language: z.string(),
  languageName: z.string(),
  suggestions: z.array(z.object({ role: z.enum(STARTER_ROLES), module: libraryModule })),
});
export type StarterSet = z.infer<typeof starterSet>;
