import { describe, expect, it } from 'vitest';
import { lineKeys } from '../../lib/live-notices.ts';
import { crewKey } from './api.ts';

const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) => JSON.stringify(key.slice(0, prefix.length)) === JSON.stringify(prefix);

describe('live notices: which reads a notice makes stale', () => {
  it("uses the crew page's own query key as a prefix", () => {
    expect(startsWith(crewKey('c1', 'u1'), lineKeys.crew('c1'))).toBe(true);
  });
});
