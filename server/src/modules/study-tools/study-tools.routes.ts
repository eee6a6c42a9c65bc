import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '#common/contracts/errors.ts';
import {
  commentariesReply,
  crossReferencesQuery,
  crossReferencesReply,
  dictionaryEntryParams,
  dictionaryEntryReply,
  dictionaryNamesReply,
  dictionaryVerseQuery,
  strongsParams,
  strongsQuery,
  strongsReply,
  studyToolVerseParams,
  topicMatchesQuery,
  topicMatchesReply,
  topicParams,
  topicQuery,
  topicReply,
  topicsQuery,
  topicsReply,
} from '#common/contracts/study-tools.ts';
import type { StudyToolsService } from './study-tools.service.ts';

const errors = { 400: errorBody, 404: errorBody };

export function studyToolsRoutes(service: StudyToolsService): FastifyPluginAsyncZod {
  return async (app) => {
    // Public reads with no personal data. Not cached by browsers: an admin's install or removal shows at once.
    app.get(
      '/api/study-tools/commentaries/:book/:chapter/:verse',
      { schema: { params: studyToolVerseParams, response: { 200: commentariesReply, ...errors } } },
      async (req, reply) => {
        reply.header('cache-control', 'no-cache');
        return service.commentariesOn(req.params.book, req.params.chapter, req.params.verse);
      },
    );
    app.get(
      '/api/study-tools/cross-references/:book/:chapter/:verse',
      { schema: { params: studyToolVerseParams, querystring: crossReferencesQuery, response: { 200: crossReferencesReply, ...errors } } },
      async (req, reply) => {
        reply.header('cache-control', 'no-cache');
        return service.crossReferencesOf(req.params.book, req.params.chapter, req.params.verse, req.query.translation);
      },
    );
    app.get(
      '/api/study-tools/dictionary/entry/:key',
      { schema: { params: dictionaryEntryParams, response: { 200: dictionaryEntryReply, ...errors } } },
      async (req, reply) => {
        reply.header('cache-control', 'no-cache');
        return service.dictionaryEntry(req.params.key);
      },
    );
    app.get(
      '/api/study-tools/dictionary/:book/:chapter/:verse',
      { schema: { params: studyToolVerseParams, querystring: dictionaryVerseQuery, response: { 200: dictionaryNamesReply, ...errors } } },
      async (req, reply) => {
        reply.header('cache-control', 'no-cache');
        return service.dictionaryNames(req.params.book, req.params.chapter, req.params.verse, req.query.translation);
      },
    );
    app.get(
      '/api/study-tools/strongs/:number',
      { schema: { params: strongsParams, querystring: strongsQuery, response: { 200: strongsReply, ...errors } } },
      async (req, reply) => {
        reply.header('cache-control', 'no-cache');
        return service.strongs(req.params.number, req.query.translation);
      },
    );
    app.get('/api/study-tools/topics', { schema: { querystring: topicsQuery, response: { 200: topicsReply, ...errors } } }, async (req, reply) => {
      reply.header('cache-control', 'no-cache');
      return service.topics(req.query);
    });
    app.get(
      '/api/study-tools/topics/:name',
      { schema: { params: topicParams, querystring: topicQuery, response: { 200: topicReply, ...errors } } },
      async (req, reply) => {
        reply.header('cache-control', 'no-cache');
        return service.topic(req.params.name, req.query.translation, req.query.page);
      },
    );
    app.get(
      '/api/study-tools/topic-matches',
      { schema: { querystring: topicMatchesQuery, response: { 200: topicMatchesReply, ...errors } } },
      async (req, reply) => {
        reply.header('cache-control', 'no-cache');
        return service.topicMatches(req.query.q);
      },
    );
  };
}
