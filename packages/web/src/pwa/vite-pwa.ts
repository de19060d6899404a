import type { InlineConfig, LogLevel, PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { bundleChunks } from '../build/bundle-chunks.ts';
import { BACK_OFFICE_SCREENS, keepPrecached, precachedFiles, type ChunkNode } from './precache-files.ts';

/** The bar and launcher colour: Bootstrap's primary, as index.html's theme-color and favicon.svg. */
const THEME_COLOR = '#0d6efd';

/**
 * Installable and offline (docs/offline.md, decision 0007): the web app
 * manifest, and our own service worker (src/sw.ts) built with Workbox's
 * injectManifest, precaching the shell and the member screens. Build-time code
 * for vite.config.ts.
 */
export function flightlinePwa(): PluginOption[] {
  // Filled from the app's bundle; the service worker is built after it (the PWA plugin's closeBundle).
  let kept: Set<string> | null = null;
  let appLogLevel: LogLevel | undefined;

  const memberScreens: PluginOption = {
    name: 'flightline-precache-member-screens',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: ChunkNode[] = bundleChunks(bundle).map((chunk) => ({
        ...chunk,
        files: [...chunk.css, ...chunk.assets],
      }));
      if (chunks.some((c) => c.isEntry)) kept = precachedFiles(chunks, BACK_OFFICE_SCREENS);
    },
  };

  return [
    memberScreens,
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // Prompt: a new version waits for "New version — reload" (src/components/update-prompt.tsx registers it).
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        id: '/',
        name: 'Flightline',
        short_name: 'Flightline',
        description:
          'Flight line management for gliding clubs: request flights, record launches and landings, log the tug.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: THEME_COLOR,
        background_color: '#ffffff',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      includeAssets: ['favicon.svg'],
      integration: {
        configureOptions: (viteConfig) => {
          appLogLevel = viteConfig.logLevel;
        },
        configureCustomSWViteBuild: (swBuild) => serviceWorkerBuild(swBuild, appLogLevel),
      },
      injectManifest: {
        // Built files only: not the .br/.gz copies of them, nor dist/.vite (dot folders are skipped).
        globPatterns: ['**/*.{js,css,html}'],
        manifestTransforms: [
          (entries) => {
            // No bundle seen: the app's build failed (its own error follows; a throw here would hide it).
            if (!kept)
              return {
                manifest: entries,
                warnings: ['precache: the app bundle was not seen; precaching every built file'],
              };
            return { manifest: keepPrecached(entries, kept), warnings: [] };
          },
        ],
      },
    }),
  ];
}

/**
 * The service worker's own Vite build, as vite-plugin-pwa 2 sets it up: it is
 * made quiet with the app's build (`--logLevel warn` under `npm start`, which
 * it does not pass on), and it asks for one file with Rollup's
 * `inlineDynamicImports`, which Rolldown (Vite 8) warns is deprecated on every
 * build: Rolldown's `codeSplitting: false` says the same.
 */
function serviceWorkerBuild(swBuild: InlineConfig, logLevel: LogLevel | undefined): void {
  swBuild.logLevel ??= logLevel;
  const output = swBuild.build?.rollupOptions?.output;
  if (output && !Array.isArray(output) && 'inlineDynamicImports' in output) {
    const { inlineDynamicImports, ...rest } = output;
    swBuild.build!.rollupOptions!.output = { ...rest, codeSplitting: !inlineDynamicImports };
  }
}
