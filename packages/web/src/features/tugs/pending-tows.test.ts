import { describe, expect, it } from 'vitest';
import type { TugPageData, TugStatus } from '@flightline/domain/api/types';
import type { OutboxEntry, OutboxEntryState } from '@flightline/domain/field/outbox';
import type { TowEventData } from '../../lib/outbox/field-events.ts';
import { outboxEntry } from '../../test/outbox.fixtures.ts';
import { withPendingTowEvents } from './pending-tows.ts';
import { towLabel } from './tow-form.ts';

const tug = (id: string, fields: Partial<TugStatus> = {}): TugStatus => ({
  id,
  aircraftType: 'Pawnee',
  status: 'Ready',
  lastHobbs: 1234.5,
  lastOilHobbs: 1200,
  lastFuelHobbs: 1230,
  lastPilotHobbs: 1234.5,
  currentPilot: 'u-tom',
  pilotName: 'Tom Towpilot',
  ...fields,
});
const page: TugPageData = {
  tugs: [tug('C-FTOW'), tug('C-GTWO', { lastHobbs: 50 })],
  towPilots: [
    { userID: 'u-tom', first: 'Tom', last: 'Towpilot' },
    { userID: 'u-tina', first: 'Tina', last: 'Tow' },
  ],
};

let seq = 0;
function tow(
  data: Pick<TowEventData, 'tug' | 'hobbs'> & Partial<TowEventData>,
  extra: Partial<OutboxEntryState> = {},
): OutboxEntry {
  seq++;
  return outboxEntry(
    seq,
    {
      kind: 'tow-event',
      call: 'POST /api/create-tow/',
      input: {
        idempotencyKey: `k${seq}`,
        data: { time: 1, by: 'u-tom', oil: false, fuel: 0, pilot: '', pilotLogOut: false, ...data },
      },
      preview: null,
      tappedAt: 1,
      userId: 'u-tom',
      userName: 'Tom Towpilot',
      label: `event ${seq}`,
    },
    extra,
  );
}

describe('the tugs with this phone’s waiting tug events', () => {
  it('moves the readings and the pilot as the events will, in order, and lists them per tug', () => {
    const entries = [
      tow({ tug: 'C-FTOW', hobbs: 1235, fuel: 30 }),
      tow({ tug: 'C-FTOW', hobbs: 1235.5, pilotLogOut: true }),
      tow({ tug: 'C-FTOW', hobbs: 1235.5, pilot: 'u-tina' }),
      tow({ tug: 'C-FTOW', hobbs: 1236, oil: true }),
    ];
    const result = withPendingTowEvents(page, entries);
    expect(result.tugs[0]).toEqual(
      tug('C-FTOW', {
        lastHobbs: 1236,
        lastFuelHobbs: 1235,
        lastOilHobbs: 1236,
        lastPilotHobbs: 1235.5,
        currentPilot: 'u-tina',
        pilotName: 'Tina Tow',
      }),
    );
    expect(result.tugs[1]).toEqual(page.tugs[1]);
    expect(result.waiting.get('C-FTOW')?.map((e) => e.id)).toEqual(entries.map((e) => e.id));
    expect(result.waiting.has('C-GTWO')).toBe(false);
  });

  it('ignores refused events, line actions and unknown tugs', () => {
    const entries = [
      tow({ tug: 'C-FTOW', hobbs: 2000, oil: true }, { refusal: { status: 400, message: 'no', body: null } }),
      tow({ tug: 'C-XXXX', hobbs: 1, oil: true }),
      outboxEntry(99, {
        kind: 'line-action',
        call: 'POST /api/update-flight/',
        input: { id: 'f1', action: 'Launch', tug: 'C-FTOW' },
        preview: null,
        tappedAt: 1,
        userId: 'u-tom',
        userName: 'Tom Towpilot',
        label: 'Launch',
      }),
    ];
    expect(withPendingTowEvents(page, entries)).toEqual({ tugs: page.tugs, waiting: new Map() });
  });
});

describe('towLabel', () => {
  it('names each event with its tug and Hobbs', () => {
    const base = { tug: 'C-FTOW', hobbs: 1236.5, oil: false, fuel: 0, pilot: '', pilotLogOut: false };
    const names = { checkedIn: 'Tom Towpilot', pilot: 'Tina Tow' };
    expect(towLabel({ ...base, pilot: 'u-tina' }, names)).toBe('Check in Tina Tow on C-FTOW at 1236.50 h');
    expect(towLabel({ ...base, pilotLogOut: true }, names)).toBe('Check out Tom Towpilot of C-FTOW at 1236.50 h');
    expect(towLabel({ ...base, fuel: 30 }, names)).toBe('Refuel 30.00 L on C-FTOW at 1236.50 h');
    expect(towLabel({ ...base, oil: true }, names)).toBe('Oil change on C-FTOW at 1236.50 h');
  });
});
