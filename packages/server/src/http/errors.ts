/** An error a person can act on: answered with its status and message, never a 500. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
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
};
export const reasonPhrase = (status: number) => reasons[status] ?? 'Error';
