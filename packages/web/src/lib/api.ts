/**
 * The web app's only way to the server: JSON bodies, an empty body gives
 * status and headers only, a status of 300 or more is thrown with the
 * response, an aborted call throws "Request is canceled by user", and a call
 * to an API name that is not configured throws "API name is invalid".
 */

import type { CallNamed, CallRoute, FileCallRoute } from '@flightline/domain/api/calls';
import type { AnswerOf, CallMethod, InputOf } from '@flightline/domain/api/define-call';

/** The one API this app talks to; its calls live under /api on the same origin. */
export const API_NAME = 'flightline';
const apis: Record<string, string> = { [API_NAME]: '/api' };

/** Where the API lives: '' (the page's own origin) in the browser; tests point it at a local server. */
let apiOrigin = '';
export function configureApi(options: { origin: string }): void {
  apiOrigin = options.origin.replace(/\/+$/, '');
}

/** Status used when the request itself failed (no answer from the server, or one cut off). */
export const NO_RESPONSE_STATUS = 600;
const NO_RESPONSE_MESSAGE = 'Could not reach the server. Check your connection and try again.';

export interface ApiResponse<T> {
  status: number;
  headers: Headers;
  /** Absent when the response had an empty body. */
  body?: T;
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly response?: ApiResponse<unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  /** The server's own field (e.g. a 409's currentReleaseHeight). */
  field<T>(name: string): T | undefined {
    const body = this.response?.body as Record<string, unknown> | undefined;
    return body?.[name] as T | undefined;
  }
}

export class CanceledError extends Error {
  constructor() {
    super('Request is canceled by user');
    this.name = 'CanceledError';
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  api?: string;
  query?: Query;
  /** Sent as JSON; a Blob (a chosen file) is sent as it is, with its own type. */
  body?: unknown;
  signal?: AbortSignal;
}

function toSearch(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The message a person should see for a refused call. */
function messageOf(status: number, body: unknown): string {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message) {
    return body.message;
  }
  return `Request failed with status code ${status}`;
}

/** Whether a failed fetch or body read was the caller's abort rather than the network. */
function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return Boolean(signal?.aborted) || (error as Error | null)?.name === 'AbortError';
}

export async function request<T>(method: 'GET' | 'POST' | 'DELETE', path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const base = apis[options.api ?? API_NAME];
  if (base === undefined) throw new Error('API name is invalid');
  const file = options.body instanceof Blob ? options.body : undefined;
  let response: Response;
  try {
    response = await fetch(apiOrigin + base + path + toSearch(options.query), {
      method,
      credentials: 'same-origin',
      headers:
        options.body === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': file ? file.type || 'application/octet-stream' : 'application/json' },
      ...(options.body === undefined ? {} : { body: file ?? JSON.stringify(options.body) }),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    if (isAbort(error, options.signal)) throw new CanceledError();
    throw new ApiError(NO_RESPONSE_MESSAGE, NO_RESPONSE_STATUS);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    // The headers came but the body did not: an abort now is still the caller's cancel, a drop still no answer.
    if (isAbort(error, options.signal)) throw new CanceledError();
    throw new ApiError(NO_RESPONSE_MESSAGE, NO_RESPONSE_STATUS);
  }
  let body: T | undefined;
  if (text) {
    try {
      body = JSON.parse(text) as T;
    } catch {
      body = text as T;
    }
  }
  const result: ApiResponse<T> = { status: response.status, headers: response.headers, ...(body === undefined ? {} : { body }) };
  if (response.status >= 300) throw new ApiError(messageOf(response.status, body), response.status, result);
  return result;
}

/**
 * A call declared in packages/domain/src/api, by its route
 * (`call('GET /api/get-tugs', { club })`): the path parameters (`:id`, filled
 * in from the input's field of that name), the query of a GET, the body of a
 * POST, and the answer, all typed from the declaration, which is imported for
 * its types only (no schema in the page's bundle).
 */
export async function call<R extends CallRoute>(route: R, input: InputOf<CallNamed<R>>, signal?: AbortSignal): Promise<AnswerOf<CallNamed<R>>> {
  const space = route.indexOf(' ');
  const method = route.slice(0, space) as CallMethod;
  const sent: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  const path = route
    .slice(space + 1)
    .replace(/^\/api/, '')
    .replace(/:([A-Za-z]+)/g, (_, name: string) => {
      const value = sent[name];
      delete sent[name];
      return encodeURIComponent(String(value));
    });
  const options: RequestOptions = method === 'GET' ? { query: sent as Query } : { body: sent };
  return (await request<AnswerOf<CallNamed<R>>>(method, path, signal ? { ...options, signal } : options)).body as AnswerOf<CallNamed<R>>;
}

/**
 * A declared call that sends a file as its body, with its own type as
 * Content-Type (`callFile('POST /api/upload-club-logo', { club }, file)`):
 * the input is the query, the answer is typed from the declaration.
 */
export async function callFile<R extends FileCallRoute>(route: R, input: InputOf<CallNamed<R>>, file: Blob): Promise<AnswerOf<CallNamed<R>>> {
  const path = route.slice(route.indexOf(' ') + 1).replace(/^\/api/, '');
  return (await request<AnswerOf<CallNamed<R>>>('POST', path, { query: input as Query, body: file })).body as AnswerOf<CallNamed<R>>;
}

/** GET a JSON body. */
export async function get<T>(path: string, query?: Query, signal?: AbortSignal): Promise<T> {
  return (await request<T>('GET', path, { ...(query ? { query } : {}), ...(signal ? { signal } : {}) })).body as T;
}

/** POST a JSON body and return the JSON answer. */
export async function post<T>(path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  return (await request<T>('POST', path, { body: body ?? {}, ...(signal ? { signal } : {}) })).body as T;
}

/** A person-readable message for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
