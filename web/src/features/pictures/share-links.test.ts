import { describe, expect, it } from 'vitest';
import { shareUrl } from './share-links.ts';

const link = 'https://selah.example/shared/abc123def0';
const text = 'A sentence of some length about a verse, written for this test and long enough to be cut short by the rules of the spec — John 3:16';

describe('shareUrl', () => {
  it('gives each network the link, and X and Reddit text cut to 100 characters', () => {
    const x = new URL(shareUrl('x', link, text));
    expect(x.searchParams.get('url')).toBe(link);
    expect(x.searchParams.get('text')!.length).toBeLessThanOrEqual(100);
    expect(new URL(shareUrl('facebook', link, text)).searchParams.get('u')).toBe(link);
    expect(new URL(shareUrl('reddit', link, text)).searchParams.get('title')!.length).toBeLessThanOrEqual(100);
  });

  it('gives Pinterest the picture and text cut to 200 characters', () => {
    const pin = new URL(shareUrl('pinterest', link, text.repeat(3), 'https://selah.example/media/pictures/card-abc.webp'));
    expect(pin.searchParams.get('media')).toBe('https://selah.example/media/pictures/card-abc.webp');
    expect(pin.searchParams.get('description')!.length).toBeLessThanOrEqual(200);
  });

  it('writes a mail with the words and the link, spaces as %20', () => {
    const mail = shareUrl('email', link, 'Jesus wept. — John 11:35');
    expect(mail.startsWith('mailto:?')).toBe(true);
    expect(mail).not.toContain('+');
    expect(decodeURIComponent(mail)).toContain(`Jesus wept. — John 11:35\n\n${link}`);
  });
});
