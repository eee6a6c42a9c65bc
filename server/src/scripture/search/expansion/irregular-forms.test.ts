import { describe, expect, it } from 'vitest';
import { stemmerFor } from '#common/scripture/search/word-forms.ts';
import { IrregularForms } from './irregular-forms.ts';

const VOCABULARY = [
  'weep',
  'weepeth',
  'weeping',
  'wept',
  'slay',
  'slew',
  'slain',
  'child',
  'children',
  'love',
  'loved',
  'ground',
  'feet',
  'foot',
  'best',
  'good',
];
const stem = stemmerFor('en', (t) => VOCABULARY.includes(t));
const forms = IrregularForms.of((t) => VOCABULARY.includes(t), stem);

describe('the irregular forms of a text’s words', () => {
  it('joins a base to the forms no stemmer reaches, both ways', () => {
    expect(forms.of('weep').sort()).toEqual(['wept']);
    expect(forms.of('wept').sort()).toEqual(['weep']);
    expect(forms.of('weeping')).toEqual(['wept']);
    expect(forms.of('slay').sort()).toEqual(['slain', 'slew']);
    expect(forms.of('slew').sort()).toEqual(['slain', 'slay']);
    expect(forms.of('children')).toEqual(['child']);
    expect(forms.of('foot')).toEqual(['feet']);
  });

  it('leaves regular forms to the stemmer, and adjectives alone', () => {
    expect(forms.of('love')).toEqual([]);
    expect(forms.of('loved')).toEqual([]);
    expect(forms.of('good')).toEqual([]);
  });

  it('offers only forms the text has', () => {
    // WordNet knows "grind" → "ground"; this text has no "grind", so "ground" stands alone.
    expect(forms.of('ground')).toEqual([]);
    expect(forms.of('smite')).toEqual([]);
  });
});
