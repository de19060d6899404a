import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { refusal } from './helpers/api.ts';
import { checkInTowPilot, depositFor, flightBody } from './helpers/flights.ts';
import { createLinePeople, type LinePeople } from './helpers/line-people.ts';
import type { Person } from './helpers/test-app.ts';
import { openAlpha, type AlphaClub } from './helpers/clubs.ts';

/** 12:00 on 2025-07-12 in Toronto. */
const NOW = Date.parse('2025-07-12T16:00:00Z');
const MINUTE = 60_000;
const NOT_YOURS = 'This idempotency key was already used by someone else; send a new key';

/**
 * An idempotency key belongs to the person who first sent it (modules/once.ts):
 * the same person sending it again gets the first answer; anyone else sending
 * it — even for the very same write — is refused 409 and learns nothing of it.
 */
describe('idempotency keys belong to their sender', () => {
  let { t, api, alpha } = {} as AlphaClub;
  let { pat, mo, towy, tilly, treasurer, admin } = {} as LinePeople;
  const cookie = (person: Person) => t.cookieFor(person.email);
  const post = async (url: string, body: object, as: Person) => api.post(url, body, await cookie(as));

  beforeAll(async () => {
    ({ t, api, alpha } = await openAlpha({ now: NOW }, { fleet: true }));
    ({ pat, mo, towy, tilly, treasurer, admin } = await createLinePeople(t.db, { alpha }, [
      'pat',
      'mo',
      'towy',
      'tilly',
      'treasurer',
      'admin',
    ]));
    await depositFor(t.db, alpha, pat.userId, 50000, NOW - 86_400_000);
    await checkInTowPilot(t.db, alpha, 'C-GTOW', towy.userId, NOW - 3 * 60 * MINUTE);
  });
  afterAll(() => t.close());

  it(
    "a line action: another member sending Pat's key for the same launch is " +
      "refused, Pat's own retry answers the first answer, costs included",
    async () => {
      const flight = flightBody(pat.userId);
      const placed = await post('/api/update-item/', flight, pat);
      expect(placed.statusCode, placed.body).toBe(200);
      const launch = { id: flight.id, action: 'Launch', time: NOW, tug: 'C-GTOW', idempotencyKey: randomUUID() };
      const first = await post('/api/update-flight/', launch, pat);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().flight.launchCost).toEqual(expect.any(Number));
      const stolen = await post('/api/update-flight/', launch, mo);
      expect([stolen.statusCode, stolen.json()]).toEqual([409, refusal(409, NOT_YOURS)]);
      const again = await post('/api/update-flight/', launch, pat);
      expect([again.statusCode, again.json()]).toEqual([200, first.json()]);
    },
  );

  it(
    "a tow event: another tow pilot sending Toby's key for the same " +
      "refuel is refused; Toby's retry answers the first answer",
    async () => {
      const refuel = {
        idempotencyKey: randomUUID(),
        data: { tug: 'C-GTOW', hobbs: 1500.25, fuel: 30, time: NOW - MINUTE },
      };
      const first = await post('/api/create-tow/', refuel, towy);
      expect(first.statusCode).toBe(200);
      const stolen = await post('/api/create-tow/', refuel, tilly);
      expect([stolen.statusCode, stolen.json()]).toEqual([409, refusal(409, NOT_YOURS)]);
      const again = await post('/api/create-tow/', refuel, towy);
      expect([again.statusCode, again.json()]).toEqual([200, first.json()]);
    },
  );

  it(
    "a deposit: an admin sending the treasurer's key for the same deposit is " +
      "refused; the treasurer's retry answers the first answer",
    async () => {
      const deposit = {
        transactionType: 'Deposit',
        pilot: mo.userId,
        amountCents: 2500,
        transferType: 'Cash',
        idempotencyKey: randomUUID(),
      };
      const first = await post('/api/add-transaction/', deposit, treasurer);
      expect(first.statusCode).toBe(200);
      const stolen = await post('/api/add-transaction/', deposit, admin);
      expect([stolen.statusCode, stolen.json()]).toEqual([409, refusal(409, NOT_YOURS)]);
      const again = await post('/api/add-transaction/', deposit, treasurer);
      expect([again.statusCode, again.json()]).toEqual([200, first.json()]);
    },
  );

  it("a flight request: another member sending Mo's flight id is refused (it was already)", async () => {
    const flight = flightBody(mo.userId, { glider: 'DG-1000' });
    const placed = await post('/api/update-item/', flight, mo);
    expect(placed.statusCode, placed.body).toBe(200);
    const stolen = await post('/api/update-item/', flight, pat);
    expect(stolen.statusCode).toBe(409);
    expect((await post('/api/update-item/', flight, mo)).statusCode).toBe(200);
  });
});
