import type { TimeOfDay } from './palettes.ts';
import type { Feature, Land } from './scene-plan.ts';

const OPENINGS: Record<TimeOfDay, readonly [string, string]> = {
  dawn: ['A sunrise', 'Early morning light'],
  day: ['A bright day', 'Clear daylight'],
  dusk: ['A sunset', 'Evening light'],
  night: ['A starry night', 'A moonlit night'],
};

const LAND_WORDS: Record<Land, string> = {
  hills: 'over rolling hills',
  mountains: 'over layered mountains fading into the haze',
  sea: 'over a calm sea',
  lake: 'over a still lake mirroring the land',
  path: 'over quiet hills',
  river: 'over green hills',
  field: 'over a golden wheat field',
};

const FEATURE_WORDS: Record<Feature, string> = {
  cross: 'a cross standing on the hill',
  crosses: 'three crosses on the hill',
  city: 'a city shining on a hill',
  dove: 'a dove in flight',
  eagle: 'an eagle soaring overhead',
  sheep: 'sheep grazing on the hillside',
  shepherd: 'a shepherd with his staff',
  'lone-tree': 'a lone tree',
  trees: 'trees on the hills',
  wheat: 'ripe wheat in the foreground',
  rays: 'beams of light across the sky',
  embers: 'sparks rising in a warm glow',
  birds: 'birds in the distance',
  'milky-way': 'the Milky Way overhead',
};

/** One plain sentence for alt text and the gallery: the light, the land, and up to three things in it. */
export function describeScene(time: TimeOfDay, land: Land, features: readonly Feature[], pasture: boolean, variant: number): string {
  const opening = OPENINGS[time][variant % 2];
  const where = pasture && land === 'hills' && time !== 'night' ? 'over green pastures' : LAND_WORDS[land];
  const way = land === 'path' ? ['a path leading toward the light'] : land === 'river' ? ['a river winding toward the horizon'] : [];
  const things = features.map((f) => (f === 'trees' && way.length ? 'trees along the way' : FEATURE_WORDS[f]));
  const clauses = [...way, ...things].slice(0, 3);
  const list = clauses.length <= 1 ? clauses.join('') : `${clauses.slice(0, -1).join(', ')} and ${clauses.at(-1)}`;
  return `${opening} ${where}${list ? `, with ${list}` : ''}.`;
}
