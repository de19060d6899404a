import { describe, expect, it } from 'vitest';

describe('zod-jitless: zod never tries new Function under the CSP', () => {
  it('zod, loaded after it, is jitless and builds object parsers that still parse', async () => {
    await import('./zod-jitless.ts');
    const { config } = await import('zod/v4/core');
    const { z } = await import('zod');
    expect(config().jitless).toBe(true);
    expect(z.object({ a: z.number() }).parse({ a: 1, b: 2 })).toEqual({ a: 1 });
  });
});
