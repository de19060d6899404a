import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from './first-paint.ts';

describe('afterFirstPaint', () => {
  let frames: FrameRequestCallback[];
  let observers: { callback: () => void; observed: PerformanceObserverInit[]; disconnected: boolean }[];

  /** A browser whose PerformanceObserver reports `entryTypes` (Chromium: largest-contentful-paint among them). */
  function browserReporting(entryTypes: string[]) {
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        static readonly supportedEntryTypes = entryTypes;
        readonly record: (typeof observers)[number];
        constructor(callback: () => void) {
          this.record = { callback, observed: [], disconnected: false };
          observers.push(this.record);
        }
        observe(options: PerformanceObserverInit) {
          this.record.observed.push(options);
        }
        disconnect() {
          this.record.disconnected = true;
        }
      },
    );
  }

  beforeEach(() => {
    vi.useFakeTimers();
    frames = [];
    observers = [];
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

  it(
    'in Chromium, resolves in a task after the first ' + 'largest-contentful-paint entry, not at the frame before it',
    async () => {
      browserReporting(['paint', 'largest-contentful-paint']);
      const done = settled(afterFirstPaint());
      expect(observers.map((o) => o.observed)).toEqual([[{ type: 'largest-contentful-paint', buffered: true }]]);
      frames.forEach((frame) => frame(0));
      await vi.advanceTimersByTimeAsync(50);
      expect(done()).toBe(false);
      observers[0]!.callback();
      expect(done()).toBe(false);
      await vi.advanceTimersByTimeAsync(0);
      expect(done()).toBe(true);
      expect(observers[0]!.disconnected).toBe(true);
    },
  );

  it(
    'where no largest-contentful-paint is reported (Safari), ' + 'resolves in a task after the next animation frame',
    async () => {
      browserReporting(['paint']);
      const done = settled(afterFirstPaint());
      expect(observers).toEqual([]);
      await vi.advanceTimersByTimeAsync(50);
      expect(done()).toBe(false);
      frames.shift()!(0);
      expect(done()).toBe(false);
      await vi.advanceTimersByTimeAsync(0);
      expect(done()).toBe(true);
    },
  );

  it('resolves after 200 ms in a tab that draws no frames and reports no paint', async () => {
    browserReporting(['paint', 'largest-contentful-paint']);
    const done = settled(afterFirstPaint());
    await vi.advanceTimersByTimeAsync(199);
    expect(done()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done()).toBe(true);
    expect(observers[0]!.disconnected).toBe(true);
  });
});
