import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { FlightTable } from '../src/db/schema.ts';
import { createFleet, createIntro } from './helpers/flights.ts';
import { createClub, createPerson, createTestApp, type TestApp } from './helpers/test-app.ts';

/** The flight tables keep their own invariants (migration 0007), whatever code writes to them. */
describe('flight table constraints', () => {
  let t: TestApp;
  let alpha: string;
  // A pilot per flight: a person is on one unfinished flight at a time (0016, one-flight-per-person.test.ts).
  const pilots: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    alpha = await createClub(t.db, { name: 'Alpha Soaring' });
    await createFleet(t.db, alpha);
    for (let i = 0; i < 12; i += 1) pilots.push((await createPerson(t.db, { club: alpha })).userId);
  });
  afterAll(() => t.close());

  let flights = 0;
  const flight = (values: Partial<Insertable<FlightTable>> = {}): Insertable<FlightTable> => ({
    club_id: alpha,
    id: randomUUID(),
    day: '2025-07-12',
    user_id: pilots[flights++ % pilots.length]!,
    fly_with: 'Alone',
    glider: 'ASK-21',
    submitted_at: new Date('2025-07-12T16:00:00Z'),
    ...values,
  });
  const insert = (values: Partial<Insertable<FlightTable>> = {}) =>
    t.db.insertInto('flight').values(flight(values)).execute();

  it('a glider is on one unfinished flight at a time; landed or cancelled ones do not count', async () => {
    await insert({ glider: 'DG-1000' });
    await expect(insert({ glider: 'DG-1000' })).rejects.toThrow(/flight_glider_unfinished_key/);
    const at = new Date('2025-07-12T15:00:00Z');
    await expect(insert({ glider: 'DG-1000', launched_at: at, landed_at: at })).resolves.toBeDefined();
    await expect(insert({ glider: 'DG-1000', cancelled_at: at })).resolves.toBeDefined();
  });

  it('an intro is on one flight that is not cancelled; an intro flight names its intro', async () => {
    const intro = await createIntro(t.db, alpha, { sn: 'TBL234' });
    await insert({ glider: '1-26', fly_with: 'Intro', intro_id: intro, cancelled_at: new Date() });
    await insert({ glider: '1-26', fly_with: 'Intro', intro_id: intro });
    await expect(insert({ glider: 'Blanik', fly_with: 'Intro', intro_id: intro })).rejects.toThrow(/flight_intro_key/);
    await expect(insert({ glider: 'Blanik', fly_with: 'Intro' })).rejects.toThrow(/check constraint/);
  });

  it('a landing needs a launch and is not before it; a landed flight cannot be cancelled', async () => {
    const launch = new Date('2025-07-12T15:00:00Z');
    await expect(insert({ glider: 'Blanik', landed_at: launch })).rejects.toThrow(/check constraint/);
    await expect(
      insert({ glider: 'Blanik', launched_at: launch, landed_at: new Date(launch.getTime() - 1) }),
    ).rejects.toThrow(/check constraint/);
    await expect(
      insert({ glider: 'Blanik', launched_at: launch, landed_at: launch, cancelled_at: launch }),
    ).rejects.toThrow(/check constraint/);
    await expect(insert({ glider: 'Blanik', release_height: -1 })).rejects.toThrow(/check constraint/);
  });

  it('the line actions are an append-only log', async () => {
    const id = randomUUID();
    await insert({ id, glider: 'Blanik', launched_at: new Date(), landed_at: new Date() });
    await t.db
      .insertInto('flight_action')
      .values({ club_id: alpha, flight_id: id, action: 'Create', happened_at: new Date() })
      .execute();
    await expect(
      t.db.updateTable('flight_action').set({ action: 'Launch' }).where('flight_id', '=', id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(t.db.deleteFrom('flight_action').where('flight_id', '=', id).execute()).rejects.toThrow(/append-only/);
  });
});
