import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Answers } from '#common/personalization/questionnaire.ts';
import { STORAGE_KEYS } from '../../../lib/storage.ts';
import { parseAnswers, readSavedAnswers, saveAnswers } from './saved-answers.ts';
import { stubLocalStorage } from '../../../lib/testing/local-storage-stub.ts';

const answers: Answers = { experience: 'familiar', goal: 'whole-bible', time: '30', topics: ['wisdom', 'history'], style: 'International' };

describe('the kept answers', () => {
  const kept = new Map<string, string>();
  beforeEach(() => {
    stubLocalStorage(kept);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('come back as they were saved, under their key', () => {
    expect(readSavedAnswers()).toBeNull();
    saveAnswers(answers);
    expect(kept.has(STORAGE_KEYS.personalizationAnswers)).toBe(true);
    expect(readSavedAnswers()).toEqual(answers);
  });

  it('are dropped when they are not this test’s answers', () => {
    expect(parseAnswers(null)).toBeNull();
    expect(parseAnswers('')).toBeNull();
    expect(parseAnswers('{not json')).toBeNull();
    expect(parseAnswers('null')).toBeNull();
    expect(parseAnswers(JSON.stringify({ ...answers, time: '60' }))).toBeNull();
    expect(parseAnswers(JSON.stringify({ ...answers, topics: ['gardening'] }))).toBeNull();
    expect(parseAnswers(JSON.stringify({ ...answers, style: 'Comic' }))).toBeNull();
    const { goal: _goal, ...partial } = answers;
    expect(parseAnswers(JSON.stringify(partial))).toBeNull();
  });

  it('keep only the answers, each topic once', () => {
    expect(parseAnswers(JSON.stringify({ ...answers, topics: ['hope', 'hope'], extra: 'x' }))).toEqual({ ...answers, topics: ['hope'] });
  });

  it('are none when storage cannot be read', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('denied');
      },
    });
    expect(readSavedAnswers()).toBeNull();
  });
});
