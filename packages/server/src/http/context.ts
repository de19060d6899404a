import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { fromNodeHeaders } from 'better-auth/node';
import { isMembershipActive } from '@flightline/domain/time/club-time';
import type { Auth, SessionUser } from '../auth/auth.ts';
import type { SessionMemo } from '../auth/session-memo.ts';
import type { ClubTable, DB, PilotTable } from '../db/schema.ts';
import { forbidden, NOT_AUTHORIZED, unauthorized } from './errors.ts';

export type ClubRow = Selectable<ClubTable>;
export type PilotRow = Selectable<PilotTable>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's context, checked against a route's access level (decorated in app.ts). */
    context(access: 'public' | 'user' | 'member'): Promise<RequestContext>;
  }
  interface FastifyContextConfig {
    /** Read the session from the database even for a GET: no cookie cache, no memo (the live stream, docs/live.md). */
    sessionFromDatabase?: boolean;
  }
}

/** Rights a pilot record can hold; `admin` implies all the others. */
export type Right = 'admin' | 'canAddFunds' | 'canAddIntros' | 'canUpdateGliders' | 'canEditLogs' | 'canEditRoster';

const rightColumn = {
  admin: 'is_admin',
  canAddFunds: 'can_add_funds',
  canAddIntros: 'can_add_intros',
  canUpdateGliders: 'can_update_gliders',
  canEditLogs: 'can_edit_logs',
  canEditRoster: 'can_edit_roster',
} as const;

/** Who is calling, in which club, with which rights — resolved once per request. */
export interface RequestContext {
  user: SessionUser | null;
  club: ClubRow | null;
  pilot: PilotRow | null;
  /** Active in the active club (flag and expiry, in the club's zone). */
  isActive: boolean;
  /**
   * The active club's change counter (club_version, 0015), read with the club
   * and before anything else of the request: the line reads' ETags name it.
   */
  clubVersion: number;
  now: number;
}

/** A context whose caller is signed in and active in their active club. */
export interface MemberContext extends RequestContext {
  user: SessionUser;
  club: ClubRow;
  pilot: PilotRow;
}

/** A context whose caller is signed in (any club, or none). */
export interface UserContext extends RequestContext {
  user: SessionUser;
}

export function hasRight(ctx: RequestContext, right: Right): boolean {
  if (!ctx.pilot || !ctx.isActive) return false;
  return ctx.pilot.is_admin || ctx.pilot[rightColumn[right]];
}

/** Refuse with 403 unless the caller holds one of the rights. */
export function requireRight(ctx: MemberContext, ...rights: Right[]): void {
  if (!rights.some((right) => hasRight(ctx, right))) {
    throw forbidden(NOT_AUTHORIZED);
  }
}

/**
 * The club of a call is the session's active club; a `club` parameter naming
 * another club is refused.
 */
export function assertSameClub(ctx: RequestContext, club: string | undefined): void {
  if (club !== undefined && club !== '' && club !== ctx.club?.id) {
    throw forbidden('That club is not your active club');
  }
}

/** Set-Cookie headers the session read produced, added to the reply by `forwardSessionCookies`. */
const sessionCookies = new WeakMap<FastifyRequest, string[]>();

/** An onSend hook: the reply carries the session cookies its context read renewed. */
export function forwardSessionCookies(request: FastifyRequest, reply: FastifyReply): void {
  const cookies = sessionCookies.get(request);
  if (!cookies) return;
  const existing = reply.getHeader('set-cookie');
  reply.header('set-cookie', [
    ...(existing === undefined ? [] : ([] as string[]).concat(existing as string | string[])),
    ...cookies,
  ]);
}

/** Each request's context, resolved once however often a route asks for it. */
const resolved = new WeakMap<FastifyRequest, Promise<RequestContext>>();

/**
 * Who is calling, once per request. The session comes from better-auth. A
 * read (GET) may take it from the signed cookie cache when fresh (auth.ts),
 * so its names and email can lag a change by up to a minute (read them from
 * the user table where they are shown) and a session ended elsewhere still
 * reads for up to that minute. A write reads the session from the database:
 * a session ended by a password reset or change, or a sign-out, changes
 * nothing (decision 0006). The club, membership and rights are read on every
 * request, in one query: a member removed or deactivated loses access at once.
 */
export interface ContextDeps {
  db: Kysely<DB>;
  auth: Auth;
  now: () => number;
  /** Sessions this process found in the cookie cache, by Cookie header (auth/session-memo.ts). */
  sessions: SessionMemo;
}

export function resolveContext(request: FastifyRequest, deps: ContextDeps): Promise<RequestContext> {
  let context = resolved.get(request);
  if (!context) {
    context = readContext(request, deps);
    resolved.set(request, context);
  }
  return context;
}

async function readContext(request: FastifyRequest, deps: ContextDeps): Promise<RequestContext> {
  const now = deps.now();
  const user = await readSession(request, deps);
  if (!user) return { user: null, club: null, pilot: null, isActive: false, clubVersion: 0, now };
  // This runs on every call, the line poll included: one query (with a fresh cookie cache, the request's only one).
  const active = await findActiveClub(deps.db, user.id);
  if (!active) return { user, club: null, pilot: null, isActive: false, clubVersion: 0, now };
  const { club, pilot, clubVersion } = active;
  if (!pilot) return { user, club, pilot: null, isActive: false, clubVersion, now };
  const isActive = isMembershipActive(
    { isActive: pilot.is_active, activeExpiration: pilot.active_expiration },
    club.time_zone,
    now,
  );
  return { user, club, pilot, isActive, clubVersion, now };
}

