import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminOverview,
  auditPage,
  auditQuery,
  diagnostics,
  engineParams,
  engineTest,
  outboxPage,
  outboxQuery,
  userChange,
  usersPage,
  usersQuery,
} from '#common/contracts/admin.ts';
import { idParams } from '#common/contracts/lessons.ts';
import { errorBody } from '#common/contracts/errors.ts';
import type { AdminService } from './admin.service.ts';
import type { AuditLog } from '../../access/audit-log.ts';
import type { StaffGate } from '../../access/staff.ts';
import type { MailOutbox } from '../auth/mail-outbox.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** The admin panel's own pages: the dashboard's figures, accounts, diagnostics, the audit log and the mail outbox (admins only). */
export function adminRoutes(audit: AuditLog, admin: AdminService, staffOf: StaffGate, outbox: MailOutbox): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/admin/mail', { schema: { querystring: outboxQuery, response: { 200: outboxPage, ...errors } } }, async (req, reply) => {
      await staffOf(req);
      // Confirmation and reset links: never kept by a cache.
      reply.header('cache-control', 'no-store');
      return outbox.page(req.query.page);
    });
    app.get('/api/admin/audit', { schema: { querystring: auditQuery, response: { 200: auditPage, ...errors } } }, async (req) => {
      await staffOf(req);
      return { entries: await audit.list(req.query.before ? new Date(req.query.before) : undefined) };
    });
    app.get('/api/admin/diagnostics', { schema: { response: { 200: diagnostics, ...errors } } }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return admin.diagnostics(await staffOf(req), { protocol: req.protocol, host: req.host, ip: req.ip, cookieHeader: req.headers.cookie });
    });
    app.get('/api/admin/users', { schema: { querystring: usersQuery, response: { 200: usersPage, ...errors } } }, async (req) => {
      await staffOf(req);
      return admin.users(req.query.q, req.query.page);
    });
    app.put(
      '/api/admin/users/:id',
      { schema: { params: idParams, body: userChange, response: { 200: z.object({ ok: z.literal(true) }), ...errors } } },
      async (req) => {
        await admin.changeUser(await staffOf(req), req.params.id, req.body);
        return { ok: true as const };
      },
    );
    app.delete('/api/admin/users/:id', { schema: { params: idParams, response: { 200: z.object({ ok: z.literal(true) }), ...errors } } }, async (req) => {
      await admin.deleteUser(await staffOf(req), req.params.id);
      return { ok: true as const };
    });
    app.post('/api/admin/engines/:engine/test', { schema: { params: engineParams, response: { 200: engineTest, ...errors } } }, async (req) =>
      admin.testEngine(await staffOf(req), req.params.engine),
    );
    app.get('/api/admin/overview', { schema: { response: { 200: adminOverview, ...errors } } }, async (req) => {
      await staffOf(req);
      return admin.overview();
    });
  };
}
