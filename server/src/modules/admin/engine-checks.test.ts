import { describe, expect, it } from 'vitest';
import type { ImageEngine } from '../../providers/images/image-engine.ts';
import type { SpeechEngine } from '../../providers/speech/speech-engine.ts';
import { engineChecks } from './engine-checks.ts';

/** The answers check on an orchestration whose replies came from `engine`, two references of three verified. */
const answersCheck = (engine: string) =>
  engineChecks({
    ai: { answer: async () => ({ engine, references: [{ status: 'verified' }, { status: 'invalid' }, { status: 'verified' }] }) },
    speech: {} as SpeechEngine,
    images: {} as ImageEngine,
  }).answers();

describe("the admin's Test button for answers", () => {
  it('names the engine that answered, and counts the references verified', async () => {
    expect(await answersCheck('scripture-search')).toBe('answered by the Scripture engine, 2 of 3 references verified');
    expect(await answersCheck('language-model')).toBe('answered by the language model, 2 of 3 references verified');
    expect(await answersCheck('local-model')).toBe('answered by the AI model on this server, 2 of 3 references verified');
  });
});
