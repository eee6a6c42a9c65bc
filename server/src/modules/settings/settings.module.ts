import type { SelahModule } from '../../lib/module/module.ts';
import { settingsRoutes } from './settings.routes.ts';
import { SettingsRepository } from './settings.repository.ts';
import { SettingsService } from './settings.service.ts';

export const settingsModule: SelahModule = {
  name: 'settings',
  async setup({ server, db, use }) {
    const bible = use('bible');
    await server.register(settingsRoutes(new SettingsService(new SettingsRepository(db), (code) => bible.hasTranslation(code)), use('viewer')));
  },
};
