import { describe, expect, it } from 'vitest';
import { DEFAULT_REPOSITORIES, defaultPackageUrl, parseRepositories } from './repositories.ts';

describe('repositories', () => {
  it('default to CrossWire’s main repository and eBible.org’s, each with its zip folder', () => {
    expect(DEFAULT_REPOSITORIES).toEqual([
      {
        name: 'CrossWire',
        catalogueUrl: 'https://crosswire.org/ftpmirror/pub/sword/raw',
        packageUrl: 'https://crosswire.org/ftpmirror/pub/sword/packages/rawzip',
      },
      { name: 'eBible', catalogueUrl: 'https://ebible.org/sword', packageUrl: 'https://ebible.org/sword/zip' },
    ]);
  });

  it('derive the zip folder by CrossWire’s convention for …/raw and eBible.org’s otherwise', () => {
    expect(defaultPackageUrl('https://example.org/pub/sword/raw/')).toBe('https://example.org/pub/sword/packages/rawzip');
    expect(defaultPackageUrl('https://example.org/sword')).toBe('https://example.org/sword/zip');
    expect(defaultPackageUrl('https://example.org/betaraw')).toBe('https://example.org/betaraw/zip');
  });

  it('read names, addresses and an explicit zip folder; refuse what is not a list of them', () => {
    expect(parseRepositories('STEP Bible=https://example.org/catalog|https://example.org/packages/')).toEqual({
      ok: true,
      repositories: [{ name: 'STEP Bible', catalogueUrl: 'https://example.org/catalog', packageUrl: 'https://example.org/packages' }],
    });
    expect(parseRepositories(' , ')).toEqual({ ok: false, reason: 'names no repository' });
    expect(parseRepositories('=https://x.org')).toMatchObject({ ok: false, reason: '"" is not a name (letters, digits, spaces, . _ -; at most 40)' });
    expect(parseRepositories('a=https://x.org|https://y.org|https://z.org')).toEqual({ ok: false, reason: '"a" has more than two addresses' });
    expect(parseRepositories('a=not an address')).toEqual({ ok: false, reason: '"a": "not an address" is not an address' });
    expect(parseRepositories('a=https://u:p@x.org/sword')).toEqual({ ok: false, reason: '"a": "https://u:p@x.org/sword" holds a user name or password' });
    expect(parseRepositories('a=https://x.org/sword?x=1')).toEqual({
      ok: false,
      reason: '"a": "https://x.org/sword?x=1" has a query or fragment; a repository is a folder',
    });
    expect(parseRepositories('a=https://x.org/sword|file:///etc')).toEqual({ ok: false, reason: '"a": "file:///etc" is not an http or https address' });
  });
});
