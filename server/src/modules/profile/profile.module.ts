import type { SelahModule } from '../../lib/module/module.ts';
import { profileRoutes } from './profile.routes.ts';
import { ProfileRepository } from './profile.repository.ts';
import { ProfileService } from './profile.service.ts';

declare module '../../lib/module/module.ts' {
  interface Services {
    /** An account's role and whether an admin disabled it: auth checks them at sign-in (through `later`). */
    accounts: Pick<ProfileRepository, 'role' | 'disabled'>;
  }
}

/** A person's name, picture and account; what auth needs to know of an account. */
export const profileModule: SelahModule = {
  name: 'profile',
  async setup({ server, db, use, provide }) {
    const profileRepository = new ProfileRepository(db);
    await server.register(profileRoutes(new ProfileService(profileRepository), use('viewer')));
    provide('accounts', { role: (id) => profileRepository.role(id), disabled: (id) => profileRepository.disabled(id) });
  },
};
