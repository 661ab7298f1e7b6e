import { describe, expect, it } from 'vitest';
import { loginPathFor, safeReturnUrl } from './returnUrl';

describe('safeReturnUrl', () => {
  it('keeps a relative path with its query and hash', () => {
    expect(safeReturnUrl('/admin/users?page=2#top')).toBe('/admin/users?page=2#top');
    expect(safeReturnUrl('/customers/42')).toBe('/customers/42');
  });

  it.each([
    ['absolute URL', 'https://evil.example/steal'],
    ['protocol-relative', '//evil.example/'],
    ['backslash trick', '/\\evil.example'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['relative without slash', 'admin/users'],
    ['encoded newline', '/\n/evil.example'],
    ['tab inside', '/\t/evil.example'],
  ])('sends %s home', (_, raw) => {
    expect(safeReturnUrl(raw)).toBe('/');
  });

  it('sends a return URL longer than the server takes (2000 characters) home, so signing in still works', () => {
    const longest = `/customers?filter=${'a'.repeat(2000 - 18)}`;
    expect(safeReturnUrl(longest)).toBe(longest);
    expect(safeReturnUrl(`${longest}a`)).toBe('/');
  });

  it('sends empty values home', () => {
    expect(safeReturnUrl(null)).toBe('/');
    expect(safeReturnUrl(undefined)).toBe('/');
    expect(safeReturnUrl('')).toBe('/');
  });

  it('never returns to sign-in or sign-out', () => {
    expect(safeReturnUrl('/account/logout')).toBe('/');
    expect(safeReturnUrl('/Account/Login?ReturnUrl=/x')).toBe('/');
  });

  it('uses the given fallback', () => {
    expect(safeReturnUrl('//evil', '/profile')).toBe('/profile');
  });
});

describe('loginPathFor', () => {
  it('brings the user back to where they were', () => {
    expect(loginPathFor({ pathname: '/admin/users', search: '?x=1' })).toBe(
      '/account/login?ReturnUrl=%2Fadmin%2Fusers%3Fx%3D1',
    );
  });

  it('has no return URL from Home or from the sign-out page', () => {
    expect(loginPathFor({ pathname: '/', search: '' })).toBe('/account/login');
    expect(loginPathFor({ pathname: '/account/logout', search: '' })).toBe('/account/login');
  });
});

describe('returning to Support', () => {
  it('brings a Company Admin who signs in from the Support link back to Support', () => {
    expect(safeReturnUrl('/account/supportlogin')).toBe('/account/supportlogin');
  });
});
