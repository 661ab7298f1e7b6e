import { safeRedirect } from './account.controller';

describe('safeRedirect', () => {
  it.each([
    '/',
    '/admin/users',
    '/customers/42?tab=jobs#top',
    '/scheduling?view=Week&date=2024-01-01',
    '/%2F%2Fevil.example',
  ])('keeps the same-site path %s', (path) => {
    expect(safeRedirect(path)).toBe(path);
  });

  it.each([
    ['a protocol-relative URL', '//evil.example/x'],
    ['a backslash protocol-relative URL', '/\\evil.example'],
    ['an absolute URL', 'https://evil.example/'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a relative path without a leading slash', 'admin/users'],
    ['an empty string', ''],
    ['a CR/LF header injection', '/x\r\nSet-Cookie: a=b'],
    ['a lone line feed', '/x\nLocation: //evil.example'],
    ['a leading space', ' /admin'],
  ])('sends %s home', (_what, url) => {
    expect(safeRedirect(url)).toBe('/');
  });

  it.each([undefined, null, 42, ['/admin'], { url: '/admin' }])('sends a non-string (%p) home', (value) => {
    expect(safeRedirect(value)).toBe('/');
  });
});
