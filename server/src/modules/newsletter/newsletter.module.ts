import { Quota } from '../../lib/quota/quota.ts';
import { QuotaRepository } from '../../lib/quota/quota.repository.ts';
import type { SelahModule } from '../../lib/module/module.ts';
import { ConfirmationQuota } from './confirmation-quota.ts';
import { newsletterRoutes } from './newsletter.routes.ts';
import { NewsletterRepository } from './newsletter.repository.ts';
import { NewsletterService } from './newsletter.service.ts';

declare module '../../lib/module/module.ts' {
  interface Services {
    /** The weekly devotional; `main.ts` runs its schedule, tests send by hand. */
    newsletter: NewsletterService;
  }
}

export const newsletterModule: SelahModule = {
  name: 'newsletter',
  async setup({ server, config, db, use, provide }) {
    const quotas = new QuotaRepository(db);
    const daily = use('daily');
    const newsletter = new NewsletterService(
      new NewsletterRepository(db),
      use('mailer'),
      { home: use('home'), daily, lessons: use('lessons') },
      config.publicUrl,
      new ConfirmationQuota(new Quota(quotas, 'newsletter-confirmations'), config.newsletterConfirmationsPerHour),
    );
    await server.register(newsletterRoutes(newsletter, use('audit'), use('staff'), config.publicUrl, new Quota(quotas, 'newsletter-subscribes')));
    provide('newsletter', newsletter);
  },
};
