import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  aiModelStatus,
  curatedPage,
  downloadInput,
  engineChoice,
  engineChoiceInput,
  modelDownload,
  modelParams,
  serversPage,
} from '#common/contracts/ai-model.ts';
import { errorBody } from '#common/contracts/errors.ts';
import type { AuditLog } from '../../access/audit-log.ts';
import type { StaffGate } from '../../access/staff.ts';
import type { AiModelService } from './ai-model.service.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 507: errorBody };

/** The admin panel's "AI model" (issue 31 §2). Admins only. */
export function aiModelRoutes(models: AiModelService, audit: AuditLog, staffOf: StaffGate): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/admin/ai-model', { schema: { response: { 200: aiModelStatus, ...errors } } }, async (req, reply) => {
      await staffOf(req);
      reply.header('cache-control', 'no-store');
      return models.status();
    });
    app.get('/api/admin/ai-model/curated', { schema: { response: { 200: curatedPage, ...errors } } }, async (req) => {
      await staffOf(req);
      return { models: await models.curated() };
    });
    app.get('/api/admin/ai-model/servers', { schema: { response: { 200: serversPage, ...errors } } }, async (req, reply) => {
      await staffOf(req);
      reply.header('cache-control', 'no-store');
      return models.servers();
    });
    app.post('/api/admin/ai-model/download', { schema: { body: downloadInput, response: { 202: modelDownload, ...errors } } }, async (req, reply) => {
      const staff = await staffOf(req);
      const download = await models.download(req.body.file, staff.userId);
      await audit.record(staff, 'ai-model.download', req.body.file);
      return reply.code(202).send(download);
    });
    app.post('/api/admin/ai-model/download/cancel', { schema: { response: { 200: modelDownload, ...errors } } }, async (req) => {
      const staff = await staffOf(req);
      const download = await models.cancel();
      await audit.record(staff, 'ai-model.cancel', download.file);
      return download;
    });
    app.delete('/api/admin/ai-model/models/:file', { schema: { params: modelParams, response: { 204: z.null(), ...errors } } }, async (req, reply) => {
      const staff = await staffOf(req);
      await models.remove(req.params.file);
      await audit.record(staff, 'ai-model.remove', req.params.file);
      return reply.code(204).send(null);
    });
    app.put('/api/admin/ai-model/engine', { schema: { body: engineChoiceInput, response: { 200: engineChoice, ...errors } } }, async (req) => {
      const staff = await staffOf(req);
      const chosen = await models.choose(req.body, staff.userId);
      await audit.record(staff, 'ai-model.engine', chosen.kind, chosen.model ?? '');
      return chosen;
    });
  };
}
