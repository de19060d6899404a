import { z } from 'zod';
import { defineCall } from './define-call.ts';

/** Calls about the server itself, open to anyone. */

export const checkVersion = defineCall({
  method: 'GET',
  path: '/api/check-version',
  summary: 'Whether a client of this version is still supported',
  access: 'public',
  query: z.object({ version: z.string().max(40) }),
  answer: z.object({ version: z.string(), supported: z.boolean() }),
});

export const health = defineCall({
  method: 'GET',
  path: '/api/health',
  summary:
    "Readiness for a reverse proxy's health check: 200 when this process serves and " +
    'reaches the database, 503 while it shuts down or the database is unreachable',
  access: 'public',
  /** tzdata: the release of the tz database every club clock of this process comes from ('2026f'). */
  answer: z.object({ ready: z.literal(true), tzdata: z.string() }),
});

export const openApiDocument = defineCall({
  method: 'GET',
  path: '/api/openapi.json',
  summary: 'This document',
  access: 'public',
  // The document's own shape is OpenAPI 3.1's; only its top-level fields are named here.
  answer: z.looseObject({
    openapi: z.string(),
    info: z.looseObject({ version: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  }),
});
