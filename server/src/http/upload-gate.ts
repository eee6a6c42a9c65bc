import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';

export const LENGTH_REQUIRED = 'The upload must say how large it is (a Content-Length header). Please try again from the page.';

export interface UploadLimits {
  maxBytes: number;
  /** The 413's message: what the limit is, in words. */
  tooLarge: string;
  /** The session the route needs, checked first (a guest is told to sign in, whatever the size); throws an AppError. */
  session?: (req: FastifyRequest) => unknown;
  /** A place in a queue, taken last (only by an upload that may go ahead); throws an AppError when none is free. */
  place?: (req: FastifyRequest, reply: FastifyReply) => unknown;
}

/**
 * Route hooks for an upload, so a refusal costs no upload: the session, the size (the declared
 * Content-Length; a body without one is refused) and a place are checked, in that order, on the headers,
 * before a byte of the body is read.
 * Whatever refuses it (these checks, or a hook in front of them), the connection is closed after the
 * answer, rather than reading and throwing away the rest of a 25 MB body.
 */
export function uploadGate(limits: UploadLimits) {
  return {
    async onRequest(req: FastifyRequest, reply: FastifyReply) {
      await limits.session?.(req);
      const declared = req.headers['content-length'];
      // No length and no transfer-encoding is an empty body: the route answers that itself.
      if (declared === undefined ? req.headers['transfer-encoding'] !== undefined : !(Number(declared) <= limits.maxBytes)) {
        throw new AppError(413, declared === undefined ? LENGTH_REQUIRED : limits.tooLarge);
      }
      await limits.place?.(req, reply);
    },
    async onSend(req: FastifyRequest, reply: FastifyReply, payload: unknown) {
      if (!req.raw.complete) reply.header('connection', 'close');
      return payload;
    },
  };
}
