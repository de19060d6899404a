import type { FlightRecord, IntroItem, UpdateItemAnswer } from '@flightline/domain/api/types';

/** What the confirmation step shows of the server's answer: its message, and the intro sold with the flight. */
export interface PlacedAnswer {
  message: string;
  intro?: IntroItem | undefined;
}

/** Whether `value` holds every field `like` has: a record of the same kind. */
function hasFieldsOf<T extends object>(value: object, like: T): value is T {
  return Object.keys(like).every((key) => key in value);
}

function isIntro(value: unknown): value is IntroItem {
  if (typeof value !== 'object' || value === null) return false;
  return (
    'id' in value &&
    'SN' in value &&
    typeof value.SN === 'string' &&
    'recipientFirst' in value &&
    'recipientLast' in value
  );
}

/**
 * update-item's answer to a flight request, as declared (a union: the flight
 * placed, or its first answer replayed as stored), as the confirmation step
 * shows it: the message, the intro sold with the flight, and the flight as
 * the server stored it — or, where a replayed record lacks fields this
 * version shows (an older server stored it), the flight as the request
 * placed it.
 */
export function placedAnswer(
  body: UpdateItemAnswer,
  requested: FlightRecord,
): { answer: PlacedAnswer; flight: FlightRecord } {
  const item: object = body.item;
  const intro = 'intro' in body && isIntro(body.intro) ? body.intro : undefined;
  return {
    answer: { message: body.message, ...(intro ? { intro } : {}) },
    flight: hasFieldsOf(item, requested) ? item : requested,
  };
}
