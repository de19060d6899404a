import type { Kysely } from 'kysely';
import type { LogbookTotalsAnswer } from '@flightline/domain/api/logbook';
import { logbookTotals } from '@flightline/domain/flights/logbook';
import type { DB } from '../../db/schema.ts';
import type { MemberContext } from '../../http/context.ts';
import { listLogbookFlights } from './repo.ts';

/**
 * The caller's logbook totals over all time in their club: every flight they
 * flew as pilot or second person, added up by the same rules as the
 * logbook's range totals (domain logbook.ts). A pilot's flights are a few
 * thousand at most, so they are read and added here rather than in SQL.
 */
export async function getLogbookTotals(db: Kysely<DB>, ctx: MemberContext): Promise<LogbookTotalsAnswer> {
  const rows = await listLogbookFlights(db, ctx.club.id, ctx.user.id);
  const flights = rows.map((row) => ({
    user: row.user_id,
    passengerID: row.passenger_id ?? '',
    flyWith: row.fly_with,
    pilotInCharge: row.pilot_in_charge,
    launchType: row.launch_type,
    launchedAt: row.launched_at?.getTime() ?? null,
    landedAt: row.landed_at?.getTime() ?? null,
    cancelledAt: null,
  }));
  return { allTime: logbookTotals(flights, ctx.user.id) };
}
