import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BACK_OFFICE_SCREENS, keepPrecached, precachedFiles, type ChunkNode } from './precache-files.ts';

const chunk = (fileName: string, over: Partial<ChunkNode> = {}): ChunkNode => ({
  fileName,
  facadeModuleId: null,
  isEntry: false,
  imports: [],
  dynamicImports: [],
  files: [],
  ...over,
});

/**
 * A small bundle shaped like ours: the entry loads the screens lazily; the admin screen and the crew page share
 * Modal.
 */
const bundle: ChunkNode[] = [
  chunk('assets/index.js', {
    isEntry: true,
    imports: ['assets/jsx.js'],
    dynamicImports: ['assets/crew-page.js', 'assets/admin-page.js', 'assets/workbox-window.js'],
    files: ['assets/index.css'],
  }),
  chunk('assets/jsx.js'),
  chunk('assets/crew-page.js', {
    facadeModuleId: '/app/packages/web/src/features/crew/crew-page.tsx',
    imports: ['assets/Modal.js'],
    files: ['assets/crew-page.css'],
  }),
  chunk('assets/admin-page.js', {
    facadeModuleId: '/app/packages/web/src/features/admin/admin-page.tsx',
    imports: ['assets/Modal.js', 'assets/ledger.js'],
    files: ['assets/admin-page.css'],
  }),
  chunk('assets/Modal.js'),
  chunk('assets/ledger.js'),
  chunk('assets/workbox-window.js', {
    facadeModuleId: '/app/node_modules/workbox-window/build/workbox-window.prod.es5.mjs',
  }),
];

describe('the precache: the app shell and member screens, not the back office', () => {
  it(
    'keeps the entry, its stylesheet, every screen it loads and what they ' +
      'load; leaves out a back-office screen and what only it loads',
    () => {
      const kept = precachedFiles(bundle, ['src/features/admin/admin-page.tsx']);
      expect([...kept].sort()).toEqual([
        'assets/Modal.js',
        'assets/crew-page.css',
        'assets/crew-page.js',
        'assets/index.css',
        'assets/index.js',
        'assets/jsx.js',
        'assets/workbox-window.js',
      ]);
    },
  );

  it('fails the build when a back-office screen named to leave out is no chunk (renamed or moved)', () => {
    expect(() => precachedFiles(bundle, ['src/features/admin/old-admin-page.tsx'])).toThrow(
      /no chunk is the screen src\/features\/admin\/old-admin-page\.tsx/,
    );
  });

  it('narrows Workbox’s entries: built assets only when kept; index.html, the web manifest and icons always', () => {
    const kept = new Set(['assets/index.js']);
    const entries = [
      { url: 'index.html' },
      { url: 'assets/index.js' },
      { url: 'assets/admin-page.js' },
      { url: 'manifest.webmanifest' },
      { url: 'icon-192.png' },
    ];
    expect(keepPrecached(entries, kept).map((e) => e.url)).toEqual([
      'index.html',
      'assets/index.js',
      'manifest.webmanifest',
      'icon-192.png',
    ]);
  });

  it('the screens left out are the router’s back-office screens; every member screen stays precached', () => {
    const router = readFileSync(fileURLToPath(new URL('../app/router.tsx', import.meta.url)), 'utf8');
    // The roster's pages are routed inside its one route (features/roster/roster-routes.tsx), the editor loaded there.
    const roster = readFileSync(
      fileURLToPath(new URL('../features/roster/roster-routes.tsx', import.meta.url)),
      'utf8',
    );
    const lazy = [
      ...[...router.matchAll(/import\('\.\.\/(features\/[^']+)'\)/g)].map((m) => `src/${m[1]}`),
      ...[...roster.matchAll(/import\('\.\/([^']+)'\)/g)].map((m) => `src/features/roster/${m[1]}`),
    ];
    for (const screen of BACK_OFFICE_SCREENS) expect(lazy).toContain(screen);
    const member = [
      'crew/crew-page',
      'awaiting/awaiting-page',
      'ground/ground-page',
      'tugs/fuel-page',
      'logs/logs-page',
      'account/account-summary-page',
      'members/directory-page',
      'settings/settings-page',
    ];
    for (const screen of member) {
      expect(lazy).toContain(`src/features/${screen}.tsx`);
      expect(BACK_OFFICE_SCREENS).not.toContain(`src/features/${screen}.tsx`);
    }
  });
});
