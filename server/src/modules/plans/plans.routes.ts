import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '#common/contracts/errors.ts';
import { joinPlan, markReadingInput, myPlans, planAction, planId, planInfo, planStatus, plansImport } from '#common/contracts/plans.ts';
import type { ViewerOf } from '../../access/viewer.ts';
import type { PlansService } from './plans.service.ts';

const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody };
const planParams = z.object({ planId });

export function plansRoutes(plans: PlansService, viewerOf: ViewerOf): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/plans', { schema: { response: { 200: z.object({ plans: z.array(planInfo) }) } } }, async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return { plans: plans.catalogue() };
    });
    app.get('/api/plans/mine', { schema: { response: { 200: myPlans, ...errors } } }, async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return plans.mine(await viewerOf(req));
    });
    app.post('/api/plans', { schema: { body: joinPlan, response: { 200: planStatus, ...errors } } }, async (req) => plans.join(await viewerOf(req), req.body));
    app.put(
      '/api/plans/:planId/readings/:position',
      {
        schema: {
          params: planParams.extend({ position: z.coerce.number().int().min(0).max(2_000) }),
          body: markReadingInput,
          response: { 200: planStatus, ...errors },
        },
      },
      async (req) => plans.mark(await viewerOf(req), req.params.planId, req.params.position, req.body.done),
    );
    app.post(
      '/api/plans/:planId/:action',
      { schema: { params: planParams.extend({ action: planAction }), response: { 200: planStatus, ...errors } } },
      async (req) => plans.act(await viewerOf(req), req.params.planId, req.params.action),
    );
    app.delete('/api/plans/:planId', { schema: { params: planParams, response: { 204: z.null(), ...errors } } }, async (req, reply) => {
      await plans.leave(await viewerOf(req), req.params.planId);
      return reply.code(204).send(null);
    });
    app.post('/api/plans/import', { schema: { body: plansImport, response: { 200: z.object({ plans: z.number().int() }), ...errors } } }, async (req) =>
      plans.importGuest(await viewerOf(req), req.body),
    );
  };
}
