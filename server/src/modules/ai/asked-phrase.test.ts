import { describe, expect, it } from 'vitest';
import { askedPhrase } from './asked-phrase.ts';

describe('the words of Scripture a question asks about', () => {
  it.each([
    ['Why does it say only begotten?', 'only begotten'],
    ['Why does Paul say the flesh is weak?', 'the flesh is weak'],
    ['Why did Jesus say it is finished?', 'it is finished'],
    ['What does "born again" mean?', 'born again'],
    ['What does ‘born again’ mean in the Bible?', 'born again'],
    ['What does “the firstborn of every creature” mean?', 'the firstborn of every creature'],
    ['What is meant by the fear of the Lord?', 'the fear of the Lord'],
    ['What is the meaning of the word propitiation?', 'propitiation'],
    ['What does "selah" mean?', 'selah'],
  ])('%s → %s', (question, phrase) => {
    expect(askedPhrase(question)).toBe(phrase);
  });

  it.each([
    // About a topic, a person or a passage, or about nothing quoted.
    'What does love mean?',
    'What is the meaning of life?',
    'What does it mean to be born again?',
    'What does John 3:16 mean?',
    "Who was David's father?",
    'What does the Bible say about anxiety?',
    // One quoted word in a question that does not ask what it means.
    'I feel "anxious" about my job',
    // Too long to be a phrase asked about.
    'Why does it say that all the people of the land shall give this oblation for the prince in Israel?',
  ])('%s → nothing', (question) => {
    expect(askedPhrase(question)).toBeUndefined();
  });
});
