import { expect, it } from 'vitest';
import { strongsWords } from './strongs-words.ts';

it('lists the words carrying numbers in reading order, once each, without trailing punctuation', () => {
  expect(
    strongsWords([
      { type: 'text', text: 'For ' },
      { type: 'text', text: 'God ', strongs: ['G2316'] },
      { type: 'text', text: 'so ', strongs: ['G3779'] },
      { type: 'text', text: 'loved ', strongs: ['G25'] },
      { type: 'text', text: 'the world, ', strongs: ['G3588', 'G2889'] },
      { type: 'text', text: 'God', strongs: ['G2316'] },
    ]),
  ).toEqual([
    { text: 'God', number: 'G2316' },
    { text: 'so', number: 'G3779' },
    { text: 'loved', number: 'G25' },
    { text: 'the world', number: 'G3588' },
    { text: 'the world', number: 'G2889' },
  ]);
  expect(strongsWords([{ type: 'text', text: 'In the beginning' }])).toEqual([]);
});
