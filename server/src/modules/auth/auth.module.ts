import { refuseCrossSiteWrites } from '../../http/cross-site.ts';
import { authStore } from './auth-store.repository.ts';
import type { SelahModule } from '../../lib/module/module.ts';
import { createMailer, type Mailer } from '../../providers/mail/mailer.ts';
import { MailOutbox } from './mail-outbox.ts';
import { MailOutboxRepository } from './mail-outbox.repository.ts';
import { AttemptLimiter } from './attempt-limiter.ts';
import { AttemptLimiterRepository } from './attempt-limiter.repository.ts';
import { authRoutes } from './auth.routes.ts';
import { AuthService } from './auth.service.ts';
import { createAuth } from './better-auth.ts';
import { authSecret } from './secret.ts';
import type { ViewerOf } from '../../access/viewer.ts';
import { viewerResolver } from './session-viewer.ts';

declare module '../../lib/module/module.ts' {
  interface Services {
    /** Who sent a request: a signed-in account or a guest. */
    viewer: ViewerOf;
    mailer: Mailer;
    /** Mail kept instead of sent (no SMTP relay), for the admin panel. */
    mailOutbox: MailOutbox;
  }
}

/** Accounts and sessions (better-auth), the viewer of each request, and cross-site writes refused on every API route. */
export const authModule: SelahModule = {
  name: 'auth',
  async setup({ server, http, config, options, db, log, provide, later, emit }) {
    const outbox = new MailOutbox(new MailOutboxRepository(db), Boolean(config.smtpUrl));
    const mailer = options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, keep: (mail) => outbox.keep(mail), log });
    const attempts = new AttemptLimiter(new AttemptLimiterRepository(db));
    const engine = createAuth({
      store: authStore(db),
      mailer,
      secret: authSecret(config.authSecret, config.dataDir),
      publicUrl: config.publicUrl,
      allowedHosts: http.hosts.patterns,
      passwordReset: (email) => attempts.passwordReset(email),
      beforeDeleteUser: (userId) => emit('before-delete-user', userId),
    });
    const viewerOf = viewerResolver(engine);
    server.addHook('onRequest', refuseCrossSiteWrites(config.publicUrl));
    // The profile module keeps the rows and needs the viewer for its routes, so it is listed after this one.
    const accounts = later('accounts');
    const auth = new AuthService(
      engine,
      attempts,
      (id) => accounts().role(id),
      (id) => accounts().disabled(id),
    );
    await server.register(authRoutes(auth, viewerOf));
    provide('viewer', viewerOf);
    provide('mailer', mailer);
    provide('mailOutbox', outbox);
  },
};
