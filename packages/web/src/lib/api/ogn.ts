import { queryOptions } from '@tanstack/react-query';
import { call } from '../api.ts';

/** The OGN feed's reads (docs/ogn.md "On the line"); the live stream's `ogn` and `flight` notices make them stale. */
export const ognKeys = {
  line: (club: string) => ['ogn-line', club] as const,
};

/** The feed's state and the suggestions and unmatched takeoffs of the club's today. */
export function ognLineQuery(club: string) {
  return queryOptions({
    queryKey: ognKeys.line(club),
    queryFn: ({ signal }) => call('GET /api/get-ogn-line', { club }, signal),
  });
}

export function decideOgnDetection(club: string, id: number, decision: 'accept' | 'dismiss', flightId?: string) {
  return call('POST /api/decide-ogn-detection', { club, id, decision, ...(flightId ? { flightId } : {}) });
}

export function lookUpOgnDevice(club: string, flarmId: string) {
  return call('GET /api/get-ogn-device', { club, flarmId });
}
