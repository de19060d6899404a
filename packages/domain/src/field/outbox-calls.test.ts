import { describe, expect, expectTypeOf, it } from 'vitest';
import type { CallNamed, CallRoute } from '../api/calls.ts';
import type { InputOf } from '../api/define-call.ts';
import type { FlightActionResult, TowEventResult, UpdateItemAnswer } from '../api/types.ts';
import { outcomeOf, type NewOutboxEntry, type OutboxOutcome, type OutboxRoute, type OutboxWriteOf } from './outbox.ts';

/**
 * An outbox entry is a declared call with its input (decision 0019, docs/offline.md
 * "The outbox"): these types are the proof. Each `@ts-expect-error` below must stay
 * an error — `npm run typecheck` fails the day an entry takes a path, a route no call
 * declares, another kind's call or an input its call does not take.
 */

const who = { id: 'k1', tappedAt: 1, userId: 'mary', userName: 'Mary Member', label: 'Launch ASK-21' };

describe('outbox entries are declared calls', () => {
  it('name a declared call and carry its input; their outcome is its answer', () => {
    expectTypeOf<OutboxRoute>().toExtend<CallRoute>();
    expectTypeOf<OutboxWriteOf<'line-action'>['input']>().toEqualTypeOf<
      InputOf<CallNamed<'POST /api/update-flight/'>>
    >();
    expectTypeOf<OutboxWriteOf<'tow-event'>['input']>().toEqualTypeOf<InputOf<CallNamed<'POST /api/create-tow/'>>>();
    expectTypeOf<OutboxWriteOf<'flight-request'>['call']>().toEqualTypeOf<'POST /api/update-item/'>();
    expectTypeOf<OutboxWriteOf<'pilot-weight'>['call']>().toEqualTypeOf<'POST /api/update-item/'>();
    expectTypeOf<
      Extract<OutboxOutcome<'POST /api/update-flight/'>, { kind: 'done' }>['body']
    >().toEqualTypeOf<FlightActionResult>();
    expectTypeOf<
      Extract<OutboxOutcome<'POST /api/create-tow/'>, { kind: 'done' }>['body']
    >().toEqualTypeOf<TowEventResult>();
    expectTypeOf<
      Extract<OutboxOutcome<'POST /api/update-item/'>, { kind: 'done' }>['body']
    >().toEqualTypeOf<UpdateItemAnswer>();

    const launch: NewOutboxEntry = {
      ...who,
      kind: 'line-action',
      call: 'POST /api/update-flight/',
      input: { id: 'f1', action: 'Launch' },
      preview: null,
    };
    const tow: NewOutboxEntry = {
      ...who,
      kind: 'tow-event',
      call: 'POST /api/create-tow/',
      input: { data: { tug: 'C-GTOW', hobbs: 1234.5 } },
      preview: null,
    };
    expect([launch.call, tow.call]).toEqual(['POST /api/update-flight/', 'POST /api/create-tow/']);
    const done = outcomeOf({ call: 'POST /api/create-tow/' }, { kind: 'done', body: { statusCode: 200 } });
    expectTypeOf(done).toEqualTypeOf<OutboxOutcome<'POST /api/create-tow/'>>();
  });

  it('a path, an undeclared route, another kind’s call or a wrong input does not compile', () => {
    const wrong: unknown[] = [
      {
        ...who,
        kind: 'line-action',
        // @ts-expect-error an entry has no path: its declared call says where it goes
        path: '/update-flight/',
        call: 'POST /api/update-flight/',
        input: { id: 'f1', action: 'Launch' },
        preview: null,
      } satisfies NewOutboxEntry,
      {
        ...who,
        kind: 'line-action',
        // @ts-expect-error no call declares this route
        call: 'POST /api/update-flights/',
        input: { id: 'f1', action: 'Launch' },
        preview: null,
      } satisfies NewOutboxEntry,
      {
        ...who,
        kind: 'line-action',
        call: 'POST /api/create-tow/',
        input: { id: 'f1', action: 'Launch' },
        preview: null,
        // @ts-expect-error a line action is sent by update-flight, not create-tow
      } satisfies NewOutboxEntry,
      {
        ...who,
        kind: 'line-action',
        call: 'POST /api/update-flight/',
        // @ts-expect-error update-flight declares no action 'Fly'
        input: { id: 'f1', action: 'Fly' },
        preview: null,
      } satisfies NewOutboxEntry,
      {
        ...who,
        kind: 'tow-event',
        call: 'POST /api/create-tow/',
        // @ts-expect-error create-tow's Hobbs reading is a number
        input: { data: { tug: 'C-GTOW', hobbs: '1234.5' } },
        preview: null,
      } satisfies NewOutboxEntry,
      {
        ...who,
        kind: 'tow-event',
        call: 'POST /api/create-tow/',
        // @ts-expect-error the body is the call's input, not a free-form `body`
        body: { data: { tug: 'C-GTOW', hobbs: 1234.5 } },
        preview: null,
      } satisfies NewOutboxEntry,
    ];
    expect(wrong).toHaveLength(6);
  });
});
