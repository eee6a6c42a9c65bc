import { describe, expect, it } from 'vitest';
import { changesAccount, isBibleRead, isPersonalRead, keepsPage, offlineAddress, safeReturnPath } from './sw-rules.ts';

describe('what the service worker keeps', () => {
  it('keeps the Bible reads that are the same for everyone', () => {
    for (const path of [
      '/api/bible/content/John/3',
      '/api/bible/available-books/KJV',
      '/api/bible/books',
      '/api/bible/translations/grouped',
      '/api/bible/first-available/WEB',
    ])
      expect(isBibleRead(path), path).toBe(true);
    for (const path of ['/api/bible/compare/John%203:16', '/api/notes', '/api/search', '/api/bible/contents', '/bible'])
      expect(isBibleRead(path), path).toBe(false);
  });

  it('never keeps pages with a secret in the address or for staff only', () => {
    for (const path of ['/reset-password', '/verify-email', '/newsletter/confirm', '/admin', '/admin/users', '/secret-admin-login', '/test-auth', '/offline'])
      expect(keepsPage(path), path).toBe(false);
    for (const path of ['/', '/bible', '/notes', '/highlights', '/administration-of-grace']) expect(keepsPage(path), path).toBe(true);
  });

  it('sends an address it cannot fetch to the offline page, and back only to this site', () => {
    const address = offlineAddress(new URL('https://selah.example/bible?book=John&chapter=3'));
    expect(address).toBe('/offline?to=%2Fbible%3Fbook%3DJohn%26chapter%3D3');
    expect(safeReturnPath(new URL(address, 'https://selah.example').searchParams.get('to'))).toBe('/bible?book=John&chapter=3');
    for (const to of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '/offline', '/offline?to=/x', 42, undefined])
      expect(safeReturnPath(to), String(to)).toBeUndefined();
  });

  it('keeps a signed-in person’s own reads, and knows the requests that change who is signed in', () => {
    for (const path of ['/api/notes', '/api/highlights', '/api/auth/user']) expect(isPersonalRead(path), path).toBe(true);
    for (const path of ['/api/auth/sign-in/email', '/api/admin/users', '/api/notebook']) expect(isPersonalRead(path), path).toBe(false);
    for (const path of ['/api/logout', '/api/auth/custom-logout', '/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/auth/sign-out'])
      expect(changesAccount(path), path).toBe(true);
    for (const path of ['/api/auth/user', '/api/notes', '/api/logoutx']) expect(changesAccount(path), path).toBe(false);
  });
});
