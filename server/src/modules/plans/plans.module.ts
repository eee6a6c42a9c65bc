import type { SelahModule } from '../../lib/module/module.ts';
import { plansRoutes } from './plans.routes.ts';
import { PlansRepository } from './plans.repository.ts';
import { PlansService } from './plans.service.ts';

declare module '../../lib/module/module.ts' {
  interface Services {
    plans: PlansService;
  }
}

export const plansModule: SelahModule = {
  name: 'plans',
  async setup({ server, db, use, provide }) {
    const plans = new PlansService(new PlansRepository(db), use('studyDays'));
    await server.register(plansRoutes(plans, use('viewer')));
    provide('plans', plans);
  },
};
