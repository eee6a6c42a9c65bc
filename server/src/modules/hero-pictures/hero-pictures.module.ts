import type { SelahModule } from '../../lib/module/module.ts';
import { HeroPainter } from './hero-painter.ts';

declare module '../../lib/module/module.ts' {
  interface Services {
    /** Paints a picture for published lessons and news that have none (in the background). */
    heroes: HeroPainter;
  }
}

/** Published lessons and news without a picture get one painted, in the background, once. */
export const heroPicturesModule: SelahModule = {
  name: 'hero-pictures',
  setup({ log, use, provide, on, emit, onClose }) {
    const heroes = new HeroPainter([use('lessons'), use('news')], use('pictures'), use('claims'), () => void emit('pages-changed'), log);
    on('content-changed', () => heroes.schedule());
    // First at close: a painting in progress still needs the images engine and the database.
    onClose(() => heroes.idle());
    provide('heroes', heroes);
  },
};
