import { Quota } from '../../lib/quota/quota.ts';
import { QuotaRepository } from '../../lib/quota/quota.repository.ts';
import type { SelahModule } from '../../lib/module/module.ts';
import { createImageEngine } from '../../providers/images/create-image-engine.ts';
import type { ImageEngine } from '../../providers/images/image-engine.ts';
import type { GenerationMeter } from '../../lib/metrics/metrics.ts';
import { untilClosing } from '../../lib/stopped-by-closing.ts';
import { moderationRoutes } from './moderation.routes.ts';
import { PictureQuota } from './picture-quota.ts';
import { picturesRoutes } from './pictures.routes.ts';
import { PicturesRepository } from './pictures.repository.ts';
import { PicturesService } from './pictures.service.ts';
import { sharedVersesRoutes } from './shared-verses.routes.ts';
import { SharedVersesService } from './shared-verses.service.ts';

declare module '../../lib/module/module.ts' {
  interface Services {
    pictures: PicturesService;
    images: ImageEngine;
  }
}

/** Verse pictures, shared verses and their moderation; an account's shares go before the account does. */
export const picturesModule: SelahModule = {
  name: 'pictures',
  async setup({ server, http, config, db, use, provide, on, emit, onClose }) {
    const bible = use('bible');
    const viewerOf = use('viewer');
    const images = meteredImages(createImageEngine(config), http.metrics.generation('picture'), http.closing.signal);
    const picturesRepository = new PicturesRepository(db);
    const quotas = new QuotaRepository(db);
    const pictures = new PicturesService(
      bible,
      images,
      use('media'),
      picturesRepository,
      new PictureQuota(new Quota(quotas, 'pictures'), config.pictureLimits),
    );
    const pagesChanged = () => void emit('pages-changed');
    await server.register(picturesRoutes(pictures, viewerOf, pagesChanged));
    on('before-delete-user', (userId) => pictures.removeSharesOf(userId));
    await server.register(sharedVersesRoutes(new SharedVersesService(bible, pictures, picturesRepository), viewerOf));
    await server.register(moderationRoutes(pictures, use('audit'), use('staff'), pagesChanged));
    onClose(() => images.close());
    provide('pictures', pictures);
    provide('images', images);
  },
};

/**
 * The engine, each picture it makes counted (in progress, made, failed) for /metrics, and given up with
 * a 503 when the process stops (SIGTERM) before it is made.
 */
function meteredImages(engine: ImageEngine, meter: GenerationMeter, closing: AbortSignal): ImageEngine {
  const made = <T>(work: () => Promise<T>) => untilClosing(() => meter(work), closing);
  return {
    id: engine.id,
    versePicture: (input) => made(() => engine.versePicture(input)),
    chapterPicture: (input) => made(() => engine.chapterPicture(input)),
    shareCard: (input) => made(() => engine.shareCard(input)),
    close: () => engine.close(),
  };
}
