import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  accessLabel,
  type CallAccess,
  type CallDefinition,
  type CallMethod,
  type CallRight,
} from '@flightline/domain/api/define-call';
import { badRequest, forbidden, NOT_AUTHORIZED } from './errors.ts';
import { assertSameClub, hasRight, type MemberContext, type RequestContext, type UserContext } from './context.ts';
import { clubReadTag, ifNoneMatchHits, REVALIDATE_CACHE_CONTROL, type TagParts } from './etag.ts';

type Method = CallMethod;
export type Access = CallAccess;

/** The context a handler gets: already checked against its route's access level, and typed to match. */
export type ContextFor<A extends Access> = A extends 'member'
  ? MemberContext
  : A extends 'user'
    ? UserContext
    : RequestContext;

export interface RouteDefinition<A extends Access, Q extends z.ZodType, B extends z.ZodType, R> {
  method: Method;
  url: string;
  summary: string;
  /** public: no session needed; user: signed in; member: signed in, active in the active club. */
  access: A;
  query?: Q;
  body?: B;
  params?: z.ZodType<Record<string, string>>;
  /** Checks of the caller against the parsed input (a declared call's club and right), before a 304 or the handler. */
  authorize?: (input: { query: z.infer<Q>; body: z.infer<B>; ctx: ContextFor<A> }) => void;
  /**
   * For a member read whose answer follows from the club's data, the caller,
   * the club's day and these parameters alone: it answers a strong ETag with
   * `Cache-Control: private, no-cache`, and 304 Not Modified without running
   * the handler when If-None-Match names the current one (http/etag.ts).
   * Null: this request's answer is not revalidated. It runs before a 304, so
   * it refuses what the handler would (another club's name).
   */
  /** Read the session from the database, not the one-minute cookie cache, even for a GET (a stream that stays open). */
  sessionFromDatabase?: true;
  revalidate?: A extends 'member' ? (input: { query: z.infer<Q>; ctx: MemberContext }) => TagParts | null : never;
  handler: (input: {
    query: z.infer<Q>;
    body: z.infer<B>;
    params: Record<string, string>;
    ctx: ContextFor<A>;
    request: FastifyRequest;
    reply: FastifyReply;
  }) => Promise<R>;
}

export interface OpenApiOperation {
  method: Method;
  url: string;
  summary: string;
  /** Who may call: public, user, member, or the right a member needs (admin, canAddFunds, …). */
  access: string;
  /** The path parameters' JSON schema (`:id` in the url). */
  params?: unknown;
  query?: unknown;
  body?: unknown;
  /** The 200 answer's JSON schema, for a call declared in packages/domain/src/api. */
  answer?: unknown;
}

/** Every route registered, for the OpenAPI document. */
export const operations: OpenApiOperation[] = [];

/** First issue of a failed parse, phrased for a person: "releaseHeight: Too small: expected number to be >0". */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid input';
  const path = issue.path.join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

function parse<T extends z.ZodType>(schema: T | undefined, value: unknown, where: string): z.infer<T> {
  if (!schema) return undefined as z.infer<T>;
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw badRequest(`Invalid ${where}: ${describeZodError(result.error)}`);
  return result.data;
}

export function defineRoute<
  A extends Access,
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
  R = unknown,
>(app: FastifyInstance, route: RouteDefinition<A, Q, B, R>) {
  operations.push({
    method: route.method,
    url: route.url,
    summary: route.summary,
    access: route.access,
    ...(route.params ? { params: z.toJSONSchema(route.params, { io: 'input', unrepresentable: 'any' }) } : {}),
    ...(route.query ? { query: z.toJSONSchema(route.query, { io: 'input', unrepresentable: 'any' }) } : {}),
    ...(route.body ? { body: z.toJSONSchema(route.body, { io: 'input', unrepresentable: 'any' }) } : {}),
  });
  app.route({
    method: route.method,
    url: route.url,
    ...(route.sessionFromDatabase ? { config: { sessionFromDatabase: true } } : {}),
    async handler(request, reply) {
      // request.context() refuses the call unless the caller meets the access level, so the narrowing holds.
      const ctx = (await request.context(route.access)) as ContextFor<A>;
      const query = parse(route.query, request.query, 'query');
      const body = parse(route.body, request.body, 'body');
      const params = parse(route.params, request.params, 'path') ?? {};
      route.authorize?.({ query, body, ctx });
      const parts = route.revalidate?.({ query, ctx: ctx as MemberContext });
      const tag = parts ? clubReadTag(request, ctx as MemberContext, route.url, parts) : undefined;
      if (tag && ifNoneMatchHits(request.headers['if-none-match'], tag)) {
        return reply.code(304).header('etag', tag).header('cache-control', REVALIDATE_CACHE_CONTROL).send();
      }
      const result = await route.handler({ query, body, params, ctx, request, reply });
      if (reply.sent) return reply;
      // Only a successful answer carries the tag: a refusal is not kept.
      if (tag) reply.header('etag', tag).header('cache-control', REVALIDATE_CACHE_CONTROL);
      return result;
    },
  });
}

