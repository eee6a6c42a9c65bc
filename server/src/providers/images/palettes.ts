export type TimeOfDay = 'dawn' | 'day' | 'dusk' | 'night';

/**
 * The colours of one scene. Land layers are mixed from `near` toward `haze` with distance (atmospheric
 * perspective), so a palette names only its two ends.
 */
export interface Palette {
  id: string;
  time: TimeOfDay;
  /** Zenith, middle and horizon of the sky. */
  sky: readonly [string, string, string];
  /** The sun's or moon's disc, and its halo. */
  disc: string;
  glow: string;
  /** What far land fades into: about the sky at the horizon, a little greyer. */
  haze: string;
  /** The nearest ground; farther layers are mixed from it toward `haze`. */
  near: string;
  /** Grass and crops where the land is lit (pastures, wheat): the land's colour by day. */
  growth: string;
  /** Water near the horizon and at the viewer's feet. */
  water: readonly [string, string];
  /** Clouds' lit side. */
  cloud: string;
  /** The darkest tone, for panels under light words. */
  deep: string;
}

export const PALETTES: readonly Palette[] = [
  {
    id: 'dawn-rose',
    time: 'dawn',
    sky: ['#2c3e6b', '#b86a8c', '#f7c59f'],
    disc: '#fff4dc',
    glow: '#ffd7a8',
    haze: '#d99a9a',
    near: '#2e2540',
    growth: '#6f7f5a',
    water: ['#e8b4a4', '#3a3f66'],
    cloud: '#ffcfb8',
    deep: '#1d1730',
  },
  {
    id: 'dawn-gold',
    time: 'dawn',
    sky: ['#3b5585', '#d9a07a', '#ffe2ad'],
    disc: '#fffbea',
    glow: '#ffe7a3',
    haze: '#e2b98f',
    near: '#33301f',
    growth: '#8a9a4e',
    water: ['#f4d2a0', '#3a4c6e'],
    cloud: '#ffe6c4',
    deep: '#1f1d16',
  },
  {
    id: 'dawn-mist',
    time: 'dawn',
    sky: ['#5a7fb3', '#c0c3df', '#fbdcc2'],
    disc: '#fffaf0',
    glow: '#ffe9d2',
    haze: '#cfd3e0',
    near: '#394457',
    growth: '#6d9a5c',
    water: ['#e9e1e2', '#52637f'],
    cloud: '#ffffff',
    deep: '#1c2433',
  },
  {
    id: 'day-clear',
    time: 'day',
    sky: ['#2f6db3', '#77b1e0', '#dceff8'],
    disc: '#ffffff',
    glow: '#fff6d6',
    haze: '#b9d4e6',
    near: '#2f5a32',
    growth: '#5f9a48',
    water: ['#a8d2ea', '#1f5f8f'],
    cloud: '#ffffff',
    deep: '#0f2a40',
  },
  {
    id: 'day-warm',
    time: 'day',
    sky: ['#4c86b8', '#a9cfe0', '#f6ecd0'],
    disc: '#fffdf2',
    glow: '#fff0c2',
    haze: '#cfd9cf',
    near: '#3c5a2a',
    growth: '#9aae4f',
    water: ['#c6e0e0', '#2d6a7c'],
    cloud: '#fffdf6',
    deep: '#1a2a1c',
  },
  {
    id: 'dusk-amber',
    time: 'dusk',
    sky: ['#3a2a5c', '#c35f4f', '#f7b267'],
    disc: '#fff0c9',
    glow: '#ffc078',
    haze: '#c98a6e',
    near: '#24182a',
    growth: '#8a6a3a',
    water: ['#f0a868', '#2c2240'],
    cloud: '#ffb88a',
    deep: '#1c1222',
  },
  {
    id: 'dusk-violet',
    time: 'dusk',
    sky: ['#1f1d4f', '#6e4a8e', '#ea9a8e'],
    disc: '#ffe9d6',
    glow: '#ffb3a0',
    haze: '#a27592',
    near: '#1d1830',
    growth: '#5a5a52',
    water: ['#d7908c', '#221d42'],
    cloud: '#f3a6a0',
    deep: '#141029',
  },
  {
    id: 'dusk-rose',
    time: 'dusk',
    sky: ['#35476e', '#b57a95', '#f5c6aa'],
    disc: '#fff6ea',
    glow: '#ffd3bd',
    haze: '#c79ba6',
    near: '#2c2a3f',
    growth: '#7c8063',
    water: ['#eab9a9', '#354466'],
    cloud: '#ffd9c8',
    deep: '#1b1a2c',
  },
  {
    id: 'night-indigo',
    time: 'night',
    sky: ['#050a1f', '#111d48', '#2e3f78'],
    disc: '#f5f3e6',
    glow: '#b9c6f0',
    haze: '#2c3a6a',
    near: '#070b1c',
    growth: '#1c2a3a',
    water: ['#2f4076', '#060a1a'],
    cloud: '#4a5a8a',
    deep: '#04071a',
  },
  {
    id: 'night-teal',
    time: 'night',
    sky: ['#020f18', '#0b3142', '#1f5b6b'],
    disc: '#f1f6ef',
    glow: '#a9d9d8',
    haze: '#1d4c59',
    near: '#03121a',
    growth: '#17332f',
    water: ['#22606c', '#021018'],
    cloud: '#2f6a78',
    deep: '#020c12',
  },
];

export function palettesAt(time: TimeOfDay): Palette[] {
  return PALETTES.filter((p) => p.time === time);
}
