import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { holdsUnsafeText } from '#common/contracts/text.ts';
import { Invalid } from '../lib/errors.ts';
import { NOT_JSON, parseBoundedJson, UNSAFE_TEXT } from '../lib/bounded-json.ts';

/**
 * Limits every request's input before any route sees it, so hostile input is a 400, never a 500:
 *  - JSON bodies are read with lib/bounded-json.ts: too deep a body is refused before it is parsed;
 *  - text holding U+0000 or a lone surrogate — in the body, the query or the path — is refused
 *    (PostgreSQL cannot store either), through the one text rule in common/contracts/text.ts.
 * Registers both for every route of `app`.
 */
export function guardInput(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    if (body === '') return done(new Invalid(NOT_JSON), undefined);
    try {
      done(null, parseBoundedJson(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  app.addHook('preValidation', async (req: FastifyRequest, reply: FastifyReply) => {
    if (holdsUnsafeText(req.params) || holdsUnsafeText(req.query) || holdsUnsafeText(req.body)) {
      return reply.code(400).send({ message: UNSAFE_TEXT });
    }
  });
}
