import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, avatarPath, avatarProblem, sniffImageType } from './avatar.ts';

const bytes = (...b: (number | string)[]) => new Uint8Array(b.flatMap((x) => (typeof x === 'string' ? [...x].map((c) => c.charCodeAt(0)) : [x])));
const PNG = bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 'JFIF');
const WEBP = bytes('RIFF', 0x24, 0, 0, 0, 'WEBPVP8 ');

describe('profile picture checks', () => {
  it('tells PNG, JPEG and WebP apart by their first bytes', () => {
    expect(sniffImageType(PNG)).toBe('image/png');
    expect(sniffImageType(JPEG)).toBe('image/jpeg');
    expect(sniffImageType(WEBP)).toBe('image/webp');
  });

  it('refuses text, SVG, GIF, a RIFF that is no WebP, and cut-off signatures', () => {
    for (const head of [
      bytes('Hello world!'),
      bytes('<svg xmlns='),
      bytes('GIF89a', 1, 0, 1, 0),
      bytes('RIFF', 0, 0, 0, 0, 'WAVE'),
      bytes(0x89, 'PN'),
      bytes(0xff, 0xd8),
      new Uint8Array(),
    ]) {
      expect(sniffImageType(head)).toBeNull();
    }
  });

  it('says what is wrong: too large first, then not an image', () => {
    expect(avatarProblem(1000, PNG)).toBeNull();
    expect(avatarProblem(AVATAR_MAX_BYTES, JPEG)).toBeNull();
    expect(avatarProblem(AVATAR_MAX_BYTES + 1, PNG)).toBe('The image can be at most 2 MB.');
    expect(avatarProblem(500, bytes('plain text'))).toBe('Choose a PNG, JPEG or WebP image.');
    expect(avatarProblem(0, PNG)).toBe('Choose a PNG, JPEG or WebP image.');
  });

  it('gives each upload its own address', () => {
    expect(avatarPath('u1', 1700000000000)).toBe('/api/profile/avatar/u1?v=1700000000000');
    expect(avatarPath('a/b')).toBe('/api/profile/avatar/a%2Fb');
  });
});
