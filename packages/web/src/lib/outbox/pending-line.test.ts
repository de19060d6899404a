import { describe, expect, it } from 'vitest';
import type { FlightRecord } from '@flightline/domain/api/types';
import type { OutboxEntry, OutboxEntryState, OutboxWrite, OutboxWriteOf } from '@flightline/domain/field/outbox';
import { flight, T } from '../../test/flight.fixtures.ts';
import { outboxEntry } from '../../test/outbox.fixtures.ts';
import { withPendingEvents } from './pending-line.ts';

let seq = 0;
function entry(write: OutboxWrite, flightId: string, extra: Partial<OutboxEntryState> = {}): OutboxEntry {
  seq++;
  const label = `${write.kind === 'line-action' ? write.input.action : 'Flight request'} ${seq}`;
  return outboxEntry(
    seq,
    { ...write, tappedAt: T + seq * 1000, userId: 'u2', userName: 'Irene Instructor', label, flightId },
    extra,
  );
}

/** A line action waiting to send. */
const action = (input: OutboxWriteOf<'line-action'>['input'], extra: Partial<OutboxEntryState> = {}) =>
  entry({ kind: 'line-action', call: 'POST /api/update-flight/', input, preview: null }, input.id, extra);

/** A flight request waiting to send, shown as `preview`. */
const request = (id: string, preview: FlightRecord, extra: Partial<OutboxEntryState> = {}) =>
  entry(
    { kind: 'flight-request', call: 'POST /api/update-item/', input: { type: 'FLIGHT', id, data: {} }, preview },
    id,
    extra,
  );

describe('the line with this phone’s waiting events laid over it', () => {
  it('shows a waiting request as a waiting flight, then its waiting launch, marked for each event', () => {
    const requested = flight('new', { glider: 'C-FDSC', submittedAt: T + 1000 });
    const entries = [
      request('new', requested, { label: 'Flight request: C-FDSC' }),
      action({ id: 'new', action: 'Launch', time: T - 5 * 60_000, tug: 'C-FTOW' }, { label: 'Launch C-FDSC' }),
    ];
    const line = withPendingEvents([flight('a')], entries);
    expect(line.flights.map((f) => [f.id, f.launchedAt, f.tug])).toEqual([
      ['a', null, ''],
      ['new', T - 5 * 60_000, 'C-FTOW'],
    ]);
    expect(line.waiting.get('new')).toEqual(['Flight request: C-FDSC', 'Launch C-FDSC']);
    expect(line.waiting.has('a')).toBe(false);
  });

  it('applies line actions in tap order: launch, release height, landing, undo landing', () => {
    const entries = [
      action({ id: 'a', action: 'Launch', time: T + 60_000 }),
      action({ id: 'a', action: 'ReleaseHeight', releaseHeight: 2000 }),
      action({ id: 'a', action: 'Landing', time: T + 20 * 60_000 }),
      action({ id: 'a', action: 'UndoLanding' }),
    ];
    const [a] = withPendingEvents([flight('a')], entries).flights;
    expect(a).toMatchObject({ launchedAt: T + 60_000, releaseHeight: 2000, landedAt: null });
  });

  it('leaves out what the flight no longer allows (another phone launched it), and refused events', () => {
    const launched = flight('a', { launchedAt: T, acceptedAt: T, tug: 'C-GTOW' });
    const line = withPendingEvents(
      [launched, flight('b')],
      [
        action({ id: 'a', action: 'Launch', time: T + 5000 }),
        action(
          { id: 'b', action: 'CancelRequest' },
          { refusal: { status: 409, message: 'Flight was cancelled', body: null } },
        ),
      ],
    );
    expect(line.flights).toEqual([launched, flight('b')]);
    expect(line.waiting.size).toBe(0);
  });

  it('a removal waiting to send takes the flight off the lists (cancelled at the tap)', () => {
    const removal = action({ id: 'a', action: 'CancelRequest' });
    const [a] = withPendingEvents([flight('a')], [removal]).flights;
    expect(a!.cancelledAt).toBe(removal.tappedAt);
  });
});
