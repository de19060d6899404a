import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect.ts';

describe('after login, go to the redirect parameter only when it is a path on this site', () => {
  it.each([
    ['/settings', '/settings'],
    ['/logs/?start=2025-05-01', '/logs/?start=2025-05-01'],
    ['/new%20pilot', '/new%20pilot'],
    ['/crew#glider', '/crew#glider'],
  ])('%s is followed', (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });

  it.each([
    ['no parameter', null],
    ['an empty one', ''],
    ['an absolute URL', 'https://evil.example/login'],
    ['a protocol-relative URL', '//evil.example/login'],
    ['a backslash that browsers read as a slash', '/\\evil.example'],
    ['a tab the URL parser drops', '/\t/evil.example'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a relative path', 'settings'],
  ])('%s goes to the fallback', (_case, target) => {
    expect(safeRedirect(target)).toBe('/');
    expect(safeRedirect(target, '/settings')).toBe('/settings');
  });
});
