/**
 * The web app's only way to the server: JSON bodies, an empty body gives
 * status and headers only, a status of 300 or more is thrown with the
 * response, an aborted call throws "Request is canceled by user", and a call
 * to an API name that is not configured throws "API name is invalid".
 */

import { callRequest } from '@flightline/domain/api/call-request';
import type { CallNamed, CallRoute, FileCallRoute } from '@flightline/domain/api/calls';
import type { AnswerOf, InputOf } from '@flightline/domain/api/define-call';

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
    const body = this.response?.body;
    return typeof body === 'object' && body !== null && name in body ? Reflect.get(body, name) : undefined;
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

/**
 * A body as the server sent it: its JSON, else its text; undefined when
 * empty. JSON.parse's value is untyped (`any`) on purpose: it takes the type
 * the caller gives it, for a declared call its declared answer. This is the
 * one place the web app trusts the wire (the server's tests hold every
 * declared answer to its schema, decision 0019): no caller casts an answer.
 */
function bodyOf(text: string) {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * One exchange: the status, headers and body of a 2xx (or a 1xx/3xx below 300); a status of 300 or more is thrown
 * with the response.
 */
async function exchange(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  options: RequestOptions,
): Promise<{ status: number; headers: Headers; body: ReturnType<typeof bodyOf> }> {
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
          : {
              accept: 'application/json',
              'content-type': file ? file.type || 'application/octet-stream' : 'application/json',
            },
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
  const body = bodyOf(text);
  if (response.status >= 300) {
    const result: ApiResponse<unknown> = {
      status: response.status,
      headers: response.headers,
      ...(body === undefined ? {} : { body }),
    };
    throw new ApiError(messageOf(response.status, body), response.status, result);
  }
  return { status: response.status, headers: response.headers, body };
}

export async function request<T>(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const { status, headers, body } = await exchange(method, path, options);
  return { status, headers, ...(body === undefined ? {} : { body }) };
}

/**
 * A call declared in packages/domain/src/api, by its route
 * (`call('GET /api/get-tugs', { club })`): the path parameters (`:id`, filled
 * in from the input's field of that name), the query of a GET or DELETE, the body of a
 * POST, and the answer, all typed from the declaration, which is imported for
 * its types only (no schema in the page's bundle).
 */
export async function call<R extends CallRoute>(
  route: R,
  input: InputOf<CallNamed<R>>,
  signal?: AbortSignal,
): Promise<AnswerOf<CallNamed<R>>> {
  const { method, path, sent } = callRequest(route, input);
  const options: RequestOptions = method === 'POST' ? { body: sent } : { query: sent as Query };
  return (await exchange(method, path.replace(/^\/api/, ''), signal ? { ...options, signal } : options)).body;
}

/**
 * A declared call that sends a file as its body, with its own type as
 * Content-Type (`callFile('POST /api/upload-club-logo', { club }, file)`):
 * the input is the query, the answer is typed from the declaration.
 */
export async function callFile<R extends FileCallRoute>(
  route: R,
  input: InputOf<CallNamed<R>>,
  file: Blob,
): Promise<AnswerOf<CallNamed<R>>> {
  const path = route.slice(route.indexOf(' ') + 1).replace(/^\/api/, '');
  return (await exchange('POST', path, { query: input as Query, body: file })).body;
}

/** GET a JSON body. */
export async function get<T>(path: string, query?: Query, signal?: AbortSignal): Promise<T> {
  return (await exchange('GET', path, { ...(query ? { query } : {}), ...(signal ? { signal } : {}) })).body;
}

/** POST a JSON body and return the JSON answer. */
export async function post<T>(path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  return (await exchange('POST', path, { body: body ?? {}, ...(signal ? { signal } : {}) })).body;
}

/** A person-readable message for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
