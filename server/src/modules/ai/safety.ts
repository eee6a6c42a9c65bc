import { tokenize } from '#common/scripture/tokenize.ts';

// Words that show someone may be in danger now. Matched on the question's normalised words.
const DANGER = [
  'suicide',
  'suicidal',
  'kill myself',
  'killing myself',
  'end my life',
  'take my life',
  'want to die',
  'wish i was dead',
  'wish i were dead',
  'hurt myself',
  'harm myself',
  'self harm',
  'cutting myself',
  'abuse',
  'abused',
  'abusing me',
  'beats me',
  'hits me',
  'raped',
];

/** Spec: a caring line and where to find help, before any Scripture. Overridable with AI_CRISIS_TEXT. */
export const DEFAULT_CRISIS_TEXT =
  'You matter, and you do not have to carry this alone. If you are in danger or thinking of ending your life, please reach out right now: call your local emergency number, or a suicide and crisis line (988 in the US and Canada, 116 123 in the UK and Ireland), or tell someone you trust.';

/** Does the question show that the person may be in danger (self-harm, suicide, abuse)? */
export function showsDanger(question: string): boolean {
  const words = ` ${tokenize(question)
    .map((t) => t.term)
    .join(' ')} `;
  return DANGER.some((phrase) => words.includes(` ${phrase} `));
}
