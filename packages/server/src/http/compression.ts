import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * What is compressed on the fly: JSON and text answers of the API. Not
 * `text/event-stream` (a server-sent-event stream must reach the phone event
 * by event, not when a compressor's buffer fills), and not images (club logos
 * are PNG, JPEG or WebP: compressed already).
 */
export const COMPRESSIBLE_TYPES = /^(?:text\/(?!event-stream)|application\/(?:[\w.-]+\+)?json(?:;|$)|image\/svg\+xml)/;

/** Answers smaller than this go as they are: a packet either way. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * API answers compressed by the request's Accept-Encoding: brotli, else gzip
 * (`Vary: Accept-Encoding`), on the /api routes registered after this. The
 * built web app's files are compressed at build time and sent as they are
 * (decision 0009), so its routes are left out, and so are the event streams
 * (`streamUrls`, app.ts names `GET /api/events`: by their routes as well as their type).
 * Compressed request bodies are not accepted: nothing sends them.
 */
export async function registerCompression(app: FastifyInstance, streamUrls: readonly string[]): Promise<void> {
  // Runs before the plugin's own onRoute hook, which honours `compress: false`.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || streamUrls.includes(route.url)) route.compress = false;
  });
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    customTypes: COMPRESSIBLE_TYPES,
  });
}
