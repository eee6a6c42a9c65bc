import { Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '#common/contracts/errors.ts';
import { highlight, note } from '#common/contracts/study.ts';
import { HIGHLIGHT_EXPORT_FORMATS, IMPORT_MAX_BYTES, NOT_AN_EXPORT, NOTE_EXPORT_FORMATS } from '#common/study/export.ts';
import { importCounts } from '#common/study/import-schema.ts';
import { Invalid } from '../../lib/errors.ts';
import { uploadGate } from '../../http/upload-gate.ts';
import type { ViewerOf } from '../../access/viewer.ts';
import type { ExportFile, StudyTransferService } from './study-transfer.service.ts';

const TOO_LARGE = `This file is too large to import (the limit is ${IMPORT_MAX_BYTES / 1024 / 1024} MB).`;

const formatQuery = <T extends readonly [string, ...string[]]>(formats: T) =>
  z.object({ format: z.enum(formats, { error: `Format must be ${formats.join(', ').replace(/, (\w+)$/, ' or $1')}.` }).default(formats[0]) });

const importResult = z.object({
  notes: importCounts,
  highlights: importCounts,
  guestItems: z.object({ notes: z.array(note), highlights: z.array(highlight) }).optional(),
});

/**
 * Whole-account downloads (GET /api/notes/export, /api/highlights/export) and the import of our own
 * JSON export (POST /api/study/import). A guest's exports are built in the browser from the same
 * formatters; a guest's import is checked here and answered with the items for the browser to keep.
 */
export function studyTransferRoutes(transfer: StudyTransferService, viewerOf: ViewerOf): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/notes/export',
      { schema: { querystring: formatQuery(NOTE_EXPORT_FORMATS), response: { 400: errorBody, 401: errorBody } } },
      async (req, reply) => sendFile(reply, await transfer.exportNotes(await viewerOf(req), req.query.format)),
    );
    app.get(
      '/api/highlights/export',
      { schema: { querystring: formatQuery(HIGHLIGHT_EXPORT_FORMATS), response: { 400: errorBody, 401: errorBody } } },
      async (req, reply) => sendFile(reply, await transfer.exportHighlights(await viewerOf(req), req.query.format)),
    );

    // The file's bytes go to a worker thread as they are: parsing and checking a big file there keeps
    // this thread answering reads. Its own body parser lives in this sub-plugin.
    await app.register(async (files) => {
      files.removeContentTypeParser('application/json');
      files.addContentTypeParser(['application/json', 'application/octet-stream'], { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES }, (_req, body, done) =>
        done(null, body),
      );
      files.setErrorHandler((error: FastifyError, _req, reply) => {
        if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return reply.code(400).send({ message: NOT_AN_EXPORT });
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send({ message: TOO_LARGE });
        throw error; // everything else: the app's error handler
      });
      (files as unknown as FastifyInstance).post(
        '/api/study/import',
        {
          bodyLimit: IMPORT_MAX_BYTES,
          // Guests may import too (their items go back to the browser): no session is needed, a place is.
          ...uploadGate({
            maxBytes: IMPORT_MAX_BYTES,
            tooLarge: TOO_LARGE,
            place: (_req, reply) => reply.raw.once('close', transfer.admitImport()),
          }),
          schema: { response: { 200: importResult, 400: errorBody, 401: errorBody, 409: errorBody, 413: errorBody, 503: errorBody } },
        },
        async (req) => {
          if (!Buffer.isBuffer(req.body) || req.body.length === 0) throw new Invalid(NOT_AN_EXPORT);
          return transfer.import(await viewerOf(req), req.body);
        },
      );
    });
  };
}

function sendFile(reply: FastifyReply, file: ExportFile) {
  return reply
    .header('content-type', file.mediaType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .header('x-total-count', String(file.total))
    .send(Readable.from(file.body));
}
