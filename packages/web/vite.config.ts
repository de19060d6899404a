import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { flightlinePwa } from './src/pwa/vite-pwa.ts';
import { precompress } from './src/build/precompress.ts';
import { routePreloadsPlugin } from './src/build/route-preloads.ts';

export default defineConfig({
  // precompress last: it compresses what the others wrote (the service worker and web manifest too).
  plugins: [react(), routePreloadsPlugin(), flightlinePwa(), precompress()],
  css: {
    preprocessorOptions: {
      // Bootstrap 5.3's SCSS still uses @import and global functions.
      scss: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'] },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // The manifest lets `npm run bench -- size` follow each page's chunks.
    manifest: true,
    // Every browser the app supports preloads modules itself: no polyfill in the first script.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Compiling Bootstrap with Dart Sass (pure JS, see docs/decisions/0005) is most of the build: expected, not a
      // warning.
      checks: { bundlerTimings: false },
      // What every page runs before its first read, in one file rather than ten (React, the router, TanStack Query,
      // the API client and the small app modules the entry shares with screens loaded later: the session, the
      // connection, the offline notice's dates, the live line's state): a phone on one bar of signal opens fewer
      // connections, and gzip does better on one file. Not TanStack Query's useMutation and its observer (1 kB): only
      // sign-in, settings and the back-office call them, never Home nor the field pages (whose writes go through the
      // outbox), so they have a chunk of their own.
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: (id: string) =>
                /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|use-sync-external-store|@tanstack)[\\/]|src[\\/]lib[\\/](api|session|online|offline-status|live-status|club-dates)\.ts$/.test(
                  id,
                ) && !/@tanstack[\\/][\w-]+[\\/]build[\\/]modern[\\/](useMutation|mutationObserver)\.js$/.test(id),
            },
            // Each server resource's query options (lib/api/), a few hundred bytes apiece: every signed-in page reads
            // several of them, and Home and the live line all of them, so one file instead of a dozen round trips.
            // Not the version check, which the shell runs on every page, signed in or not.
            {
              name: 'api',
              test: (id: string) => /src[\\/]lib[\\/]api[\\/][\w-]+\.ts$/.test(id) && !/[\\/]version\.ts$/.test(id),
            },
            // The form kit: React Bootstrap's form controls, buttons and spinner with the app's field frame, used
            // together by every screen with a form (the field pages among them), in one file instead of five.
            {
              name: 'forms',
              test: /node_modules[\\/](react-bootstrap[\\/]esm[\\/](Button|Form\w*|Spinner|Feedback|FloatingLabel|Switch)\.js$|prop-types[\\/])|src[\\/]components[\\/]form[\\/]field-frame\.tsx$/,
            },
            // The field outbox (lib/outbox/): every field page and the navbar's count use all of it. Not the flag the
            // shell reads on every page (nor, by way of the outbox's own imports, anything else the entry needs), so
            // that a first visit never downloads the outbox.
            {
              name: 'outbox',
              test: (id: string) =>
                /src[\\/]lib[\\/]outbox[\\/][\w-]+\.ts$|domain[\\/]src[\\/]field[\\/]outbox[\w-]*\.ts$/.test(id) &&
                !/[\\/]waiting-flag\.ts$/.test(id),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
