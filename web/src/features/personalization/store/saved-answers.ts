import { isAnswers, type Answers } from '#common/personalization/questionnaire.ts';
import { STORAGE_KEYS, storage } from '../../../lib/storage.ts';

/**
 * The kept answers, or null when there are none or they are not answers this version of the test
 * offers (an older test's, or edited by hand): the test is then taken afresh rather than trusted.
 */
export function parseAnswers(raw: string | null): Answers | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isAnswers(value)) return null;
  // Only the answers themselves, whatever else the stored object carried.
  const { experience, goal, time, topics, style } = value;
  return { experience, goal, time, topics: [...new Set(topics)], style };
}

export const readSavedAnswers = (): Answers | null => parseAnswers(storage.get(STORAGE_KEYS.personalizationAnswers));

export function saveAnswers(answers: Answers): void {
  storage.set(STORAGE_KEYS.personalizationAnswers, JSON.stringify(answers));
}
