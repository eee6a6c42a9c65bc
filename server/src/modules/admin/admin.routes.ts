import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOverview, auditPage, auditQuery, diagnostics } from '#common/contracts/admin.ts';
import { errorBody } from '#common/contracts/errors.ts';
import type { AdminService } from './admin.service.ts';
import type { AuditLog } from './audit-log.ts';
import type { StaffGate } from './staff.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

/** The admin panel's own pages: the dashboard's figures and the audit log (admins only). */
export function adminRoutes(audit: AuditLog, admin: AdminService, staffOf: StaffGate): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/admin/audit', { schema: { querystring: auditQuery, response: { 200: auditPage, ...errors } } }, async (req) => {
      await staffOf(req);
      return { entries: await audit.list(req.query.before ? new Date(req.query.before) : undefined) };
    });
    app.get('/api/admin/diagnostics', { schema: { response: { 200: diagnostics, ...errors } } }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return admin.diagnostics(await staffOf(req), { protocol: req.protocol, host: req.host, ip: req.ip, cookieHeader: req.headers.cookie });
    });
    app.get('/api/admin/overview', { schema: { response: { 200: adminOverview, ...errors } } }, async (req) => {
      await staffOf(req);
      return admin.overview();
    });
  };
}
