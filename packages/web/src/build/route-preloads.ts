import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { bundleChunks } from './bundle-chunks.ts';
// Relative, not @flightline/domain: vite.config.ts is bundled, and Node cannot load a workspace package's .ts files.
import { APP_VERSION } from '../../../domain/src/api/app-version.ts';
import {
  ROUTE_PRELOADS_FILE,
  type RoutePreload,
  type RoutePreloads,
} from '../../../domain/src/pages/route-preloads.ts';

/**
 * Build-time code for vite.config.ts (decision 0009): the app version in
 * index.html's static shell, and dist/.vite/route-preloads.json, which tells
 * the server what to preload with index.html for each page.
 */

/** A lazily loaded screen of app/router.tsx. */
export interface LazyScreen {
  path: string;
  /** The module as Vite's manifest names it: 'src/features/crew/crew-page.tsx'. */
  module: string;
  signedIn: boolean;
}

/** The signed-in home page: `/` draws it through features/home/home-or-landing.tsx, not through the router's table. */
export const HOME_SCREEN: LazyScreen = { path: '/', module: 'src/features/home/home-page.tsx', signedIn: true };

const ROUTE = /\{\s*path: '([^']+)',\s*element: (?:(signedIn|member)\(\s*)?page\(\s*\(\) => import\('\.\.\/([^']+)'\)/g;

/**
 * The router's lazily loaded screens, read from app/router.tsx's table
 * (`{ path: '/crew', element: member(page(() => import('../features/crew/crew-page.tsx'), …)) }`).
 * Throws when a lazy import of the table is not read as a route, so a
 * rewritten table cannot silently lose its preloads.
 */
export function lazyScreens(routerSource: string): LazyScreen[] {
  const screens = [...routerSource.matchAll(ROUTE)].map((m) => ({
    path: m[1]!,
    module: `src/${m[3]!}`,
    signedIn: m[2] !== undefined,
  }));
  const imports = routerSource.match(/import\('\.\.\//g)?.length ?? 0;
  if (screens.length !== imports) {
    throw new Error(
      `route-preloads: read ${screens.length} routes but app/router.tsx has ${imports} ` +
        `lazy imports; update the pattern in src/build/route-preloads.ts`,
    );
  }
  return screens;
}

/** What the bundler says about one output chunk. */
export interface ChunkInfo {
  fileName: string;
  /** The module the chunk stands for (absolute path): for a lazily loaded screen, its page module. */
  facadeModuleId: string | null;
  isEntry: boolean;
  imports: string[];
  css: string[];
}

/**
 * For each screen, its chunk and the chunks it imports statically, with their
 * style sheets, less what index.html loads already (the entry and its static
 * imports). Throws when a screen is no chunk's facade.
 */
export function routePreloads(screens: LazyScreen[], chunks: ChunkInfo[], root: string): RoutePreloads {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (start: ChunkInfo[]) => {
    const seen = new Set<ChunkInfo>();
    const visit = (chunk: ChunkInfo | undefined) => {
      if (!chunk || seen.has(chunk)) return;
      seen.add(chunk);
      chunk.imports.forEach((name) => visit(byName.get(name)));
    };
    start.forEach(visit);
    return seen;
  };
  const loaded = closure(chunks.filter((c) => c.isEntry));
  const loadedCss = new Set([...loaded].flatMap((c) => c.css));
  const routes: Record<string, RoutePreload> = {};
  for (const screen of screens) {
    const facade = resolve(root, screen.module);
    const chunk = chunks.find((c) => c.facadeModuleId === facade);
    if (!chunk)
      throw new Error(
        `route-preloads: no chunk is the screen ${screen.module} (${screen.path}); is it still lazily imported?`,
      );
    const files = [...closure([chunk])].filter((c) => !loaded.has(c));
    routes[screen.path] = {
      signedIn: screen.signedIn,
      js: files.map((c) => `/${c.fileName}`),
      css: [...new Set(files.flatMap((c) => c.css))].filter((css) => !loadedCss.has(css)).map((css) => `/${css}`),
    };
  }
  return { routes };
}

/**
 * Modules app/app.tsx imports lazily as it starts, on every page (the saved
 * query cache, which the first reads wait for): index.html preloads them.
 */
export const STARTUP_MODULES = ['src/lib/query-persistence.ts'];

/** The Vite plugins. */
export function routePreloadsPlugin(): Plugin[] {
  let root = '';
  return [
    {
      name: 'flightline-app-version',
      transformIndexHtml: { order: 'pre', handler: (html) => html.replaceAll('%FLIGHTLINE_APP_VERSION%', APP_VERSION) },
    },
    {
      name: 'flightline-route-preloads',
      apply: 'build',
      configResolved(config) {
        root = config.root;
      },
      transformIndexHtml: {
        order: 'post',
        handler(html, context) {
          if (!context.bundle) return html;
          const startup = routePreloads(
            STARTUP_MODULES.map((module) => ({ path: module, module, signedIn: false })),
            bundleChunks(context.bundle),
            root,
          );
          const hrefs = [...new Set(Object.values(startup.routes).flatMap((r) => r.js))];
          return {
            html,
            tags: hrefs.map((href) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href },
              injectTo: 'head' as const,
            })),
          };
        },
      },
      generateBundle: {
        // After Vite's own: it drops the empty chunks of style-only modules from the bundle then.
        order: 'post',
        handler(_options, bundle) {
          const chunks = bundleChunks(bundle);
          // The service worker's own build has no entry of ours: nothing to do there.
          if (!chunks.some((c) => c.isEntry && c.facadeModuleId?.endsWith('.html'))) return;
          const screens = [...lazyScreens(readFileSync(resolve(root, 'src/app/router.tsx'), 'utf8')), HOME_SCREEN];
          this.emitFile({
            type: 'asset',
            fileName: ROUTE_PRELOADS_FILE,
            source: `${JSON.stringify(routePreloads(screens, chunks, root), null, 2)}\n`,
          });
        },
      },
    },
  ];
}
