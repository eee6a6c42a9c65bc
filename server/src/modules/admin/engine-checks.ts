import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { EngineTest } from '#common/contracts/admin.ts';
import type { ImageEngine } from '../../providers/images/image-engine.ts';
import type { SpeechEngine } from '../../providers/speech/speech-engine.ts';

const ENGINE_NAMES: Record<string, string> = {
  'scripture-search': 'Scripture engine',
  'language-model': 'language model',
  'local-model': 'AI model on this server',
};

/** One small real task per engine, answering what it did ("spoke 3 KB"). */
export type EngineChecks = Record<EngineTest['engine'], () => Promise<string>>;

/**
 * The Test buttons' tasks, on the engines the app runs: a question answered and checked, a sentence
 * spoken, a picture painted. Nothing is stored.
 */
export function engineChecks(engines: {
  ai: { answer(input: { question: string }): Promise<{ engine: string; references: { status: string }[] }> };
  speech: SpeechEngine;
  images: ImageEngine;
}): EngineChecks {
  return {
    answers: async () => {
      const reply = await engines.ai.answer({ question: 'What does Psalm 23 say about the Lord as a shepherd?' });
      const verified = reply.references.filter((r) => r.status === 'verified').length;
      return `answered by the ${ENGINE_NAMES[reply.engine] ?? 'Scripture engine'}, ${verified} of ${reply.references.length} references verified`;
    },
    speech: async () => {
      const spoken = await engines.speech.speak(['The Lord is my shepherd.'], { titled: false });
      return `spoke ${spoken.duration.toFixed(1)} s of audio (${Math.round(spoken.mp3.byteLength / 1024)} KB of MP3)`;
    },
    images: async () => {
      const picture = await engines.images.chapterPicture({
        reference: 'Psalm 23',
        text: 'The LORD is my shepherd; I shall not want.',
        translation: 'KJV',
        seed: 23,
      });
      return `painted a ${picture.width} × ${picture.height} picture`;
    },
  };
}

/** Bytes under a folder (the local media store), or null when there is none. Walked, so the dashboard caches it. */
export async function folderBytes(folder: string): Promise<number | null> {
  let total = 0;
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) total += (await stat(path)).size;
    }
  };
  try {
    await walk(folder);
    return total;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 0 : null;
  }
}
