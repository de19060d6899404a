import { afterEach, describe, expect, it, vi } from 'vitest';
import { SETTLE_MS, whenIdle } from './when-idle.ts';

describe('whenIdle: spare work a moment after the screen is up', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits SETTLE_MS, then for an idle moment', () => {
    vi.useFakeTimers();
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => {});
    const work = vi.fn();
    whenIdle(work);
    vi.advanceTimersByTime(SETTLE_MS - 1);
    expect(idle).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(work).not.toHaveBeenCalled();
    idle[0]!();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('without idle callbacks, runs after SETTLE_MS; a cancel before then runs nothing', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const work = vi.fn();
    whenIdle(work);
    vi.advanceTimersByTime(SETTLE_MS);
    expect(work).toHaveBeenCalledTimes(1);
    const cancelled = vi.fn();
    whenIdle(cancelled)();
    vi.advanceTimersByTime(SETTLE_MS * 2);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
