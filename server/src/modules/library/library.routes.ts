import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  jobInput,
  jobParams,
  jobsPage,
  libraryJob,
  moduleDetail,
  moduleParams,
  modulesPage,
  modulesQuery,
  refreshInput,
  repositoriesInput,
  repositoriesPage,
  starterSet,
} from '#common/contracts/library.ts';
import { errorBody } from '#common/contracts/errors.ts';
import type { AuditLog } from '../../access/audit-log.ts';
import type { StaffGate } from '../../access/staff.ts';
import type { LibraryService } from './library.service.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** The admin panel's Library (issue 30 §1): repositories, their modules, and the install queue. Admins only. */
export function libraryRoutes(library: LibraryService, audit: AuditLog, staffOf: StaffGate, wake: () => void): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/admin/library/repositories', { schema: { response: { 200: repositoriesPage, ...errors } } }, async (req) => {
      await staffOf(req);
      return { repositories: await library.repositories() };
    });
    app.put('/api/admin/library/repositories', { schema: { body: repositoriesInput, response: { 200: repositoriesPage, ...errors } } }, async (req) => {
      const staff = await staffOf(req);
      const repositories = await library.setRepositories(req.body.repositories);
      await audit.record(staff, 'library.repositories', 'library', repositories.map((r) => r.name).join(', '));
      return { repositories };
    });
    app.post('/api/admin/library/refresh', { schema: { body: refreshInput.optional(), response: { 200: repositoriesPage, ...errors } } }, async (req) => {
      await staffOf(req);
      return { repositories: await library.refresh({ repository: req.body?.repository, force: true }) };
    });
    app.get('/api/admin/library/modules', { schema: { querystring: modulesQuery, response: { 200: modulesPage, ...errors } } }, async (req) => {
      await staffOf(req);
      return library.modules(req.query, readerLocale(req));
    });
    app.get('/api/admin/library/modules/:repository/:name', { schema: { params: moduleParams, response: { 200: moduleDetail, ...errors } } }, async (req) => {
      await staffOf(req);
      return library.module(req.params.repository, req.params.name, readerLocale(req));
    });
    app.get('/api/admin/library/starter', { schema: { response: { 200: starterSet, ...errors } } }, async (req) => {
      await staffOf(req);
      return library.starter(readerLocale(req));
    });
    app.post('/api/admin/library/starter', { schema: { response: { 202: jobsPage, ...errors } } }, async (req, reply) => {
      const staff = await staffOf(req);
      const jobs = await library.installStarter(readerLocale(req), staff.userId);
      await audit.record(staff, 'library.starter', 'library', jobs.map((j) => j.module).join(', '));
      wake();
      return reply.code(202).send({ jobs });
    });
    app.get('/api/admin/library/jobs', { schema: { response: { 200: jobsPage, ...errors } } }, async (req, reply) => {
      await staffOf(req);
      reply.header('cache-control', 'no-store');
      return { jobs: await library.jobs() };
    });
    app.post('/api/admin/library/jobs', { schema: { body: jobInput, response: { 202: libraryJob, ...errors } } }, async (req, reply) => {
      const staff = await staffOf(req);
      const job = await library.request(req.body, staff.userId);
      await audit.record(staff, `library.${job.action}`, `module ${job.module}`, job.repository ?? '');
      wake();
      return reply.code(202).send(job);
    });
    app.post('/api/admin/library/jobs/:id/cancel', { schema: { params: jobParams, response: { 200: libraryJob, ...errors } } }, async (req) => {
      const staff = await staffOf(req);
      const job = await library.cancel(Number(req.params.id));
      await audit.record(staff, 'library.cancel', `module ${job.module}`, `job ${job.id}`);
      return job;
    });
  };
}

/** The reader's first language from Accept-Language, for naming languages ("Deutsch" or "German"). */
function readerLocale(req: FastifyRequest): string {
  const first = String(req.headers['accept-language'] ?? '')
    .split(',')[0]
    ?.split(';')[0]
    ?.trim();
  try {
    return (first && Intl.getCanonicalLocales(first)[0]) || 'en';
  } catch {
    return 'en';
  }
}
