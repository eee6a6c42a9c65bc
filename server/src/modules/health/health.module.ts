import type { SelahModule } from '../../lib/module/module.ts';
import { HealthRepository } from './health.repository.ts';
import { healthRoutes } from './health.routes.ts';
import { Readiness } from './readiness.ts';

/** Liveness and readiness for load balancers and orchestrators (docs/api.md). */
export const healthModule: SelahModule = {
  name: 'health',
  async setup({ server, db, store, use }) {
    await server.register(healthRoutes(store, new Readiness(new HealthRepository(db), use('media'), store)));
  },
};
