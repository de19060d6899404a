import { describe, expect, it } from 'vitest';
import { routeOf } from './route-preloads.ts';

describe('routeOf: the route of an address, as the router matches it', () => {
  const routes = { '/': {}, '/crew': {}, '/login/reset': {}, '/new pilot': {}, '/userAccount': {}, '*': {} };

  it.each([
    ['/', '/'],
    ['/crew', '/crew'],
    ['/crew/', '/crew'],
    ['/crew//', '/crew'],
    ['/CREW/', '/crew'],
    ['/useraccount', '/userAccount'],
    ['/login/reset', '/login/reset'],
    ['/new%20pilot', '/new pilot'],
    ['/crew/extra', '*'],
    ['/nowhere', '*'],
    ['/%E0%A4%A', '*'],
    ['/*', '*'],
  ])('%s is %s', (pathname, route) => {
    expect(routeOf(pathname, routes)).toBe(route);
  });
});
