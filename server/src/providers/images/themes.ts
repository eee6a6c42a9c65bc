import type { TimeOfDay } from './palettes.ts';

export type ThemeId = 'light' | 'water' | 'pasture' | 'night' | 'mountains' | 'path' | 'harvest' | 'peace' | 'cross' | 'spirit' | 'city' | 'hope';

export interface Theme {
  id: ThemeId;
  /** When the scene may be set; the seed picks among them. */
  times: readonly TimeOfDay[];
  /**
   * Words that call for the theme, lower case without accents, English first, then a few common
   * Spanish, French, German and Portuguese words. `*` ends a stem ("shin*": shine, shineth, shining);
   * a number after `:` weighs the word (default 1): the few words that name a whole scene weigh more.
   */
  words: readonly string[];
}

export const THEMES: readonly Theme[] = [
  {
    id: 'light',
    times: ['dawn', 'dawn', 'day'],
    words: [
      'light*:2',
      'shin*:2',
      'sun',
      'sunrise',
      'morning',
      'day',
      'dawn*:2',
      'glory',
      'glorious',
      'bright*',
      'lamp:2',
      'risen',
      'arise',
      'created',
      'beginning',
      'luz:2',
      'lumiere:2',
      'licht:2',
      'sol',
      'gloria',
      'principio',
      'manana',
    ],
  },
  {
    id: 'water',
    times: ['dawn', 'day', 'dusk'],
    words: [
      'water*:2',
      'sea:2',
      'seas:2',
      'river*:2',
      'rain*:2',
      'thirst*:2',
      'well',
      'fountain*:2',
      'stream*',
      'flood*',
      'wave*',
      'deep',
      'drink',
      'baptiz*',
      'fish*',
      'boat',
      'ship*',
      'lake',
      'shore',
      'agua*:2',
      'mar:2',
      'rio*',
      'lluvia',
      'sed',
      'eau*:2',
      'mer',
      'wasser:2',
      'meer',
    ],
  },
  {
    id: 'pasture',
    times: ['dawn', 'day'],
    words: [
      'shepherd*:3',
      'sheep:3',
      'flock*:2',
      'lamb*',
      'pasture*:3',
      'green',
      'meadow*',
      'grass',
      'fold',
      'lie down',
      'pastor:3',
      'oveja*:3',
      'rebano',
      'pastos:2',
      'berger:3',
      'brebis:2',
      'hirte:3',
      'schafe:2',
    ],
  },
  {
    id: 'night',
    times: ['night'],
    words: [
      'night*:2',
      'star*:2',
      'heaven*',
      'moon:2',
      'dark*',
      'sky',
      'skies',
      'firmament:2',
      'noche:2',
      'estrella*:2',
      'cielo*',
      'nuit:2',
      'etoile*:2',
      'nacht:2',
      'sterne*:2',
      'himmel',
    ],
  },
  {
    id: 'mountains',
    times: ['dawn', 'day', 'dusk'],
    words: [
      'mountain*:2',
      'mount',
      'hill*',
      'rock*:2',
      'strength*:2',
      'strong',
      'fortress:2',
      'refuge',
      'mighty',
      'eagle*:2',
      'wings',
      'high',
      'stronghold',
      'shield',
      'monte*:2',
      'roca:2',
      'fuerza*',
      'montagne*:2',
      'rocher',
      'berg*:2',
      'fels',
    ],
  },
  {
    id: 'path',
    times: ['dawn', 'day', 'dusk'],
    words: [
      'way:2',
      'ways',
      'path*:2',
      'walk*:2',
      'follow*',
      'road',
      'journey',
      'step*',
      'feet',
      'lead*',
      'guide*',
      'straight',
      'camino*:2',
      'senda*:2',
      'sendero',
      'andar',
      'chemin:2',
      'weg:2',
      'pfad:2',
    ],
  },
  {
    id: 'harvest',
    times: ['day', 'dusk'],
    words: [
      'tree*:2',
      'fruit*:2',
      'vine*:2',
      'seed*:2',
      'harvest*:3',
      'sow*',
      'reap*:2',
      'branch*',
      'root*',
      'grow*',
      'bread',
      'wheat:3',
      'grain',
      'corn',
      'fig',
      'olive*',
      'garden',
      'plant*',
      'field*',
      'arbol*:2',
      'fruto*:2',
      'vid',
      'semilla*',
      'cosecha:3',
      'trigo:3',
      'arbre*:2',
      'baum:2',
      'frucht:2',
    ],
  },
  {
    id: 'peace',
    times: ['dusk', 'dawn'],
    words: [
      'love*:2',
      'loved',
      'peace*:3',
      'rest:2',
      'still:2',
      'quiet*:2',
      'comfort*',
      'joy*',
      'grace',
      'mercy',
      'merciful',
      'beloved',
      'kind*',
      'calm',
      'amor:2',
      'paz:3',
      'descanso',
      'amour:2',
      'paix:3',
      'liebe:2',
      'frieden:3',
    ],
  },
  {
    id: 'cross',
    times: ['dusk'],
    words: [
      'cross:3',
      'crucif*:3',
      'blood:2',
      'sin',
      'sins',
      'died',
      'death',
      'die',
      'sacrifice*',
      'redeem*',
      'redemption',
      'forgive*',
      'tomb',
      'gave his',
      'ransom',
      'cruz:3',
      'sangre:2',
      'pecado*',
      'muerte',
      'croix:3',
      'kreuz:3',
    ],
  },
  {
    id: 'spirit',
    times: ['dusk', 'dawn'],
    words: [
      'spirit*:2',
      'fire:2',
      'flame*:2',
      'dove:3',
      'ghost',
      'power',
      'wind',
      'breath',
      'burn*',
      'tongues',
      'espiritu:2',
      'fuego:2',
      'paloma:3',
      'esprit:2',
      'feu:2',
      'geist:2',
    ],
  },
  {
    id: 'city',
    times: ['dawn', 'dusk'],
    words: ['city:2', 'jerusalem:3', 'zion:3', 'sion:3', 'temple:2', 'house', 'throne', 'kingdom', 'gates', 'ciudad:2', 'reino', 'ville', 'stadt'],
  },
  {
    id: 'hope',
    times: ['dawn'],
    words: [
      'hope*:2',
      'tears:2',
      'sorrow*:2',
      'wipe',
      'crying',
      'weeping',
      'pain',
      'new',
      'renew*:2',
      'promise*',
      'wait',
      'faith*',
      'trust',
      'esperanza:2',
      'lagrima*',
      'espoir:2',
      'hoffnung:2',
    ],
  },
];

