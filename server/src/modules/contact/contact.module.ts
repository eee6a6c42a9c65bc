import type { SelahModule } from '../../lib/module/module.ts';
import { Quota } from '../../lib/quota/quota.ts';
import { QuotaRepository } from '../../lib/quota/quota.repository.ts';
import { contactRoutes } from './contact.routes.ts';
import { ContactRepository } from './contact.repository.ts';
import { ContactService } from './contact.service.ts';

export const contactModule: SelahModule = {
  name: 'contact',
  async setup({ server, config, db, log, use }) {
    await server.register(
      contactRoutes(
        new ContactService(new ContactRepository(db), use('mailer'), use('audit'), config.contactEmail, log),
        use('staff'),
        new Quota(new QuotaRepository(db), 'contact'),
      ),
    );
  },
};