/**
 * Answers are checked against their declared schema under the test runner
 * (or with FLIGHTLINE_CHECK_ANSWERS=1), so a server answer that drifts from
 * what the web app is typed against fails a test rather than a phone.
 */
const CHECK_ANSWERS = process.env.VITEST === 'true' || process.env.FLIGHTLINE_CHECK_ANSWERS === '1';

type CallHandlers<D extends CallDefinition> = Pick<
  RouteDefinition<D['access'], QueryOf<D>, BodyOf<D>, unknown>,
  'revalidate' | 'sessionFromDatabase'
> & {
  /**
   * The club the call names, checked against the active club before the
   * declared right, for a call that has always refused another club first
   * (whatever the caller's rights).
   */
  club?: (input: { query: z.infer<QueryOf<D>>; body: z.infer<BodyOf<D>> }) => string | undefined;
  handler: (
    input: Omit<Parameters<RouteDefinition<D['access'], QueryOf<D>, BodyOf<D>, unknown>['handler']>[0], 'params'> & {
      params: ParamsOf<D>;
    },
  ) => Promise<z.input<D['answer']>>;
};
type QueryOf<D extends CallDefinition> = NonNullable<D['query']>;
type BodyOf<D extends CallDefinition> = NonNullable<D['body']>;
/** The declared path parameters, parsed (none: an empty object). */
type ParamsOf<D extends CallDefinition> = [NonNullable<D['params']>] extends [never]
  ? Record<string, never>
  : z.output<NonNullable<D['params']>>;

/** Refuse with 403 (the call's own message, or the default) unless the caller holds the right or one of the rights. */
function requireCallRight(
  ctx: RequestContext,
  call: { right: CallRight | readonly CallRight[]; refusal?: string | undefined },
): void {
  const rights: readonly CallRight[] = typeof call.right === 'string' ? [call.right] : call.right;
  if (!rights.some((right) => hasRight(ctx, right))) throw forbidden(call.refusal ?? NOT_AUTHORIZED);
}

/**
 * A route registered from its call's declaration (packages/domain/src/api):
 * method, path, summary, who may call, input and answer schemas come from
 * there; the route adds only its handler (and a revalidation tag, or for a
 * stream that stays open, a session read from the database).
 */
export function defineCallRoute<D extends CallDefinition>(app: FastifyInstance, call: D, route: CallHandlers<D>): void {
  const answer = call.answer;
  defineRoute<D['access'], QueryOf<D>, BodyOf<D>, unknown>(app, {
    method: call.method,
    url: call.path,
    summary: call.summary,
    access: call.access as D['access'],
    ...(call.query ? { query: call.query as QueryOf<D> } : {}),
    ...(call.body ? { body: call.body as BodyOf<D> } : {}),
    ...(call.params ? { params: call.params as z.ZodType<Record<string, string>> } : {}),
    ...(route.revalidate ? { revalidate: route.revalidate } : {}),
    ...(route.sessionFromDatabase ? { sessionFromDatabase: route.sessionFromDatabase } : {}),
    // After the input is parsed, as the services' own checks ran: a bad input answers 400 before a missing right's 403.
    authorize(input) {
      if (route.club) assertSameClub(input.ctx, route.club(input));
      if (call.right) requireCallRight(input.ctx, { right: call.right, refusal: call.refusal });
    },
    async handler(input) {
      // defineRoute parsed the path with the declared params schema.
      const result = await route.handler({ ...input, params: input.params as ParamsOf<D> });
      // A call that produces no JSON (an image, an event stream) sends what no answer schema describes.
      if (CHECK_ANSWERS && !input.reply.sent && call.produces === undefined) {
        // As the phone receives it: a field the schema does not name is drift too.
        const sent: unknown = JSON.parse(JSON.stringify(result));
        const checked = answer.safeParse(sent);
        if (!checked.success)
          throw new Error(
            `${call.method} ${call.path} answered outside its declared schema: ${describeZodError(checked.error)}`,
          );
        if (!isDeepStrictEqual(checked.data, sent))
          throw new Error(`${call.method} ${call.path} answered fields its declared schema does not name`);
      }
      return result;
    },
  });
  const operation = operations.at(-1)!;
  operation.access = accessLabel(call);
  if (call.produces === undefined) operation.answer = z.toJSONSchema(answer, { io: 'output', unrepresentable: 'any' });
}
