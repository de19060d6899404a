import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { PilotClub, TowEventResult, TugPageData } from '@flightline/domain/api/types';
import {
  ApiError,
  call,
  callFile,
  CanceledError,
  configureApi,
  get,
  NO_RESPONSE_STATUS,
  post,
  request,
} from './api.ts';

/** A real HTTP server on 127.0.0.1 answering the shapes the API answers with (docs/architecture.md). */
function handle(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const json = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  let raw = '';
  req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
  req.on('end', () => {
    switch (url.pathname) {
      case '/api/json':
        return json(200, { club: 'demo', balanceCents: 12_345, query: Object.fromEntries(url.searchParams) });
      case '/api/echo':
        return json(200, {
          method: req.method,
          contentType: req.headers['content-type'],
          received: JSON.parse(raw) as unknown,
        });
      case '/api/get-tugs':
        return json(200, {
          tugs: [],
          towPilots: [{ userID: req.method ?? '', first: url.searchParams.get('club') ?? '', last: '' }],
        });
      case '/api/get-pilot-clubs/u%201%2F2':
        return json(200, { clubs: [{ id: req.url ?? '', name: '', shortName: '', status: 'active' }] });
      case '/api/upload-club-logo':
        return json(200, {
          clubLogo: `${req.headers['content-type'] ?? ''} ${raw} ${url.searchParams.get('club') ?? ''}`,
        });
      case '/api/create-tow/':
        return json(200, { statusCode: 200, message: req.method, tug: JSON.parse(raw) as unknown });
      case '/api/empty':
        res.writeHead(204, { 'x-flightline-note': 'nothing here' });
        return res.end();
      case '/api/moved':
        // No Location header, so fetch hands the 302 back instead of following it.
        return json(302, { message: 'This page moved' });
      case '/api/forbidden':
        return json(403, { statusCode: 403, error: 'Forbidden', message: 'Only a club admin can do this' });
      case '/api/broken':
        return json(500, { statusCode: 500, error: 'Internal Server Error', message: 'Something broke on our side' });
      case '/api/broken-silently':
        res.writeHead(500);
        return res.end();
      case '/api/slow':
        // Never answers: the client has to give up by aborting.
        return;
      case '/api/stalled-body':
        // Headers and the start of the body, then nothing: the client is left reading the body.
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"flights": [');
        return;
      case '/api/cut-body':
        // Headers and the start of the body, then the connection drops.
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"flights": [', () => res.socket?.destroy());
        return;
      default:
        return json(404, { message: `No route ${url.pathname}` });
    }
  });
}

let server: Server;
let origin: string;

function listen(s: Server): Promise<string> {
  return new Promise((resolve) =>
    s.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(s.address() as AddressInfo).port}`)),
  );
}

beforeAll(async () => {
  server = createServer(handle);
  origin = await listen(server);
  configureApi({ origin });
});

afterEach(() => {
  configureApi({ origin });
  vi.restoreAllMocks();
});

afterAll(async () => {
  configureApi({ origin: '' });
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('API client against a real HTTP server', () => {
  it('parses a JSON body and sends the query without empty values', async () => {
    const response = await request<{ club: string; balanceCents: number; query: Record<string, string> }>(
      'GET',
      '/json',
      {
        query: { club: 'demo', userID: 'u-1', includeExpired: false, missing: undefined, none: null },
      },
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      club: 'demo',
      balanceCents: 12_345,
      query: { club: 'demo', userID: 'u-1', includeExpired: 'false' },
    });
    expect(response.headers.get('content-type')).toBe('application/json');
  });

  it('get() returns the parsed body itself', async () => {
    const body = await get<{ club: string }>('/json', { club: 'demo' });
    expect(body.club).toBe('demo');
  });

  it('post() sends JSON and returns the parsed answer', async () => {
    const body = await post<{ method: string; contentType: string; received: unknown }>('/echo', {
      first: 'Ada',
      last: 'Lovelace',
    });
    expect(body).toEqual({
      method: 'POST',
      contentType: 'application/json',
      received: { first: 'Ada', last: 'Lovelace' },
    });
  });

  it('an empty body gives status and headers, and no body key', async () => {
    const response = await request('GET', '/empty');
    expect(response.status).toBe(204);
    expect(response.headers.get('x-flightline-note')).toBe('nothing here');
    expect('body' in response).toBe(false);
  });

  it.each([
    ['/moved', 302, 'This page moved'],
    ['/forbidden', 403, 'Only a club admin can do this'],
    ['/broken', 500, 'Something broke on our side'],
  ])(
    '%s: status %d is thrown as an ApiError with the server message and the response',
    async (path, status, message) => {
      const error = await request('GET', path).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      const apiError = error as ApiError;
      expect(apiError.status).toBe(status);
      expect(apiError.message).toBe(message);
      expect(apiError.response!.status).toBe(status);
      expect(apiError.response!.headers.get('content-type')).toBe('application/json');
      expect((apiError.response!.body as { message: string }).message).toBe(message);
    },
  );

  it('a refused call exposes the server fields of its body', async () => {
    const error = (await request('GET', '/forbidden').catch((e: unknown) => e)) as ApiError;
    expect(error.field<string>('error')).toBe('Forbidden');
    expect(error.field<number>('statusCode')).toBe(403);
    expect(error.field('absent')).toBeUndefined();
  });

  it('a failure with an empty body still throws, with the status in the message', async () => {
    const error = (await request('GET', '/broken-silently').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(500);
    expect(error.message).toBe('Request failed with status code 500');
    expect('body' in error.response!).toBe(false);
  });

  it('aborting a call throws CanceledError "Request is canceled by user"', async () => {
    const controller = new AbortController();
    const pending = request('GET', '/slow', { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CanceledError);
    expect((error as Error).message).toBe('Request is canceled by user');
  });

  it('aborting after the headers arrive, while the body is read, still throws CanceledError', async () => {
    const controller = new AbortController();
    const realFetch = globalThis.fetch;
    // The real fetch, aborted the moment its headers are in: the abort lands in response.text().
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (...args) => {
      const response = await realFetch(...args);
      controller.abort();
      return response;
    });
    const error = await request('GET', '/stalled-body', { signal: controller.signal }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CanceledError);
    expect((error as Error).message).toBe('Request is canceled by user');
  });

  it('a connection that drops while the body arrives throws ApiError with status 600', async () => {
    const error = (await request('GET', '/cut-body').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(600);
    expect(error.message).toBe('Could not reach the server. Check your connection and try again.');
    expect(error.response).toBeUndefined();
  });

  it('an unknown API name throws "API name is invalid" without calling out', async () => {
    const error = await request('GET', '/json', { api: 'accounting' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).message).toBe('API name is invalid');
  });

  it('a refused connection throws ApiError with status 600', async () => {
    const closed = createServer();
    const closedOrigin = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
    configureApi({ origin: closedOrigin });
    const error = (await request('GET', '/json').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(600);
    expect(NO_RESPONSE_STATUS).toBe(600);
    expect(error.message).toBe('Could not reach the server. Check your connection and try again.');
    expect(error.response).toBeUndefined();
  });
});

describe('call(): a declared call by its route', () => {
  it('a GET sends its input as the query, to the declared path, and is typed with the declared answer', async () => {
    const page = await call('GET /api/get-tugs', { club: 'alpha' });
    expectTypeOf(page).toEqualTypeOf<TugPageData>();
    expect(page).toEqual({ tugs: [], towPilots: [{ userID: 'GET', first: 'alpha', last: '' }] });
  });

  it('a POST sends its input as the JSON body, and is typed with the declared answer', async () => {
    const body = { idempotencyKey: 'tap-0001', data: { tug: 'C-GTUG', hobbs: 1200.5 } };
    const answer = await call('POST /api/create-tow/', body);
    expectTypeOf(answer).toEqualTypeOf<TowEventResult>();
    expect(answer).toEqual({ statusCode: 200, message: 'POST', tug: body });
  });

  it(
    'a path parameter is filled in from the input field of its ' + 'name (encoded), and not sent again as the query',
    async () => {
      const answer = await call('GET /api/get-pilot-clubs/:id', { id: 'u 1/2' });
      expectTypeOf(answer).toEqualTypeOf<{ clubs: PilotClub[] }>();
      expect(answer.clubs[0]!.id).toBe('/api/get-pilot-clubs/u%201%2F2');
      // @ts-expect-error the person's id is required
      void (() => call('GET /api/get-pilot-clubs/:id', {}));
    },
  );

  it(
    'callFile() sends the file as the body with its own type, the input ' +
      'as the query, and is typed with the declared answer',
    async () => {
      const answer = await callFile(
        'POST /api/upload-club-logo',
        { club: 'alpha' },
        new Blob(['PNG bytes'], { type: 'image/png' }),
      );
      expectTypeOf(answer).toEqualTypeOf<{ clubLogo: string }>();
      expect(answer).toEqual({ clubLogo: 'image/png PNG bytes alpha' });
      // @ts-expect-error create-tow takes a JSON body, not a file
      void (() => callFile('POST /api/create-tow/', { data: { tug: 'C-GTUG', hobbs: 1200 } }, new Blob([])));
    },
  );

  it('the input is typed from the declaration: a wrong field or type does not compile', () => {
    expectTypeOf<Parameters<typeof call<'GET /api/get-tugs'>>[1]>().toEqualTypeOf<{ club?: string | undefined }>();
    // @ts-expect-error the tug page takes no `tug` parameter
    void (() => call('GET /api/get-tugs', { tug: 'C-GTUG' }));
    // @ts-expect-error Hobbs is a number
    void (() => call('POST /api/create-tow/', { data: { tug: 'C-GTUG', hobbs: '1200' } }));
  });
});
