import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText } from 'ai';
import type { AppConfig } from '../../config.ts';
import { DEFAULT_THEME, scoreThemes, type ThemeId } from './themes.ts';

/** What the passage's themes look like, in a painter's words. */
const SCENES: Record<ThemeId, string> = {
  light: 'first light breaking over quiet hills, long golden rays through soft mist',
  water: 'a calm lake under an open sky, gentle reflections on still water',
  pasture: 'green pastures with sheep grazing beside still waters, a shepherd far off',
  night: 'a deep night sky full of stars above dark hills, a faint glow on the horizon',
  mountains: 'majestic mountains in layers of blue haze, light on the high peaks',
  path: 'a winding path through open country leading toward a bright horizon',
  harvest: 'golden wheat fields ready for harvest, an old tree in warm late-afternoon light',
  peace: 'a tranquil meadow at dusk under a soft pastel sky',
  cross: 'a simple wooden cross on a distant hill at dusk, the sky glowing behind it',
  spirit: 'a dove in flight against a warm, glowing sky over the land',
  city: 'an ancient walled city of pale stone on a hill, lit by the rising sun',
  hope: 'a wide landscape at sunrise, clouds opening to let the light through',
};

const STYLE = 'Painterly, luminous, reverent fine-art illustration, soft natural colours, wide composition with calm space in the middle.';
/** Image models draw letters badly and may write words; the verse is set on the picture by us. */
const NO_TEXT = 'No text, no letters, no words, no writing, no signatures, no people’s faces.';

export interface Backdrop {
  /** The scene in plain words: the picture's description. */
  scene: string;
  /** What the image model is asked for. */
  prompt: string;
}

const backdrop = (scene: string): Backdrop => ({ scene, prompt: `${scene}. ${STYLE} ${NO_TEXT}` });

/** The template: the scene the passage's strongest themes call for. */
export function templateBackdrop(passage: { reference: string; text: string }): Backdrop {
  const themes = scoreThemes(passage.text).slice(0, 2);
  const scenes = themes.length ? themes.map((t) => SCENES[t.id]) : [SCENES[DEFAULT_THEME]];
  return backdrop(`${capitalise(scenes.join(', and '))}, for ${passage.reference}`);
}

export type BackdropWriter = (passage: { reference: string; text: string }) => Promise<Backdrop>;

/**
 * With a language model configured it describes a scene for the passage in its own words (better than
 * the template for passages the theme table does not know); when it fails, the template is used.
 */
export function backdropWriter(model: AppConfig['languageModel']): BackdropWriter {
  if (!model) return async (passage) => templateBackdrop(passage);
  const provider = createOpenAICompatible({ name: 'selah-pictures', baseURL: model.baseUrl, apiKey: model.apiKey });
  return async (passage) => {
    try {
      const { text } = await generateText({
        model: provider.chatModel(model.model),
        system:
          'You describe one landscape for a painter to illustrate a Bible passage. Answer with one sentence of at most 40 words: the setting, the light, the colours. Nature and sky only: no people, no writing.',
        prompt: `${passage.reference}: ${passage.text.slice(0, 1_500)}`,
        maxOutputTokens: 120,
        // The template stands in at once: a picture should not wait out retries for a better prompt.
        maxRetries: 0,
        abortSignal: AbortSignal.timeout(Math.min(model.timeoutMs, 20_000)),
      });
      const scene = text
        .trim()
        .replace(/\s+/g, ' ')
        .replace(/[.\s]+$/, '')
        .slice(0, 400);
      return scene ? backdrop(capitalise(scene)) : templateBackdrop(passage);
    } catch {
      return templateBackdrop(passage);
    }
  };
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