/** The theme for a passage that names none of the words: a quiet landscape. */
export const DEFAULT_THEME: ThemeId = 'hope';

export interface ThemeScore {
  id: ThemeId;
  score: number;
}

interface Matcher {
  theme: ThemeId;
  pattern: RegExp;
  weight: number;
}

const MATCHERS: readonly Matcher[] = THEMES.flatMap((theme) =>
  theme.words.map((entry) => {
    const [word, weight] = entry.split(':') as [string, string | undefined];
    const stem = word.endsWith('*');
    const body = (stem ? word.slice(0, -1) : word).replace(/ /g, '\\s+');
    return { theme: theme.id, pattern: new RegExp(`\\b${body}${stem ? '[a-z]*' : ''}\\b`, 'g'), weight: Number(weight ?? 1) };
  }),
);

/** Lower case without accents, so "Luz", "lumière" and "ÁRBOL" meet the table's plain words. */
export function foldWords(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Every theme the words call for, strongest first (ties keep the table's order). */
export function scoreThemes(text: string): ThemeScore[] {
  const folded = foldWords(text);
  const scores = new Map<ThemeId, number>();
  for (const m of MATCHERS) {
    const hits = folded.match(m.pattern)?.length ?? 0;
    if (hits) scores.set(m.theme, (scores.get(m.theme) ?? 0) + hits * m.weight);
  }
  return [...scores].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score);
}

export function themeById(id: ThemeId): Theme {
  return THEMES.find((t) => t.id === id)!;
}
