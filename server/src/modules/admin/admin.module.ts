import { join } from 'node:path';
import type { SelahModule } from '../../lib/module/module.ts';
import { AdminRepository } from './admin.repository.ts';
import { adminRoutes } from './admin.routes.ts';
import { AdminService } from './admin.service.ts';
import { engineChecks, folderBytes } from './engine-checks.ts';

/** The admin panel's accounts, settings overview and engine checks. */
export const adminModule: SelahModule = {
  name: 'admin',
  async setup({ server, config, db, use, emit }) {
    const audit = use('audit');
    await server.register(
      adminRoutes(
        audit,
        new AdminService(
          new AdminRepository(db),
          {
            publicUrl: config.publicUrl,
            trustProxy: config.trustProxy !== false,
            engines: {
              answers: config.languageModel ? `language model ${config.languageModel.model}` : 'Scripture engine (built in, offline)',
              speech: config.speech ? `speech service ${config.speech.model}, voice ${config.speech.voice}` : 'built-in voice (offline)',
              images: config.images ? `image service ${config.images.model}` : 'built-in painter (offline)',
              media: config.mediaS3 ? `S3 bucket ${config.mediaS3.bucket}` : 'the data folder',
              mail: config.smtpUrl ? 'SMTP relay' : 'kept in the outbox (Mail)',
            },
            checks: engineChecks({ ai: use('ai'), speech: use('speech'), images: use('images') }),
            beforeDeleteUser: (userId) => emit('before-delete-user', userId),
            mediaBytes: () => (config.mediaS3 ? Promise.resolve(null) : folderBytes(join(config.dataDir, 'media'))),
          },
          audit,
        ),
        use('staff'),
        use('mailOutbox'),
      ),
    );
  },
};
