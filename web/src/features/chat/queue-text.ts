const ORDINAL_SUFFIX: Record<Intl.LDMLPluralRule, string> = { zero: 'th', one: 'st', two: 'nd', few: 'rd', many: 'th', other: 'th' };
const ordinals = new Intl.PluralRules('en', { type: 'ordinal' });

/**
 * What a person hears while their question waits for the AI model on the server, which answers one at a
 * time (the stream's `queued` event): "You are next in line…", "You are 2nd in line…".
 */
export function queuedText(place: number): string {
  const where = place <= 1 ? 'next' : `${place.toLocaleString('en')}${ORDINAL_SUFFIX[ordinals.select(place)]}`;
  return `You are ${where} in line for the AI model…`;
}
