import { describe, expect, it } from 'vitest';
import { createNotificationStore } from './notifications-store.ts';

/** A store whose clock and timers the test drives: timers are captured, never run on their own. */
function storeWithTimers(now = () => 1_700_000_000_000) {
  const timers: { fn: () => void; ms: number }[] = [];
  const store = createNotificationStore({ now, setTimer: (fn, ms) => void timers.push({ fn, ms }) });
  return { store, timers };
}

describe('notifications', () => {
  it.each([
    ['status', 'dark'],
    ['delay', 4000],
    ['autohide', true],
  ] as const)("a toast's %s defaults to %j", (field, value) => {
    const { store } = storeWithTimers();
    store.toast({ message: 'Saved' });
    expect(store.getState().toasts[0]![field]).toBe(value);
  });

  it('keeps the status it is given', () => {
    const { store } = storeWithTimers();
    store.alert({ message: 'Could not save', status: 'danger' });
    expect(store.getState().alerts[0]!.status).toBe('danger');
  });

  it('dismissible is the opposite of autohide when autohide is given', () => {
    const { store } = storeWithTimers();
    store.toast({ message: 'stays', autohide: false });
    store.toast({ message: 'goes', autohide: true });
    const [stays, goes] = store.getState().toasts;
    expect(stays!.dismissible).toBe(true);
    expect(goes!.dismissible).toBe(false);
  });

  it('dismissible is false when autohide is not given', () => {
    const { store } = storeWithTimers();
    store.alert({ message: 'Saved' });
    expect(store.getState().alerts[0]!.dismissible).toBe(false);
  });

  it('an explicit dismissible wins over the autohide rule', () => {
    const { store } = storeWithTimers();
    store.toast({ message: 'a', autohide: false, dismissible: false });
    store.toast({ message: 'b', autohide: true, dismissible: true });
    store.toast({ message: 'c', dismissible: true });
    expect(store.getState().toasts.map((t) => t.dismissible)).toEqual([false, true, true]);
  });

  it('an item without a message is ignored: add returns null and the state is unchanged', () => {
    const { store, timers } = storeWithTimers();
    store.toast({ message: 'first' });
    const before = store.getState();
    let emitted = 0;
    store.subscribe(() => emitted++);
    expect(store.toast({})).toBeNull();
    expect(store.toast({ message: '' })).toBeNull();
    expect(store.alert({ message: null, status: 'danger' })).toBeNull();
    expect(store.getState()).toBe(before);
    expect(emitted).toBe(0);
    expect(timers).toHaveLength(1);
  });

  it('keeps at most 5 toasts, dropping the oldest first', () => {
    const { store } = storeWithTimers();
    const ids = [1, 2, 3, 4, 5, 6, 7].map((n) => store.toast({ message: `toast ${n}` }));
    expect(ids).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(store.getState().toasts.map((t) => t.id)).toEqual([3, 4, 5, 6, 7]);
    expect(store.getState().toasts.map((t) => t.message)).toEqual([
      'toast 3',
      'toast 4',
      'toast 5',
      'toast 6',
      'toast 7',
    ]);
  });

  it('keeps at most 5 alerts, dropping the oldest first', () => {
    const { store } = storeWithTimers();
    for (let n = 1; n <= 7; n++) store.alert({ message: `alert ${n}` });
    expect(store.getState().alerts.map((a) => a.id)).toEqual([3, 4, 5, 6, 7]);
  });

  it('counts toasts and alerts separately', () => {
    const { store } = storeWithTimers();
    for (let n = 1; n <= 5; n++) store.toast({ message: `toast ${n}` });
    for (let n = 1; n <= 5; n++) store.alert({ message: `alert ${n}` });
    expect(store.getState().toasts.map((t) => t.id)).toEqual([1, 2, 3, 4, 5]);
    expect(store.getState().alerts.map((a) => a.id)).toEqual([6, 7, 8, 9, 10]);
    store.alert({ message: 'alert 6' });
    expect(store.getState().toasts.map((t) => t.id)).toEqual([1, 2, 3, 4, 5]);
    expect(store.getState().alerts.map((a) => a.id)).toEqual([7, 8, 9, 10, 11]);
  });

  it('autohide removes the item after its delay', () => {
    const { store, timers } = storeWithTimers();
    const id = store.toast({ message: 'Saved', delay: 2500 });
    store.toast({ message: 'stays', autohide: false });
    expect(timers.map((t) => t.ms)).toEqual([2500]);
    expect(store.getState().toasts).toHaveLength(2);
    timers[0]!.fn();
    expect(store.getState().toasts.map((t) => t.message)).toEqual(['stays']);
    expect(store.getState().toasts.some((t) => t.id === id)).toBe(false);
  });

  it('autohide uses the default 4000 ms delay when none is given', () => {
    const { store, timers } = storeWithTimers();
    store.alert({ message: 'Saved' });
    expect(timers.map((t) => t.ms)).toEqual([4000]);
    timers[0]!.fn();
    expect(store.getState().alerts).toEqual([]);
  });

  it('the timestamp comes from the injected clock', () => {
    let clock = 1_000;
    const { store } = storeWithTimers(() => clock);
    store.toast({ message: 'one' });
    clock = 7_250;
    store.alert({ message: 'two' });
    expect(store.getState().toasts[0]!.timestamp).toBe(1_000);
    expect(store.getState().alerts[0]!.timestamp).toBe(7_250);
  });

  it('remove takes an item away and tells the listeners', () => {
    const { store } = storeWithTimers();
    const id = store.toast({ message: 'Saved', autohide: false })!;
    let emitted = 0;
    store.subscribe(() => emitted++);
    store.remove(id);
    expect(store.getState().toasts).toEqual([]);
    expect(emitted).toBe(1);
    store.remove(id);
    expect(emitted).toBe(1);
  });

  it('the same message five times is one box counting 5, in the newest place (issue 25 item 14)', () => {
    const { store } = storeWithTimers();
    const refused = {
      status: 'danger',
      heading: 'Could not reverse transaction #41',
      message: 'Transaction #41 (Launch) is corrected where it was made, not reversed here',
    } as const;
    store.alert({ message: 'Another thing' });
    const ids = [1, 2, 3, 4, 5].map(() => store.alert(refused));
    const alerts = store.getState().alerts;
    expect(alerts.map((a) => [a.message, a.count])).toEqual([
      ['Another thing', 1],
      [refused.message, 5],
    ]);
    // The box is the last one added: removing by its id takes it away.
    expect(alerts[1]!.id).toBe(ids[4]);
    store.remove(ids[4]!);
    expect(store.getState().alerts.map((a) => a.message)).toEqual(['Another thing']);
  });

  it('only an identical message collapses: another heading, status, text or kind is its own box', () => {
    const { store } = storeWithTimers();
    store.alert({ status: 'danger', heading: 'Failed to add funds', message: 'No such member at this club' });
    store.alert({ status: 'danger', heading: 'Failed to record expense', message: 'No such member at this club' });
    store.alert({ status: 'warning', heading: 'Failed to add funds', message: 'No such member at this club' });
    store.alert({ status: 'danger', heading: 'Failed to add funds', message: 'Unknown fee class Hangar' });
    store.toast({ status: 'danger', heading: 'Failed to add funds', message: 'No such member at this club' });
    expect(store.getState().alerts.map((a) => a.count)).toEqual([1, 1, 1, 1]);
    expect(store.getState().toasts.map((t) => t.count)).toEqual([1]);
  });

  it("a repeat starts the time to hide again: the first one's timer no longer removes the box", () => {
    const { store, timers } = storeWithTimers();
    store.toast({ message: 'Could not save', delay: 2500 });
    store.toast({ message: 'Could not save', delay: 2500 });
    expect(timers).toHaveLength(2);
    timers[0]!.fn();
    expect(store.getState().toasts.map((t) => [t.message, t.count])).toEqual([['Could not save', 2]]);
    timers[1]!.fn();
    expect(store.getState().toasts).toEqual([]);
  });
});
