/** Spec §5: suggested names are an adjective, a noun and a number from 1000 to 9999 (18 × 18 words). */
// prettier-ignore
export const ADJECTIVES = [
  'Faithful', 'Joyful', 'Gentle', 'Humble', 'Hopeful', 'Patient', 'Steadfast', 'Gracious', 'Peaceful',
  'Kind', 'Bold', 'Wise', 'Quiet', 'Merciful', 'Radiant', 'Thankful', 'Loyal', 'Earnest',
] as const;
// prettier-ignore
export const NOUNS = [
  'Pilgrim', 'Shepherd', 'Sparrow', 'Cedar', 'Lamp', 'River', 'Harvest', 'Olive', 'Dove',
  'Vine', 'Psalmist', 'Seeker', 'Servant', 'Watchman', 'Lantern', 'Fig', 'Mustard', 'Scribe',
] as const;

export function suggestDisplayName(random: () => number = Math.random): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  return `${pick(ADJECTIVES)} ${pick(NOUNS)} ${1000 + Math.floor(random() * 9000)}`;
}

/** Spec §3/§4: the per-user 'prompted' flag, set the moment the dialog is shown. */
export const promptedKey = (userId: string) => `displayNamePrompted:${userId}`;