/**
 * The signed-in caller, from better-auth — or, for a read whose cookie cache this process has already checked, from
 * memory.
 */
async function readSession(request: FastifyRequest, deps: ContextDeps): Promise<SessionUser | null> {
  // better-auth stamps its cookie cache by the real clock, whatever clock the club's rules run on.
  const now = Date.now();
  const fromDatabase =
    (request.method !== 'GET' && request.method !== 'HEAD') ||
    request.routeOptions.config?.sessionFromDatabase === true;
  const cookieHeader = request.headers.cookie;
  if (!fromDatabase) {
    const known = deps.sessions.get(cookieHeader, now);
    if (known) return known;
  }
  const { response: found, headers } = await deps.auth.api.getSession({
    headers: fromNodeHeaders(request.headers),
    returnHeaders: true,
    ...(fromDatabase ? { query: { disableCookieCache: true } } : {}),
  });
  // A session read from the database renews its cookie cache (and, once a day, the session cookie), and
  // one found gone clears both: pass them on.
  const cookies = headers.getSetCookie();
  if (cookies.length) sessionCookies.set(request, cookies);
  if (!found) return null;
  const user: SessionUser = {
    id: found.user.id,
    email: found.user.email,
    firstName: (found.user as { firstName?: string }).firstName ?? '',
    lastName: (found.user as { lastName?: string }).lastName ?? '',
    sessionId: found.session.id,
  };
  // Nothing renewed: better-auth answered from the cookie cache in this header.
  if (!fromDatabase && !cookies.length) deps.sessions.remember(cookieHeader, user, now);
  return user;
}

/**
 * The caller's active club (from their profile, never from the request), their
 * pilot record there and the club's change counter, in one statement: the
 * counter is read in the same snapshot as the membership, before the request
 * reads anything else.
 */
async function findActiveClub(
  db: Kysely<DB>,
  userId: string,
): Promise<{ club: ClubRow; pilot: PilotRow | null; clubVersion: number } | undefined> {
  const row = await db
    .selectFrom('profile')
    .innerJoin('club', 'club.id', 'profile.active_club_id')
    .leftJoin('pilot', (join) =>
      join.onRef('pilot.club_id', '=', 'club.id').onRef('pilot.user_id', '=', 'profile.user_id'),
    )
    .leftJoin('club_version', 'club_version.club_id', 'club.id')
    .selectAll('club')
    .select([
      'pilot.user_id as pilot_user_id',
      'pilot.is_instructor as pilot_is_instructor',
      'pilot.is_tow_pilot as pilot_is_tow_pilot',
      'pilot.is_admin as pilot_is_admin',
      'pilot.is_active as pilot_is_active',
      'pilot.active_expiration as pilot_active_expiration',
      'pilot.ground_only as pilot_ground_only',
      'pilot.can_edit_logs as pilot_can_edit_logs',
      'pilot.can_add_funds as pilot_can_add_funds',
      'pilot.can_add_intros as pilot_can_add_intros',
      'pilot.can_update_gliders as pilot_can_update_gliders',
      'pilot.can_edit_roster as pilot_can_edit_roster',
      'pilot.requested_at as pilot_requested_at',
      'pilot.activated_at as pilot_activated_at',
      'pilot.declined_at as pilot_declined_at',
      'club_version.version as club_version',
    ])
    .where('profile.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  const {
    pilot_user_id,
    pilot_is_instructor,
    pilot_is_tow_pilot,
    pilot_is_admin,
    pilot_is_active,
    pilot_active_expiration,
    pilot_ground_only,
    pilot_can_edit_logs,
    pilot_can_add_funds,
    pilot_can_add_intros,
    pilot_can_update_gliders,
    pilot_can_edit_roster,
    pilot_requested_at,
    pilot_activated_at,
    pilot_declined_at,
    club_version,
    ...club
  } = row;
  const pilot: PilotRow | null =
    pilot_user_id === null
      ? null
      : {
          club_id: club.id,
          user_id: pilot_user_id,
          is_instructor: pilot_is_instructor!,
          is_tow_pilot: pilot_is_tow_pilot!,
          is_admin: pilot_is_admin!,
          is_active: pilot_is_active!,
          active_expiration: pilot_active_expiration,
          ground_only: pilot_ground_only!,
          can_edit_logs: pilot_can_edit_logs!,
          can_add_funds: pilot_can_add_funds!,
          can_add_intros: pilot_can_add_intros!,
          can_update_gliders: pilot_can_update_gliders!,
          can_edit_roster: pilot_can_edit_roster!,
          requested_at: pilot_requested_at!,
          activated_at: pilot_activated_at,
          declined_at: pilot_declined_at,
        };
  // No counter row yet: the club has not been written since 0015 created them (a bump inserts it at 1).
  return { club, pilot, clubVersion: club_version ?? 0 };
}

/** Apply a route's access level to a resolved context. */
export function checkAccess(ctx: RequestContext, access: 'public' | 'user' | 'member'): void {
  if (access === 'public') return;
  if (!ctx.user) throw unauthorized();
  if (access === 'user') return;
  if (!ctx.club) {
    throw forbidden(
      'Your account does not have an active club, go to settings, request membership at a club, ' +
        'select it as the active club, and a club admin must activate the account.',
    );
  }
  if (!ctx.pilot || !ctx.isActive) {
    throw forbidden(
      'Your account has not been activated at this club, Contact a club admin to have your account activated.',
    );
  }
}
