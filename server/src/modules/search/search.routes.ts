import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchQuery, searchResponse } from '#common/contracts/bible.ts';
import { errorBody } from '#common/contracts/errors.ts';
import { sendPrepared } from '../../http/prepared-reply.ts';
import type { SearchService } from './search.service.ts';

// Results change only when a translation does; people search the same words again and again.
const SEARCH_CACHE = 'public, max-age=600';

export function searchRoutes(search: SearchService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/search',
      { schema: { querystring: searchQuery, response: { 200: searchResponse, 400: errorBody, 404: errorBody, 502: errorBody, 504: errorBody } } },
      async (req, reply) => sendPrepared(req, reply, await search.preparedSearchIn(req.query), SEARCH_CACHE),
    );
  };
}
