/** An error a person can act on: answered with its status and message, never a 500. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    /** Response headers the answer carries (Retry-After on a 503). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** The refusal of a caller without the right a call needs, unless the call has always answered another. */
export const NOT_AUTHORIZED = 'User is not authorized (603)';

export const badRequest = (message: string, extra?: Record<string, unknown>) => new HttpError(400, message, extra);
export const unauthorized = (message = 'Please log in') => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string, extra?: Record<string, unknown>) => new HttpError(409, message, extra);

/** The NUL character: text of any request may not hold it (PostgreSQL cannot store it). */
export const NUL_REFUSED = 'Text must not contain the NUL character (\\u0000)';

/** Whether a parsed query, params or JSON body holds a string with a NUL character anywhere. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  // Raw bytes (an uploaded logo) are not text; walking a 256 kB buffer key by key takes 200 ms.
  if (ArrayBuffer.isView(value)) return false;
  if (value === null || typeof value !== 'object' || depth > 32) return false;
  return Object.entries(value).some(([key, inner]) => key.includes('\u0000') || containsNul(inner, depth + 1));
}

/** How deep a JSON body may nest: the app's deepest input is a few levels; parsers and validators recurse on more. */
export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP = `The JSON body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`;

/**
 * Whether a parsed JSON value nests objects or arrays deeper than `max`, walked without recursion (5,000 levels
 * must not overflow the stack).
 */
export function nestedDeeperThan(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object' || ArrayBuffer.isView(current)) continue;
    if (depth >= max) return true;
    for (const inner of Object.values(current)) stack.push([inner, depth + 1]);
  }
  return false;
}

const reasons: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};
export const reasonPhrase = (status: number) => reasons[status] ?? 'Error';
