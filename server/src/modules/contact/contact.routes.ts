import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { archiveRequest, contactListQuery, contactMessage, contactRequest } from '#common/contracts/contact.ts';
import { errorBody } from '#common/contracts/errors.ts';
import { idParams } from '#common/contracts/lessons.ts';
import { addressKey, HOUR_MS, WindowLimit, type Quota } from '../../lib/quota/quota.ts';
import type { StaffGate } from '../../access/staff.ts';
import type { ContactService } from './contact.service.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 429: errorBody };
const MESSAGES_PER_HOUR = 3;

/** `quota` counts the messages sent from each address, for every process of the site. */
export function contactRoutes(contact: ContactService, staffOf: StaffGate, quota: Quota): FastifyPluginAsyncZod {
  return async (app) => {
    const sends = new WindowLimit(
      quota,
      MESSAGES_PER_HOUR,
      HOUR_MS,
      (seconds) => `You have sent several messages already. Please try again in ${Math.ceil(seconds / 60)} minutes.`,
    );
    app.post('/api/contact', { schema: { body: contactRequest, response: { 200: z.object({ message: z.string() }), ...errors } } }, async (req) => {
      await sends.take([addressKey(req.ip)]);
      return contact.send(req.body);
    });
    app.get('/api/admin/contact', { schema: { querystring: contactListQuery, response: { 200: z.array(contactMessage), ...errors } } }, async (req) => {
      await staffOf(req);
      return contact.list(req.query.archived === '1');
    });
    app.put('/api/admin/contact/:id', { schema: { params: idParams, body: archiveRequest, response: { 200: contactMessage, ...errors } } }, async (req) =>
      contact.archive(await staffOf(req), req.params.id, req.body.archived),
    );
  };
}
