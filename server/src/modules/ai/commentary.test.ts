import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { libraryRootIn } from '../../scripture/library/library-root.ts';
import { describe, expect, it } from 'vitest';
import { parseReference } from '#common/scripture/reference.ts';
import { debianSwordModule } from '../../scripture/importers/testing.ts';
import { Commentary, installedCommentary, nearestSentences } from './commentary.ts';

const mhcc = debianSwordModule('MHCC');

describe('the sentences of a comment nearest a passage', () => {
  it('starts at the sentence sharing most words with the passage, goes on while it fits, and keeps no double quotes', () => {
    const comment =
      'Verses 1-8 Nicodemus came by night. He was a ruler. Verses 9-21 Here is the gospel: whoever believes shall not perish. "Everlasting life" is the gift. Next, the baptism.';
    expect(nearestSentences(comment, 'whosoever believeth in him should not perish, but have everlasting life')).toBe(
      'Here is the gospel: whoever believes shall not perish. ‘Everlasting life’ is the gift. Next, the baptism.',
    );
    expect(nearestSentences('Nothing alike here.', 'The LORD is my shepherd')).toBeUndefined();
  });

  it('cuts a long excerpt at seventy words', () => {
    const long = `Shepherd ${'word '.repeat(100)}end.`;
    const cut = nearestSentences(long, 'shepherd')!;
    expect(cut.split(' ')).toHaveLength(71);
    expect(cut.endsWith('…')).toBe(true);
  });
});

describe.skipIf(!mhcc)('Matthew Henry’s Concise Commentary as the AI’s commentary (needs Debian sword-comm-mhcc)', () => {
  it('finds the comment covering a verse and the sentences about that verse', () => {
    const commentary = Commentary.open(mhcc!);
    const note = commentary.on(
      parseReference('John 3:16')!,
      'For God so loved the world, that he gave his only begotten Son, that whosoever believeth in him should not perish, but have everlasting life.',
    )!;
    expect(note).toMatchObject({ source: "Matthew Henry's Concise Commentary on the Whole Bible", on: 'John 3' });
    expect(note.excerpt).toMatch(/^And here is the great gospel benefit, that whoever believes in Christ, shall not perish/);
    // A whole chapter is not a passage to comment on.
    expect(commentary.on(parseReference('John 3')!, '')).toBeUndefined();
  });

  it('is found on the machine only when SWORD discovery is on, and in the library’s folder always', () => {
    const log = { warn: () => {} };
    const dataDir = mkdtempSync(join(tmpdir(), 'selah-commentary-'));
    try {
      expect(installedCommentary({ swordDiscovery: false, swordPaths: [], dataDir }, log)).toBeUndefined();
      expect(installedCommentary({ swordDiscovery: true, swordPaths: [], dataDir }, log)).toBeInstanceOf(Commentary);
      // Installed from the library: read with discovery off.
      const root = libraryRootIn(dataDir);
      cpSync('/usr/share/sword/mods.d/mhcc.conf', join(root, 'mods.d/mhcc.conf'));
      cpSync('/usr/share/sword/modules/comments/zcom/mhcc', join(root, 'modules/comments/zcom/mhcc'), { recursive: true });
      expect(installedCommentary({ swordDiscovery: false, swordPaths: [], dataDir }, log)).toBeInstanceOf(Commentary);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
