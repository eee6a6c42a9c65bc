import type { SelahModule } from '../../lib/module/module.ts';
import { profileRoutes } from './profile.routes.ts';
import { ProfileRepository } from './profile.repository.ts';
import { ProfileService } from './profile.service.ts';

export const profileModule: SelahModule = {
  name: 'profile',
  async setup({ server, db, use, provide }) {
    const profileRepository = new ProfileRepository(db);
    await server.register(profileRoutes(new ProfileService(profileRepository), use('viewer')));
    provide('accounts', { role: (id) => profileRepository.role(id), disabled: (id) => profileRepository.disabled(id) });
  },
};
