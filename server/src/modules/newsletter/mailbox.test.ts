import { describe, expect, it } from 'vitest';
import { mailboxKey, normalisedMailbox } from './mailbox.ts';

describe('the inbox an address delivers to', () => {
  it('ignores case and +tags everywhere, and dots at Gmail', () => {
    expect(normalisedMailbox('Victim+1@Example.org')).toBe('victim@example.org');
    expect(normalisedMailbox('victim+a+b@example.org')).toBe('victim@example.org');
    expect(normalisedMailbox('v.ic.tim+x@GoogleMail.com')).toBe('victim@gmail.com');
    expect(normalisedMailbox('V.ictim@gmail.com')).toBe('victim@gmail.com');
  });

  it('keeps dots elsewhere and a local part that is only a tag', () => {
    expect(normalisedMailbox('first.last@example.org')).toBe('first.last@example.org');
    expect(normalisedMailbox('+tag@example.org')).toBe('+tag@example.org');
  });

  it('keys one inbox alike however it is spelt, and holds no address', () => {
    expect(mailboxKey('victim+1@gmail.com')).toBe(mailboxKey('V.I.C.T.I.M+2@googlemail.com'));
    expect(mailboxKey('victim@gmail.com')).not.toBe(mailboxKey('victim@example.org'));
    expect(mailboxKey('victim@gmail.com')).not.toContain('victim');
  });
});
