import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '#common/contracts/errors.ts';
import { messageReply, newsletterAdmin, newsletterPreview, newsletterSent, subscribeRequest, tokenQuery, tokenRequest } from '#common/contracts/newsletter.ts';
import { z } from 'zod';
import { requestOrigin } from '../../http/trusted-hosts.ts';
import { Invalid } from '../../lib/errors.ts';
import { addressKey, HOUR_MS, WindowLimit, type Quota } from '../../lib/quota/quota.ts';
import type { StaffGate } from '../../access/staff.ts';
import type { AuditLog } from '../../access/audit-log.ts';
import type { NewsletterService } from './newsletter.service.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 429: errorBody };
const SUBSCRIBES_PER_HOUR = 5;

/**
 * The home page's form, the links in the mail (confirm; unsubscribe, also as RFC 8058 one-click: a
 * form-encoded POST with the key in the address), and the admin panel's newsletter section. `quota` counts
 * the sign-ups from each address, for every process of the site.
 */
export function newsletterRoutes(
  newsletter: NewsletterService,
  audit: AuditLog,
  staffOf: StaffGate,
  publicUrl: string | undefined,
  quota: Quota,
): FastifyPluginAsyncZod {
  return async (app) => {
    const subscribes = new WindowLimit(
      quota,
      SUBSCRIBES_PER_HOUR,
      HOUR_MS,
      (seconds) => `Too many sign-ups from here. Please try again in ${Math.ceil(seconds / 60)} minutes.`,
    );
    app.post('/api/newsletter/subscribe', { schema: { body: subscribeRequest, response: { 200: messageReply, ...errors } } }, async (req, reply) => {
      await subscribes.take([addressKey(req.ip)]);
      reply.header('cache-control', 'no-store');
      return newsletter.subscribe(req.body.email, requestOrigin(req, publicUrl));
    });
    app.post('/api/newsletter/confirm', { schema: { body: tokenRequest, response: { 200: messageReply, ...errors } } }, async (req) =>
      newsletter.confirm(req.body.token),
    );

    // Mail apps send one-click unsubscribes as `List-Unsubscribe=One-Click`, form-encoded, key in the address.
    await app.register(async (oneClick) => {
      oneClick.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) =>
        done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );
      oneClick
        .withTypeProvider<ZodTypeProvider>()
        .post(
          '/api/newsletter/unsubscribe',
          { schema: { querystring: tokenQuery, body: z.record(z.string(), z.string().max(200)).optional(), response: { 200: messageReply, ...errors } } },
          async (req) => {
            const token = req.query.token ?? (typeof req.body?.token === 'string' ? req.body.token : undefined);
            const parsed = tokenRequest.safeParse({ token });
            if (!parsed.success) throw new Invalid('This link is not complete. Please use the link in the newsletter.');
            return newsletter.unsubscribe(parsed.data.token);
          },
        );
    });

    app.get('/api/admin/newsletter', { schema: { response: { 200: newsletterAdmin, ...errors } } }, async (req) => {
      await staffOf(req);
      return newsletter.admin();
    });
    app.get('/api/admin/newsletter/preview', { schema: { response: { 200: newsletterPreview, ...errors } } }, async (req) => {
      await staffOf(req);
      return newsletter.preview(requestOrigin(req, publicUrl));
    });
    app.post('/api/admin/newsletter/send', { schema: { response: { 200: newsletterSent, ...errors } } }, async (req) => {
      const staff = await staffOf(req);
      const result = await newsletter.send();
      await audit.record(staff, 'newsletter.send', `newsletter ${result.week}`, `${result.sent} sent, ${result.failed} failed`);
      return result;
    });
  };
}
