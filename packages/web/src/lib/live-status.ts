import { useSyncExternalStore } from 'react';
import { createListeners } from './listeners.ts';

/**
 * Whether this tab holds the live stream (`GET /api/events`, lib/live-stream.tsx),
 * for the screens' polls: with a stream open a change arrives as a notice,
 * and the poll is only a safety net; without one the spec's poll is the
 * update (docs/live.md). No zod here: the screens import it.
 */
export type LiveState = 'off' | 'connecting' | 'open' | 'closed';

/** The spec's poll of the line screens (10 s), when no stream is open. */
export const SPEC_POLL_MS = 10_000;
/** The screens' poll while the stream is open: a safety net only. */
export const LIVE_SAFETY_POLL_MS = 60_000;

let state: LiveState = 'off';
const { emit, subscribe } = createListeners();

export function setLiveState(next: LiveState): void {
  if (next === state) return;
  state = next;
  emit();
}

export function liveState(): LiveState {
  return state;
}

export function useLiveState(): LiveState {
  return useSyncExternalStore(subscribe, liveState, liveState);
}

/** A screen's poll: its own interval without a stream, at least the safety interval with one open. */
export function linePollMs(current: LiveState, specMs: number = SPEC_POLL_MS): number {
  return current === 'open' ? Math.max(specMs, LIVE_SAFETY_POLL_MS) : specMs;
}

export function useLinePollMs(specMs: number = SPEC_POLL_MS): number {
  return linePollMs(useLiveState(), specMs);
}
