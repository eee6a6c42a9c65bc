import type { SelahModule } from '../../lib/module/module.ts';
import { personalizationRoutes } from './personalization.routes.ts';
import { PersonalizationRepository } from './personalization.repository.ts';
import { PersonalizationService } from './personalization.service.ts';

export const personalizationModule: SelahModule = {
  name: 'personalization',
  async setup({ server, db, use }) {
    await server.register(personalizationRoutes(new PersonalizationService(new PersonalizationRepository(db)), use('viewer')));
  },
};
