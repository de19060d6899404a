import type { AllTransactions, FlightRecord, PilotListItem } from '@flightline/domain/api/types';
import { call } from '../../lib/api.ts';
import { listItems } from '../../lib/api/items.ts';
import type { ExportDates } from './export-data.ts';

/** GET /api/get-flights/: every flight of the club between two instants (epoch ms), cancelled ones too. */
export async function fetchFlights(
  range: { startDate: number; endDate: number },
  signal?: AbortSignal,
): Promise<FlightRecord[]> {
  // The query carries the instants as strings, as any query does.
  return call('GET /api/get-flights/', { startDate: String(range.startDate), endDate: String(range.endDate) }, signal);
}

/** Every posting over whole club days, with the chart of accounts (admin). */
export function fetchTransactions(dates: ExportDates, signal?: AbortSignal): Promise<AllTransactions> {
  return call('GET /api/get-all-transactions', { startDate: dates.startDate, endDate: dates.endDate }, signal);
}

/** Everyone who has been a member of the club (admins only), for the Tow Pilot and User names of old flights. */
export async function fetchPilots(signal?: AbortSignal): Promise<PilotListItem[]> {
  // The flag travels as the string 'true', as any query value does.
  return listItems('PILOT', { includeInactive: 'true' }, signal);
}
