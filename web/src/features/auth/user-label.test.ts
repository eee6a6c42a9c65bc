import { describe, expect, it } from 'vitest';
import { initials, userLabel } from './user-label.ts';

describe('user label and initials', () => {
  it('prefers the display name, then the first name, then the email', () => {
    expect(userLabel({ displayName: 'Seller of Purple', firstName: 'Lydia', email: 'lydia@example.org' })).toBe('Seller of Purple');
    expect(userLabel({ displayName: '  ', firstName: 'Lydia', email: 'lydia@example.org' })).toBe('Lydia');
    expect(userLabel({ displayName: null, firstName: null, email: 'lydia@example.org' })).toBe('lydia@example.org');
  });

  it('takes the first letter, whole even beyond the basic plane, upper-cased', () => {
    expect(initials({ displayName: 'ruth', firstName: null, email: 'r@example.org' })).toBe('R');
    expect(initials({ displayName: '𝒜nna', firstName: null, email: 'a@example.org' })).toBe('𝒜');
    expect(initials({ displayName: 'élise', firstName: null, email: 'e@example.org' })).toBe('É');
  });
});
