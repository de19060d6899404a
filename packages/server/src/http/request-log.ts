import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

/** Fastify's logger options (pino's, with a `stream` to write to): what buildApp's `logger` takes. */
export type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** Where a header could reach a log line: its value is replaced, whatever logged it. */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.headers.cookie',
  '*.headers.authorization',
  '*.headers["set-cookie"]',
];

/** The error behind a 5xx answer, kept until the request's line is written. */
const serverErrors = new WeakMap<FastifyRequest, unknown>();

/** The error handler's unanswerable error (a 500): logged, with its stack, on the request's one line. */
export function noteServerError(request: FastifyRequest, error: unknown): void {
  serverErrors.set(request, error);
}

/** The fields of a request's line (docs/deploy.md, Logs and metrics); reqId comes from Fastify's child logger. */
function requestFields(request: FastifyRequest, reply: FastifyReply) {
  const route = request.routeOptions.url;
  return {
    method: request.method,
    // The route pattern (/api/get-pilot/:id), never the query: it can carry a link's secret.
    route: route ?? null,
    // No route matched (a page of the web app, a 404): its path, still without the query.
    ...(route === undefined ? { path: request.url.split('?')[0] } : {}),
    statusCode: reply.statusCode,
    durationMs: Math.round(reply.elapsedTime * 10) / 10,
  };
}

/**
 * One line per request, when its answer has been sent: `request completed`
 * at info, or at error with the error and its stack for a 5xx. Fastify's own
 * pair of lines ("incoming request" and "request completed", with the raw
 * URL) is not written.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const fields = requestFields(request, reply);
    const err = error ?? serverErrors.get(request);
    if (err !== undefined || reply.statusCode >= 500)
      reply.log.error({ ...fields, ...(err === undefined ? {} : { err }) }, 'request completed');
    else reply.log.info(fields, 'request completed');
  }

  /** An event stream the phone ended (it never finishes): its one line, marked aborted. */
  override streamError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if ((error as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE')
      reply.log.info({ ...requestFields(request, reply), aborted: true }, 'request completed');
    else super.streamError(error, request, reply);
  }
}

/**
 * A line as a person reads it in development: `[12:00:00.000] INFO: GET /api/health 200 1.2 ms`, errors with their
 * stack.
 */
function readableMessage(log: Record<string, unknown>, messageKey: string): string {
  if (log.msg !== 'request completed') return String(log[messageKey] ?? '');
  return (
    `${String(log.method)} ${String(log.route ?? log.path)} ${String(log.statusCode)} ` +
    `${String(log.durationMs)} ms${log.aborted ? ' (closed by the client)' : ''}`
  );
}

/**
 * The server's logger (LOG_LEVEL; config.ts): JSON lines on stdout in
 * production, readable lines (pino-pretty, written synchronously, so they
 * keep their order among the console's startup lines) otherwise.
 */
export async function serverLogger(options: { level: string; format: 'json' | 'pretty' }): Promise<LoggerOptions> {
  const base = { level: options.level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
  if (options.format === 'json') return base;
  const { default: pretty } = await import('pino-pretty');
  const stream = pretty({
    sync: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,reqId,method,route,path,statusCode,durationMs,aborted',
    singleLine: true,
    messageFormat: readableMessage,
  });
  return { ...base, stream };
}
