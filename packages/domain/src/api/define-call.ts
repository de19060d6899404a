import type { z } from 'zod';

/**
 * One API call, declared once (docs/architecture.md, "API calls"): what the
 * server registers its route from (parsing the input, checking who may call,
 * typing and in tests checking the answer, and the OpenAPI document) and what
 * the web app's typed client `call()` is checked against. The web app imports
 * these modules for their types only, so no schema reaches a page's bundle.
 */

export type CallMethod = 'GET' | 'POST' | 'DELETE';

/** public: no session needed; user: signed in; member: signed in, active in the active club. */
export type CallAccess = 'public' | 'user' | 'member';

/** A member's rights, as the pilot row holds them. */
export type CallRight = 'admin' | 'canAddFunds' | 'canAddIntros' | 'canUpdateGliders' | 'canEditLogs' | 'canEditRoster';

export interface CallDefinition<
  M extends CallMethod = CallMethod,
  P extends string = string,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  A extends z.ZodType = z.ZodType,
  X extends CallAccess = CallAccess,
  R extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: M;
  /** The full path, `/api/...`; `:name` marks a path parameter. */
  path: P;
  summary: string;
  access: X;
  /**
   * The right a member needs besides membership (an admin holds every right),
   * or a list of which any one will do; without it, 403 with `refusal`.
   */
  right?: CallRight | readonly CallRight[];
  /**
   * The 403 message when the right is missing: "User is not authorized (603)" unless the call has always answered
   * another.
   */
  refusal?: string;
  /** The path's parameters (`:id` in `path`), by name. */
  params?: R;
  query?: Q;
  body?: B;
  /** The 200 answer's JSON. */
  answer: A;
  /**
   * The 200's media type when it is not JSON (the club logo's image, the
   * live stream's events): the route sends it itself, no answer schema
   * checks or documents it (`answer` is then `z.unknown()`), and the web app
   * does not call() it (calls.ts lists such calls apart).
   */
  produces?: string;
}

/** A call's definition, kept with its exact literal types. */
export function defineCall<
  M extends CallMethod,
  P extends `/api/${string}`,
  A extends z.ZodType,
  X extends CallAccess,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType | undefined = undefined,
>(definition: CallDefinition<M, P, Q, B, A, X, R>): CallDefinition<M, P, Q, B, A, X, R> {
  return definition;
}

/**
 * Who may call, as the OpenAPI document's `x-access` shows it: the access level, or the right(s)
 * (`canAddFunds|canEditLogs`).
 */
export function accessLabel(call: Pick<CallDefinition, 'access' | 'right'>): string {
  if (call.right === undefined) return call.access;
  return typeof call.right === 'string' ? call.right : call.right.join('|');
}

/** `GET /api/get-tugs`: how the web app names a call. */
export type RouteOf<D> = D extends { method: infer M extends string; path: infer P extends string }
  ? `${M} ${P}`
  : never;

/** The query of a GET or DELETE, the body of a POST (their input types, before defaults); undefined for neither. */
type SentOf<D> = D extends { query?: infer Q; body?: infer B }
  ? [NonNullable<Q>] extends [never]
    ? [NonNullable<B>] extends [never]
      ? undefined
      : z.input<NonNullable<B> & z.ZodType>
    : z.input<NonNullable<Q> & z.ZodType>
  : never;

/** The path parameters' input type; undefined for a path without any. */
type PathOf<D> = D extends { params?: infer R }
  ? [NonNullable<R>] extends [never]
    ? undefined
    : z.input<NonNullable<R> & z.ZodType>
  : undefined;

/** What the caller sends: the path parameters with the query of a GET or DELETE or the body of a POST. */
export type InputOf<D> = [PathOf<D>] extends [undefined]
  ? [SentOf<D>] extends [undefined]
    ? Record<string, never>
    : SentOf<D>
  : [SentOf<D>] extends [undefined]
    ? PathOf<D>
    : PathOf<D> & SentOf<D>;

/** What a 200 answers. */
export type AnswerOf<D> = D extends { answer: infer A extends z.ZodType } ? z.output<A> : never;
