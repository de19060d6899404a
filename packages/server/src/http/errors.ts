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

/**
 * A value the checks let through but the database cannot take — a date out
 * of its range, a number too large: PostgreSQL's data exceptions (SQLSTATE
 * class 22) answer 400 with its reason. The statement failed, so its
 * transaction rolled back and nothing changed.
 */
export function databaseInputError(error: unknown): HttpError | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !/^22[0-9A-Z]{3}$/.test(code)) return undefined;
  return badRequest(`Invalid input: ${(error as Error).message}`);
}

/** What a person reads while the database is away (restart, failover, a lost connection). */
export const DATABASE_UNAVAILABLE = 'The database is not reachable right now. Try again in a moment.';

/** Node's socket errors and node-postgres's own messages for a connection that is gone or cannot be made. */
const LOST_CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);
const LOST_CONNECTION_MESSAGE = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;

/**
 * The database could not answer: a connection refused, lost or timed out, or
 * PostgreSQL shutting down or starting (SQLSTATE class 08, 57P01–57P03) or out
 * of connections (53300). Answered 503 with Retry-After; the request's
 * transaction did not commit (a write whose commit was lost on the way back is
 * found by its idempotency key when the phone sends it again).
 */
export function databaseUnavailable(error: unknown): HttpError | undefined {
  return isLostDatabase(error, 0) ? new HttpError(503, DATABASE_UNAVAILABLE, {}, { 'retry-after': '2' }) : undefined;
}

/** The error, or what caused it (better-auth wraps the driver's error as "Failed to get session"), is a lost database. */
function isLostDatabase(error: unknown, depth: number): boolean {
  if (error === null || typeof error !== 'object' || depth > 4) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  return (
    (typeof code === 'string' && (LOST_CONNECTION_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code) || code === '53300')) ||
    (typeof message === 'string' && LOST_CONNECTION_MESSAGE.test(message)) ||
    (error instanceof AggregateError && error.errors.some((inner) => isLostDatabase(inner, depth + 1))) ||
    isLostDatabase(cause, depth + 1)
  );
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
