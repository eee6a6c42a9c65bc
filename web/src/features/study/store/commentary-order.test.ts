import { describe, expect, it } from 'vitest';
import { inReaderOrder, movedUp } from './commentary-order.ts';

const items = (...modules: string[]) => modules.map((module) => ({ module }));

describe('commentary order', () => {
  it('puts the modules the reader ordered first, in that order, then the rest as the server gave them', () => {
    expect(inReaderOrder(items('MHCC', 'Scofield', 'TDavid'), ['TDavid', 'MHCC']).map((c) => c.module)).toEqual(['TDavid', 'MHCC', 'Scofield']);
    expect(inReaderOrder(items('MHCC', 'Scofield'), []).map((c) => c.module)).toEqual(['MHCC', 'Scofield']);
  });

  it('moves one up a place and keeps the order of modules not shown on this verse', () => {
    expect(movedUp(['MHCC', 'Scofield', 'TDavid'], 'TDavid', ['Barnes', 'MHCC'])).toEqual(['MHCC', 'TDavid', 'Scofield', 'Barnes']);
    expect(movedUp(['MHCC', 'Scofield'], 'MHCC', [])).toEqual(['MHCC', 'Scofield']);
  });
});
