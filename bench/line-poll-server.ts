import { serveForBench } from './serve.ts';

/**
 * The API server as `npm start` runs it, for the line-poll benchmark: its
 * own process (the load generator must not share its event loop), on
 * DATABASE_URL, with the sign-in rate limit raised so 200 phones can sign in
 * from one loopback address. Prints READY when listening.
 */
serveForBench({ authSecret: 'bench-secret-that-is-long-enough-0123456789abcdef', rateLimitMax: 100_000 });
