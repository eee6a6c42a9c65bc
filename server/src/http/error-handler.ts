import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '../lib/database-unavailable.ts';
import { NOT_JSON } from '../lib/bounded-json.ts';

/** Fastify's own refusals, in words a person can act on. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This kind of request body is not accepted here.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_EMPTY_JSON_BODY: NOT_JSON,
  FST_ERR_CTP_INVALID_JSON_BODY: NOT_JSON,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its declared length.',
};

/**
 * Maps every error to HTTP in one place; the body is always `{ message }` (spec §8). Only errors
 * that are ours to fix are 500s, and those are logged.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, _req, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send({ message: error.validation[0]?.message ?? 'Invalid request.' });
    }
    if (error instanceof AppError) return reply.code(error.statusCode).headers(error.headers).send({ message: error.message });
    const status = error.statusCode;
    if (status && status >= 400 && status < 500) return reply.code(status).send({ message: FASTIFY_MESSAGES[error.code] ?? error.message });
    // The database stopped or restarted: the request can be tried again; the pool reconnects by itself.
    if (isDatabaseUnavailable(error)) {
      app.log.warn({ err: error }, 'a request found the database not answering');
      return reply.code(503).header('retry-after', '5').send({ message: DATABASE_UNAVAILABLE });
    }
    app.log.error(error);
    return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
}
