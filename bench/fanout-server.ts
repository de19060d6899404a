import { serveForBench } from './serve.ts';

/**
 * The API server as `npm start` runs it (pool of 10, one LISTEN connection),
 * for the fan-out benchmark: its own process, so the 2,000 phones' client
 * side does not share its event loop. Prints READY when listening; answers
 * the benchmark's 'stats' message over IPC with its live hub's stats() after
 * a full garbage collection (run with --expose-gc), and its CPU time.
 */
serveForBench({ authSecret: process.env.AUTH_SECRET! }, ({ live }) => {
  process.on('message', (message) => {
    if (message !== 'stats') return;
    (globalThis as { gc?: () => void }).gc?.();
    process.send!({ ...live.stats(), cpuMicros: process.cpuUsage() });
  });
});
