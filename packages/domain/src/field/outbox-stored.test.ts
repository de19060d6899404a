import { describe, expect, it } from 'vitest';
import type { OutboxEntry, OutboxEntryState } from './outbox.ts';
import { storedEntry, type LegacyOutboxEntry } from './outbox-stored.ts';

const T0 = Date.parse('2025-07-12T16:00:00Z');

const state = (id: string): OutboxEntryState => ({
  id,
  seq: 7,
  tappedAt: T0,
  userId: 'mary',
  userName: 'Mary Member',
  label: id,
  flightId: 'f1',
  attempts: 2,
  nextAttemptAt: T0 + 4000,
  problem: 'No connection',
  refusal: null,
});

describe('entries stored by the earlier version (path and body)', () => {
  it('are read as the call their path names, with the body as its input, everything else kept', () => {
    const legacy: LegacyOutboxEntry[] = [
      {
        ...state('f1'),
        kind: 'flight-request',
        path: '/update-item/',
        body: {
          type: 'FLIGHT',
          club: 'alpha',
          id: 'f1',
          date: '2025-07-12',
          data: { user: 'mary', flyWith: 'Alone', glider: 'ASK-21', submittedAt: T0 },
        },
        preview: null,
      },
      {
        ...state('k-launch'),
        kind: 'line-action',
        path: '/update-flight/',
        body: { id: 'f1', action: 'Launch', club: 'alpha', idempotencyKey: 'k-launch', time: T0, enteredTime: T0 },
        preview: null,
      },
      {
        ...state('k-tow'),
        kind: 'tow-event',
        path: '/create-tow/',
        body: { club: 'alpha', idempotencyKey: 'k-tow', data: { tug: 'C-GTOW', hobbs: 1234.5, time: T0 } },
        preview: null,
      },
    ];
    const calls = {
      'flight-request': 'POST /api/update-item/',
      'line-action': 'POST /api/update-flight/',
      'tow-event': 'POST /api/create-tow/',
    };
    for (const old of legacy) {
      const { path: _path, body, ...rest } = old;
      expect(storedEntry(old)).toEqual({ ...rest, call: calls[old.kind], input: body });
      // The input is the very body that version would have sent.
      expect(JSON.stringify(storedEntry(old)!.input)).toBe(JSON.stringify(body));
    }
  });

  it('an entry of this version is read as it is', () => {
    const entry: OutboxEntry = {
      ...state('k1'),
      kind: 'line-action',
      call: 'POST /api/update-flight/',
      input: { id: 'f1', action: 'Landing' },
      preview: null,
    };
    expect(storedEntry(entry)).toBe(entry);
  });

  it('a path that version never wrote for its kind is not sent', () => {
    const odd = {
      ...state('k2'),
      kind: 'line-action',
      path: '/update-item/',
      body: { id: 'f1', action: 'Landing' },
      preview: null,
    } as unknown as LegacyOutboxEntry;
    expect(storedEntry(odd)).toBeNull();
  });
});
