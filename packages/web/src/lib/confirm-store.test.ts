import { describe, expect, it } from 'vitest';
import { createConfirmStore } from './confirm-store.ts';

describe('confirm dialog', () => {
  it('defaults: reject No, confirm Yes, secondary and primary, confirm enabled, no heading', () => {
    const store = createConfirmStore();
    expect(store.request({ message: 'Switch club?' })).toBe(true);
    const open = store.getState()!;
    expect(open).toMatchObject({
      message: 'Switch club?',
      rejectLabel: 'No',
      confirmLabel: 'Yes',
      rejectVariant: 'secondary',
      confirmVariant: 'primary',
      confirmDisabled: false,
    });
    expect(open.heading).toBeUndefined();
  });

  it('keeps the heading, labels, colours and disabled confirm it is given', () => {
    const store = createConfirmStore();
    const given = {
      heading: 'Cancel',
      confirmLabel: 'Cancel flight',
      rejectLabel: 'Keep it',
      confirmVariant: 'danger',
      rejectVariant: 'outline-secondary',
      confirmDisabled: true,
    } as const;
    store.request({ message: 'Cancel the flight?', ...given });
    expect(store.getState()).toMatchObject(given);
  });

  it('refuses a second request while one is open and leaves the first intact', async () => {
    const store = createConfirmStore();
    const calls: string[] = [];
    store.request({ message: 'first', onConfirm: () => calls.push('first confirmed') });
    const first = store.getState();
    expect(store.request({ message: 'second', onConfirm: () => calls.push('second confirmed') })).toBe(false);
    await expect(store.ask({ message: 'third' })).resolves.toBeNull();
    expect(store.getState()).toBe(first);
    expect(store.getState()!.message).toBe('first');
    store.confirm();
    expect(calls).toEqual(['first confirmed']);
  });

  it.each(['confirm', 'reject'] as const)('%s closes the dialog and runs only its own callback', (answer) => {
    const store = createConfirmStore();
    const calls: string[] = [];
    store.request({ message: 'Sure?', onConfirm: () => calls.push('confirm'), onReject: () => calls.push('reject') });
    store[answer]();
    expect(store.getState()).toBeNull();
    expect(calls).toEqual([answer]);
  });

  it('the dialog is closed when its callback runs, so the callback may open the next one', () => {
    const store = createConfirmStore();
    let accepted: boolean | null = null;
    store.request({ message: 'first', onConfirm: () => (accepted = store.request({ message: 'next' })) });
    store.confirm();
    expect(accepted).toBe(true);
    expect(store.getState()!.message).toBe('next');
  });

  it('confirm and reject do nothing when no dialog is open', () => {
    const store = createConfirmStore();
    let emitted = 0;
    store.subscribe(() => emitted++);
    store.confirm();
    store.reject();
    expect(store.getState()).toBeNull();
    expect(emitted).toBe(0);
  });

  it('ask() resolves true on confirm', async () => {
    const store = createConfirmStore();
    const answer = store.ask({ message: 'Request membership?' });
    expect(store.getState()!.message).toBe('Request membership?');
    store.confirm();
    await expect(answer).resolves.toBe(true);
    expect(store.getState()).toBeNull();
  });

  it('ask() resolves false on reject', async () => {
    const store = createConfirmStore();
    const answer = store.ask({ message: 'Request membership?' });
    store.reject();
    await expect(answer).resolves.toBe(false);
  });

  it('tells its listeners when a dialog opens and closes', () => {
    const store = createConfirmStore();
    const seen: (string | null)[] = [];
    store.subscribe(() => seen.push(store.getState()?.message ?? null));
    store.request({ message: 'Sure?' });
    store.reject();
    expect(seen).toEqual(['Sure?', null]);
  });
});
