import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '#common/contracts/errors.ts';
import { hideRequest, moderationQueue, pictureParams, shareCodeParams } from '#common/contracts/pictures.ts';
import type { AuditLog } from '../../access/audit-log.ts';
import type { StaffGate } from '../../access/staff.ts';
import type { PicturesService } from './pictures.service.ts';
import { countOf, en } from '#common/text/plural.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** The admin panel's moderation of community pictures and shared verses (admins only, every action logged). */
export function moderationRoutes(pictures: PicturesService, audit: AuditLog, staffOf: StaffGate, changed: () => void = () => {}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/admin/moderation', { schema: { response: { 200: moderationQueue, ...errors } } }, async (req) => {
      await staffOf(req);
      return pictures.moderation();
    });
    app.put(
      '/api/admin/pictures/:id/hidden',
      { schema: { params: pictureParams, body: hideRequest, response: { 200: z.object({ id: z.string(), hidden: z.boolean() }), ...errors } } },
      async (req) => {
        const staff = await staffOf(req);
        const result = await pictures.setHidden(req.params.id, req.body.hidden);
        await audit.record(staff, req.body.hidden ? 'picture.hide' : 'picture.show', `picture ${req.params.id}`);
        // A kept page may show it (the home page shows today's prayer picture), on any process.
        changed();
        return result;
      },
    );
    app.delete(
      '/api/admin/pictures/:id',
      { schema: { params: pictureParams, response: { 200: z.object({ ok: z.literal(true), sharesDeleted: z.number().int() }), ...errors } } },
      async (req) => {
        const staff = await staffOf(req);
        const { picture, sharesDeleted } = await pictures.deletePicture(req.params.id);
        const shares = sharesDeleted === 0 ? '' : `; ${countOf(sharesDeleted, en('shared verse'))} showing it deleted too`;
        await audit.record(staff, 'picture.delete', `picture ${req.params.id}`, `${picture.kind} ${picture.reference}${shares}`);
        // A cached page may show it (the home page shows today's prayer picture).
        changed();
        return { ok: true as const, sharesDeleted };
      },
    );
    app.delete(
      '/api/admin/shared-verses/:code',
      { schema: { params: shareCodeParams, response: { 200: z.object({ ok: z.literal(true) }), ...errors } } },
      async (req) => {
        const staff = await staffOf(req);
        await pictures.deleteShare(req.params.code);
        await audit.record(staff, 'share.delete', `shared verse ${req.params.code}`);
        changed();
        return { ok: true as const };
      },
    );
  };
}
