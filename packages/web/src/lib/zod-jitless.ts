/**
 * The pages' Content-Security-Policy has no 'unsafe-eval'. Zod probes
 * `new Function` to compile fast object parsers; it falls back when refused,
 * but Chromium still reports the probe as a policy violation. Jitless, it
 * never tries. Zod takes its settings from this global when it loads
 * (zod/v4/core/core.js), so setting it here, first thing in main.tsx, keeps
 * zod itself out of the first screen's bundle (zod-jitless.test.ts checks zod
 * still reads it).
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
