import type { SelahModule } from '../../lib/module/module.ts';
import { createMediaStore } from '../../providers/storage/create-media-store.ts';
import { MediaFilesRepository } from './media-files.repository.ts';
import { mediaRoutes } from './media.routes.ts';
import { RecordedMediaStore } from './recorded-media-store.ts';

declare module '../../lib/module/module.ts' {
  interface Services {
    /** Generated audio and pictures, in the data folder or a bucket, each file recorded in the database. */
    media: RecordedMediaStore;
  }
}

export const mediaModule: SelahModule = {
  name: 'media',
  async setup({ server, config, db, provide }) {
    const store = createMediaStore(config);
    // A store that cannot be reached now does not stop the start: readiness says so until it answers.
    await store.prepare?.().then(
      (done) => done === 'created' && server.log.info({ bucket: config.mediaS3?.bucket }, 'made the media bucket'),
      (error: unknown) => server.log.warn({ err: error }, 'the media store could not be checked at start'),
    );
    const media = new RecordedMediaStore(store, new MediaFilesRepository(db), {
      maxBytes: config.mediaMaxBytes,
      onError: (error) => server.log.error({ err: error }, 'media_file could not be kept up to date'),
    });
    await server.register(mediaRoutes(media));
    provide('media', media);
  },
};
