import type { SelahModule } from '../../lib/module/module.ts';
import { activityRoutes } from './activity.routes.ts';
import { ActivityService } from './activity.service.ts';

export const activityModule: SelahModule = {
  name: 'activity',
  async setup({ server, use }) {
    await server.register(activityRoutes(new ActivityService(use('studyDays')), use('viewer')));
  },
};
