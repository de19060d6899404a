import { describe, expect, it } from 'vitest';
import { lineKeys } from '../live-notices.ts';
import { groundStatusQuery } from './flights.ts';

const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) =>
  JSON.stringify(key.slice(0, prefix.length)) === JSON.stringify(prefix);

describe('live notices: which reads a notice makes stale', () => {
  it("uses the line page's own query key as a prefix", () => {
    expect(startsWith(groundStatusQuery('c1', '2025-07-12').queryKey, lineKeys.groundStatus('c1'))).toBe(true);
  });
});
