import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from './first-paint.ts';

describe('afterFirstPaint', () => {
  let frames: FrameRequestCallback[];
  beforeEach(() => {
    vi.useFakeTimers();
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const settled = (promise: Promise<void>) => {
    let done = false;
    void promise.then(() => (done = true));
    return () => done;
  };

  it('resolves in a task after the next animation frame, not before the frame', async () => {
    const done = settled(afterFirstPaint());
    await vi.advanceTimersByTimeAsync(50);
    expect(done()).toBe(false);
    frames.shift()!(0);
    expect(done()).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(done()).toBe(true);
  });

  it('resolves after 100 ms in a tab that draws no frames', async () => {
    const done = settled(afterFirstPaint());
    await vi.advanceTimersByTimeAsync(99);
    expect(done()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done()).toBe(true);
  });
});
