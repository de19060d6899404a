import type { Kysely } from 'kysely';
import { clubToday, isMembershipActive, isValidTimeZone } from '@flightline/domain/time/club-time';
import { compareText } from '@flightline/domain/club/text-order';
import type { DB } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { UUID } from '../../http/params.ts';
import { findClub, findClubByName, insertClub, listClubs, type ClubRecord } from '../clubs/repo.ts';
import {
  findPilotForUpdate,
  findUserByEmail,
  insertPilot,
  membershipStates,
  setActiveClubIfNone,
  updatePilot,
} from './repo.ts';

/**
 * What a host's operator does from the command line (npm run club): create
 * a club with its first admin, activate a member, list the clubs. Errors are
 * HttpErrors so the messages read the same as the API's.
 */

async function signedUpUser(db: Kysely<DB>, email: string) {
  const user = await findUserByEmail(db, email);
  if (!user) {
    throw notFound(`No user with email ${email.trim()}: they must sign up in the app first, then run this again`);
  }
  if (!user.emailVerified) {
    throw badRequest(`${user.email} has signed up but not confirmed the emailed code yet: they must confirm it first`);
  }
  return user;
}

export interface CreateClubInput {
  name: string;
  timeZone: string;
  adminEmail: string;
  currency?: string | undefined;
}

export interface CreatedClub {
  club: ClubRecord;
  adminUserId: string;
  adminEmail: string;
}

/** A new club whose first admin is an existing user; it becomes their active club if they have none. */
export async function createClubWithAdmin(db: Kysely<DB>, input: CreateClubInput, now: number): Promise<CreatedClub> {
  const name = input.name.trim();
  if (name.length < 1 || name.length > 100) throw badRequest('The club name must be 1 to 100 characters');
  if (!isValidTimeZone(input.timeZone)) {
    throw badRequest(`"${input.timeZone}" is not a time zone: use an IANA name such as America/Toronto`);
  }
  const currency = (input.currency ?? 'CAD').trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency))
    throw badRequest(`"${input.currency}" is not a currency code: use three letters such as CAD`);
  return db.transaction().execute(async (trx) => {
    const admin = await signedUpUser(trx, input.adminEmail);
    if (await findClubByName(trx, name)) throw conflict(`A club named "${name}" already exists`);
    const club = await insertClub(trx, { name, time_zone: input.timeZone, currency });
    const at = new Date(now);
    await insertPilot(trx, {
      club_id: club.id,
      user_id: admin.id,
      is_admin: true,
      is_active: true,
      requested_at: at,
      activated_at: at,
    });
    await setActiveClubIfNone(trx, admin.id, club.id);
    return { club, adminUserId: admin.id, adminEmail: admin.email };
  });
}

export interface ActivateInput {
  /** The club's name (any case) or id. */
  club: string;
  email: string;
}

export interface Activation {
  clubName: string;
  email: string;
  /** False when the member was already active. */
  changed: boolean;
  message: string;
}

async function clubByNameOrId(db: Kysely<DB>, nameOrId: string): Promise<ClubRecord> {
  const key = nameOrId.trim();
  const club = UUID.test(key) ? await findClub(db, key) : await findClubByName(db, key);
  if (!club) throw notFound(`No club named or with id "${key}": "npm run club -- list" shows the clubs`);
  return club;
}

/**
 * Activate a pending or inactive member: the flag, the activation time, and
 * an expiry that has passed (activating means active from now). Their active
 * club becomes this one if they have none.
 */
export async function activateMember(db: Kysely<DB>, input: ActivateInput, now: number): Promise<Activation> {
  return db.transaction().execute(async (trx) => {
    const club = await clubByNameOrId(trx, input.club);
    const user = await signedUpUser(trx, input.email);
    const pilot = await findPilotForUpdate(trx, club.id, user.id);
    if (!pilot) {
      throw notFound(
        `${user.email} has not requested membership at ${club.name}: they ` +
          `request it in the app (Settings), then run this again`,
      );
    }
    const active = isMembershipActive(
      { isActive: pilot.is_active, activeExpiration: pilot.active_expiration },
      club.time_zone,
      now,
    );
    if (active && pilot.declined_at === null) {
      return {
        clubName: club.name,
        email: user.email,
        changed: false,
        message: `${user.email} is already active at ${club.name}`,
      };
    }
    const expired = pilot.active_expiration !== null && pilot.active_expiration < clubToday(club.time_zone, now);
    await updatePilot(trx, club.id, user.id, {
      is_active: true,
      activated_at: pilot.activated_at ?? new Date(now),
      declined_at: null,
      ...(expired ? { active_expiration: null } : {}),
    });
    await setActiveClubIfNone(trx, user.id, club.id);
    const note = expired ? ` (their membership had expired on ${pilot.active_expiration}; the expiry is cleared)` : '';
    return {
      clubName: club.name,
      email: user.email,
      changed: true,
      message: `${user.email} is now active at ${club.name}${note}`,
    };
  });
}

export interface ClubListing {
  id: string;
  name: string;
  timeZone: string;
  currency: string;
  activeMembers: number;
  inactiveMembers: number;
  pendingRequests: number;
}

/** Every club with how many members are active, inactive (expired or deactivated) and waiting, by name. */
export async function listClubsWithCounts(db: Kysely<DB>, now: number): Promise<ClubListing[]> {
  const listings = new Map<string, ClubListing>();
  for (const club of await listClubs(db)) {
    listings.set(club.id, {
      id: club.id,
      name: club.name,
      timeZone: club.time_zone,
      currency: club.currency,
      activeMembers: 0,
      inactiveMembers: 0,
      pendingRequests: 0,
    });
  }
  for (const row of await membershipStates(db)) {
    const listing = listings.get(row.club_id);
    if (!listing || row.declined_at !== null) continue;
    if (
      isMembershipActive({ isActive: row.is_active, activeExpiration: row.active_expiration }, listing.timeZone, now)
    ) {
      listing.activeMembers += 1;
    } else if (row.activated_at === null) {
      listing.pendingRequests += 1;
    } else {
      listing.inactiveMembers += 1;
    }
  }
  return [...listings.values()].sort((a, b) => compareText(a.name, b.name) || a.id.localeCompare(b.id));
}
