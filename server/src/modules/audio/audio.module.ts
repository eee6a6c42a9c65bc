import { Quota } from '../../lib/quota/quota.ts';
import { QuotaRepository } from '../../lib/quota/quota.repository.ts';
import type { SelahModule } from '../../lib/module/module.ts';
import { createSpeechEngine } from '../../providers/speech/create-speech-engine.ts';
import type { SpeechEngine } from '../../providers/speech/speech-engine.ts';
import type { GenerationMeter } from '../../lib/metrics/metrics.ts';
import { untilClosing } from '../../lib/stopped-by-closing.ts';
import { AudioQuota } from './audio-quota.ts';
import { audioRoutes } from './audio.routes.ts';
import { AudioService } from './audio.service.ts';

declare module '../../lib/module/module.ts' {
  interface Services {
    audio: AudioService;
    speech: SpeechEngine;
  }
}

/** Chapters read aloud, within the site's audio quota. */
export const audioModule: SelahModule = {
  name: 'audio',
  async setup({ server, http, config, db, use, provide, onClose }) {
    const speech = meteredSpeech(createSpeechEngine(config), http.metrics.generation('audio'), http.closing.signal);
    const quotas = new QuotaRepository(db);
    const audio = new AudioService(use('bible'), speech, use('media'), new AudioQuota(new Quota(quotas, 'audio'), config.audioLimits));
    await server.register(audioRoutes(audio, use('viewer')));
    onClose(() => speech.close());
    provide('audio', audio);
    provide('speech', speech);
  },
};

/**
 * The engine, each passage it reads aloud counted (in progress, made, failed) for /metrics, and given
 * up with a 503 when the process stops (SIGTERM) before it is made.
 */
function meteredSpeech(engine: SpeechEngine, meter: GenerationMeter, closing: AbortSignal): SpeechEngine {
  return {
    id: engine.id,
    speak: (texts, options) => untilClosing(() => meter(() => engine.speak(texts, options)), closing),
    close: () => engine.close(),
  };
}
