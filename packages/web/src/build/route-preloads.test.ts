import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HOME_SCREEN, lazyScreens, routePreloads, type ChunkInfo } from './route-preloads.ts';

const chunk = (fileName: string, more: Partial<ChunkInfo> = {}): ChunkInfo => ({
  fileName,
  facadeModuleId: null,
  isEntry: false,
  imports: [],
  css: [],
  ...more,
});

describe('route preloads: what index.html preloads for each page', () => {
  it('reads every lazily loaded screen of app/router.tsx, with who may open it', () => {
    const screens = lazyScreens(readFileSync(new URL('../app/router.tsx', import.meta.url), 'utf8'));
    const byPath = new Map(screens.map((s) => [s.path, s]));
    expect(byPath.get('/login')).toEqual({
      path: '/login',
      module: 'src/features/auth/login-page.tsx',
      signedIn: false,
    });
    expect(byPath.get('/settings')).toEqual({
      path: '/settings',
      module: 'src/features/settings/settings-page.tsx',
      signedIn: true,
    });
    expect(byPath.get('/crew')).toEqual({ path: '/crew', module: 'src/features/crew/crew-page.tsx', signedIn: true });
    expect(byPath.get('/ground')?.module).toBe('src/features/ground/ground-page.tsx');
    expect(byPath.get('/fuel')?.module).toBe('src/features/tugs/fuel-page.tsx');
    expect(byPath.get('*')).toEqual({ path: '*', module: 'src/features/not-found.tsx', signedIn: false });
    expect(screens.length).toBeGreaterThan(20);
  });

  it('fails the build when a lazy import of the router is not read as a route', () => {
    const router =
      "{ path: '/crew', element: member(page(() => " +
      "import('../features/crew/crew-page.tsx'), 'CrewPage')) },\nconst X = lazy(() => " +
      "import('../features/x.tsx'));";
    expect(() => lazyScreens(router)).toThrow(/read 1 routes but app\/router.tsx has 2 lazy imports/);
  });

  it("a screen's chunk and its static imports with their styles, less what index.html loads already", () => {
    const chunks = [
      chunk('assets/index.js', {
        isEntry: true,
        facadeModuleId: '/app/index.html',
        imports: ['assets/react.js'],
        css: ['assets/index.css'],
      }),
      chunk('assets/react.js'),
      chunk('assets/crew-page.js', {
        facadeModuleId: '/app/src/features/crew/crew-page.tsx',
        imports: ['assets/react.js', 'assets/index.js', 'assets/schemas.js', 'assets/Modal.js'],
        css: ['assets/crew-page.css', 'assets/index.css'],
      }),
      chunk('assets/schemas.js'),
      chunk('assets/Modal.js', { imports: ['assets/Fade.js'], css: ['assets/modal.css'] }),
      chunk('assets/Fade.js', { css: ['assets/modal.css'] }),
      chunk('assets/home-page.js', {
        facadeModuleId: '/app/src/features/home/home-page.tsx',
        imports: ['assets/index.js'],
      }),
    ];
    const screens = [{ path: '/crew', module: 'src/features/crew/crew-page.tsx', signedIn: true }, HOME_SCREEN];
    expect(routePreloads(screens, chunks, '/app')).toEqual({
      routes: {
        '/crew': {
          signedIn: true,
          js: ['/assets/crew-page.js', '/assets/schemas.js', '/assets/Modal.js', '/assets/Fade.js'],
          css: ['/assets/crew-page.css', '/assets/modal.css'],
        },
        '/': { signedIn: true, js: ['/assets/home-page.js'], css: [] },
      },
    });
  });

  it('fails the build when a screen is no chunk (no longer lazily imported)', () => {
    const chunks = [chunk('assets/index.js', { isEntry: true, facadeModuleId: '/app/index.html' })];
    expect(() => routePreloads([HOME_SCREEN], chunks, '/app')).toThrow(
      /no chunk is the screen src\/features\/home\/home-page.tsx/,
    );
  });
});
