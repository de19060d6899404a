import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { fromNodeHeaders } from 'better-auth/node';
import { isMembershipActive } from '@flightline/domain/club-time';
import type { Auth } from '../auth/auth.ts';
import type { ClubTable, DB, PilotTable } from '../db/schema.ts';
import { forbidden, unauthorized } from './errors.ts';

export type ClubRow = Selectable<ClubTable>;
export type PilotRow = Selectable<PilotTable>;

export interface SessionUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

/** Rights a pilot record can hold; `admin` implies all the others. */
export type Right = 'admin' | 'canAddFunds' | 'canAddIntros' | 'canUpdateGliders' | 'canEditLogs';

const rightColumn = {
  admin: 'is_admin',
  canAddFunds: 'can_add_funds',
  canAddIntros: 'can_add_intros',
  canUpdateGliders: 'can_update_gliders',
  canEditLogs: 'can_edit_logs',
} as const;

/** Who is calling, in which club, with which rights — resolved once per request. */
export interface RequestContext {
  user: SessionUser | null;
  club: ClubRow | null;
  pilot: PilotRow | null;
  /** Active in the active club (flag and expiry, in the club's zone). */
  isActive: boolean;
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
    throw forbidden('User is not authorized (603)');
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
  reply.header('set-cookie', [...(existing === undefined ? [] : ([] as string[]).concat(existing as string | string[])), ...cookies]);
}

/**
 * Who is calling. The session comes from better-auth. A read (GET) may take
 * it from the signed cookie cache when fresh (auth.ts), so its names and email
 * can lag a change by up to a minute (read them from the user table where they
 * are shown) and a session ended elsewhere still reads for up to that minute.
 * A write reads the session from the database: a session ended by a password
 * reset or change, or a sign-out, changes nothing (decision 0006).
 */
export async function resolveContext(
  request: FastifyRequest,
  deps: { db: Kysely<DB>; auth: Auth; now: () => number },
): Promise<RequestContext> {
  const now = deps.now();
  const fromDatabase = request.method !== 'GET' && request.method !== 'HEAD';
  const { response: found, headers } = await deps.auth.api.getSession({
    headers: fromNodeHeaders(request.headers),
    returnHeaders: true,
    ...(fromDatabase ? { query: { disableCookieCache: true } } : {}),
  });
  // A session read from the database renews its cookie cache (and, once a day, the session cookie), and
  // one found gone clears both: pass them on.
  const cookies = headers.getSetCookie();
  if (cookies.length) sessionCookies.set(request, cookies);
  if (!found) return { user: null, club: null, pilot: null, isActive: false, now };
  const user: SessionUser = {
    id: found.user.id,
    email: found.user.email,
    firstName: (found.user as { firstName?: string }).firstName ?? '',
    lastName: (found.user as { lastName?: string }).lastName ?? '',
  };
  // The active club and the caller's pilot record in it, in one round trip (this runs on every call, the line poll included).
  const activeClubId = deps.db.selectFrom('profile').select('active_club_id').where('user_id', '=', user.id);
  const [club, pilot] = await Promise.all([
    deps.db.selectFrom('club').selectAll().where('id', '=', activeClubId).executeTakeFirst(),
    deps.db
      .selectFrom('pilot')
      .selectAll()
      .where('club_id', '=', activeClubId)
      .where('user_id', '=', user.id)
      .executeTakeFirst(),
  ]);
  if (!club) return { user, club: null, pilot: null, isActive: false, now };
  if (!pilot) return { user, club, pilot: null, isActive: false, now };
  const isActive = isMembershipActive(
    { isActive: pilot.is_active, activeExpiration: pilot.active_expiration },
    club.time_zone,
    now,
  );
  return { user, club, pilot, isActive, now };
}

/** Apply a route's access level to a resolved context. */
export function checkAccess(ctx: RequestContext, access: 'public' | 'user' | 'member'): void {
  if (access === 'public') return;
  if (!ctx.user) throw unauthorized();
  if (access === 'user') return;
  if (!ctx.club) {
    throw forbidden(
      'Your account does not have an active club, go to settings, request membership at a club, select it as the active club, and a club admin must activate the account.',
    );
  }
  if (!ctx.pilot || !ctx.isActive) {
    throw forbidden('Your account has not been activated at this club, Contact a club admin to have your account activated.');
  }
}
