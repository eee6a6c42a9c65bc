import { describe, expect, it } from 'vitest';
import { licenceDecision } from './licence.ts';

// Values as real confs spell them (CrossWire's, eBible.org's and Debian's modules).
describe('licenceDecision', () => {
  it('allows public domain, GNU, every Creative Commons licence and freely distributable texts', () => {
    for (const licence of [
      'Public Domain',
      'public domain ',
      'GPL',
      'GFDL',
      'General public license for distribution for any purpose',
      'Copyrighted; Freely distributable',
      'Creative Commons: by-sa',
      'Creative Commons: BY-SA 4.0',
      'Creative Commons: by-nd',
      'Creative Commons: by',
      'Creative Commons: CC0',
    ]) {
      expect(licenceDecision(licence), licence).toEqual({ redistributable: true, licence: licence.trim(), nonCommercial: false });
    }
  });

  it('allows non-commercial licences and marks them', () => {
    for (const licence of [
      'Copyrighted; Free non-commercial distribution',
      'Creative Commons: by-nc-nd',
      'Creative Commons: by-nc-sa',
      'Creative Commons: BY-NC-SA 4.0',
      'Creative Commons: by-nc',
    ]) {
      expect(licenceDecision(licence), licence).toEqual({ redistributable: true, licence, nonCommercial: true });
    }
  });

  it('refuses copyrighted texts, permissions granted to someone else, and what it does not know, saying why', () => {
    expect(licenceDecision('Copyrighted')).toEqual({
      redistributable: false,
      licence: 'Copyrighted',
      reason: 'The text is copyrighted and its licence grants no redistribution.',
    });
    expect(licenceDecision('Copyrighted; Permission to distribute granted to CrossWire')).toMatchObject({
      redistributable: false,
      reason: 'Permission to distribute was granted to CrossWire, not to this site.',
    });
    expect(licenceDecision('Copyrighted; Permission to distribute granted to eBible.org')).toMatchObject({
      redistributable: false,
      reason: 'Permission to distribute was granted to eBible.org, not to this site.',
    });
    expect(licenceDecision('Copyrighted; Permission granted to distribute non-commercially in SWORD format')).toMatchObject({
      redistributable: false,
      reason: 'Permission covers distribution in SWORD format only, not as a web site.',
    });
    expect(licenceDecision('All rights reserved')).toMatchObject({
      redistributable: false,
      reason: '"All rights reserved" is not a licence Selah knows to allow redistribution.',
    });
    expect(licenceDecision(undefined)).toEqual({ redistributable: false, licence: undefined, reason: 'The module does not say how it may be distributed.' });
    expect(licenceDecision('  ')).toMatchObject({ redistributable: false, licence: undefined });
  });
});
