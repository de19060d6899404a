import { createListeners } from './listeners.ts';

/**
 * Toasts and alerts: status success, danger, warning, info or dark (default
 * dark); delay default 4000 ms; autohide default true; dismissible defaults
 * to the opposite of autohide when autohide is given, otherwise false; items
 * without a message are ignored; at most 5 toasts and 5 alerts, the oldest
 * dropped first. The same message again (same kind, status, heading and
 * text) does not stack a second box: the one shown moves to the newest place
 * with its count up by one, and its time to hide starts again.
 */

export type NotificationStatus = 'success' | 'danger' | 'warning' | 'info' | 'dark';
export type NotificationKind = 'toast' | 'alert';

export interface NotificationInput {
  message?: string | null | undefined;
  status?: NotificationStatus | undefined;
  delay?: number | undefined;
  autohide?: boolean | undefined;
  dismissible?: boolean | undefined;
  heading?: string | undefined;
}

export interface NotificationItem {
  id: number;
  kind: NotificationKind;
  message: string;
  status: NotificationStatus;
  delay: number;
  autohide: boolean;
  dismissible: boolean;
  heading?: string | undefined;
  timestamp: number;
  /** How many times this same message was given while it was shown (1 the first time). */
  count: number;
}

export const MAX_PER_KIND = 5;
export const DEFAULT_DELAY_MS = 4000;

export interface NotificationState {
  toasts: NotificationItem[];
  alerts: NotificationItem[];
}

/** The item an input makes, or null when it has no message. */
export function makeNotification(
  kind: NotificationKind,
  input: NotificationInput,
  id: number,
  now: number,
): NotificationItem | null {
  if (!input.message) return null;
  const autohide = input.autohide ?? true;
  const dismissible = input.dismissible ?? (input.autohide === undefined ? false : !input.autohide);
  return {
    id,
    kind,
    message: input.message,
    status: input.status ?? 'dark',
    delay: input.delay ?? DEFAULT_DELAY_MS,
    autohide,
    dismissible,
    heading: input.heading,
    timestamp: now,
    count: 1,
  };
}

/** Whether two items say the same thing: the same kind, status, heading and message. */
export function sameNotification(a: NotificationItem, b: NotificationItem): boolean {
  return a.kind === b.kind && a.status === b.status && a.heading === b.heading && a.message === b.message;
}

/**
 * Add an item, keeping at most 5 of its kind (oldest dropped first). An item
 * saying what one shown already says replaces it, counting both: a person
 * who taps five times on a refused button reads one message, not five.
 */
export function addNotification(state: NotificationState, item: NotificationItem): NotificationState {
  const key = item.kind === 'toast' ? 'toasts' : 'alerts';
  const same = state[key].find((shown) => sameNotification(shown, item));
  const added = same ? { ...item, count: same.count + item.count } : item;
  const list = [...state[key].filter((shown) => shown !== same), added];
  return { ...state, [key]: list.slice(Math.max(0, list.length - MAX_PER_KIND)) };
}

export function removeNotification(state: NotificationState, id: number): NotificationState {
  return { toasts: state.toasts.filter((n) => n.id !== id), alerts: state.alerts.filter((n) => n.id !== id) };
}

/** The app's one notification store; React reads it with useSyncExternalStore. */
export function createNotificationStore(
  options: { now?: () => number; setTimer?: (fn: () => void, ms: number) => void } = {},
) {
  const now = options.now ?? Date.now;
  const setTimer = options.setTimer ?? ((fn, ms) => void setTimeout(fn, ms));
  let state: NotificationState = { toasts: [], alerts: [] };
  let nextId = 1;
  const { emit, subscribe } = createListeners();

  const add = (kind: NotificationKind, input: NotificationInput): number | null => {
    const item = makeNotification(kind, input, nextId++, now());
    if (!item) return null;
    state = addNotification(state, item);
    emit();
    if (item.autohide) setTimer(() => remove(item.id), item.delay);
    return item.id;
  };
  const remove = (id: number) => {
    const next = removeNotification(state, id);
    if (next.toasts.length !== state.toasts.length || next.alerts.length !== state.alerts.length) {
      state = next;
      emit();
    }
  };
  return {
    toast: (input: NotificationInput) => add('toast', input),
    alert: (input: NotificationInput) => add('alert', input),
    remove,
    getState: () => state,
    subscribe,
  };
}

export type NotificationStore = ReturnType<typeof createNotificationStore>;

export const notifications = createNotificationStore();
