import { z } from 'zod';
import { acceptInvitationSchema, inviteMemberSchema } from '../schemas/invitations.ts';
import { pilotCreateSchema, switchClubSchema } from '../schemas/members.ts';
import { pilotClubAnswer } from './clubs.ts';
import { defineCall } from './define-call.ts';
import { clubQuery, memberQuery, userIdParam } from './params.ts';

/** The members' calls. */

// The rights below are the session's view: each is false while the caller's membership is not active.
export const sessionAnswer = z.object({
  isAuthenticated: z.boolean(),
  userID: z.string().nullable(),
  email: z.string(),
  first: z.string(),
  last: z.string(),
  /** Active club id, or null (no club). */
  club: z.string().nullable(),
  clubName: z.string(),
  clubShortName: z.string(),
  clubLink: z.string(),
  clubLogo: z.string(),
  /** Sanitised HTML. */
  clubMessage: z.string(),
  clubTimeZone: z.string(),
  /**
   * The club zone's offsets from the server's tz database, so the phone's clock agrees whatever its own data
   * (zone-rules.ts).
   */
  clubZoneRules: z
    .object({
      zone: z.string(),
      tzdata: z.string(),
      changes: z.array(z.number().int()),
      offsets: z.array(z.number().int()),
    })
    .nullable(),
  currency: z.string(),
  userIsActive: z.boolean(),
  userIsAdmin: z.boolean(),
  userCanAddFunds: z.boolean(),
  userCanAddIntros: z.boolean(),
  userCanUpdateGliders: z.boolean(),
  userCanEditLogs: z.boolean(),
  /** Generates, edits and publishes the duty roster (admin or Can Edit Roster). */
  userCanEditRoster: z.boolean(),
  isInstructor: z.boolean(),
  isTowPilot: z.boolean(),
  groundOnly: z.boolean(),
});

export const session = defineCall({
  method: 'GET',
  path: '/api/session',
  summary: 'Who is signed in, their active club and their rights there',
  access: 'public',
  answer: sessionAnswer,
});

export const getPilotClubs = defineCall({
  method: 'GET',
  path: '/api/get-pilot-clubs/:id',
  summary: "The caller's clubs: active, inactive or pending membership",
  access: 'user',
  params: z.object({ id: userIdParam }),
  answer: z.object({ clubs: z.array(pilotClubAnswer) }),
});

export const switchClub = defineCall({
  method: 'POST',
  path: '/api/switch-club',
  summary: 'Make another club where the caller is a member (or asked to be) the active club',
  access: 'user',
  body: switchClubSchema,
  answer: sessionAnswer,
});

export const pilotRecordAnswer = z.object({
  userID: z.string(),
  club: z.string().nullable(),
  first: z.string(),
  last: z.string(),
  loginEmail: z.string(),
  weight: z.number(),
  isInstructor: z.boolean(),
  isTowPilot: z.boolean(),
  isAdmin: z.boolean(),
  isActive: z.boolean(),
  activeExpiration: z.string().nullable(),
  groundOnly: z.boolean(),
  canEditLogs: z.boolean(),
  canAddFunds: z.boolean(),
  canAddIntros: z.boolean(),
  canUpdateGliders: z.boolean(),
  emContact: z.string(),
  emPhone: z.string(),
  emRelation: z.string(),
  emNote: z.string(),
  emLink: z.string(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  shareEmail: z.boolean(),
  sharePhone: z.boolean(),
  shareAddress: z.boolean(),
});

// Reading another member's record needs admin, which the service checks with its own message.
export const getPilot = defineCall({
  method: 'GET',
  path: '/api/get-pilot',
  summary: "A pilot record: the caller's own, or (admins) a member's of the active club",
  access: 'user',
  query: memberQuery,
  answer: pilotRecordAnswer,
});

export const directoryEntryAnswer = z.object({
  userID: z.string(),
  first: z.string(),
  last: z.string(),
  isActive: z.boolean(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  emContact: z.string(),
  emPhone: z.string(),
  emRelation: z.string(),
  emNote: z.string(),
  emLink: z.string(),
  shareEmail: z.boolean(),
  sharePhone: z.boolean(),
  shareAddress: z.boolean(),
});

export const listMembers = defineCall({
  method: 'GET',
  path: '/api/list-members',
  summary: 'The directory: active members of the active club, contacts as shared',
  access: 'member',
  query: clubQuery,
  answer: z.object({ pilots: z.array(directoryEntryAnswer) }),
});

export const inviteMember = defineCall({
  method: 'POST',
  path: '/api/invite-member',
  summary:
    'User Administration New (admin): mail the email an invitation to join the club, the same ' +
    'answer whether it has an account or not; nobody joins until they accept it',
  access: 'member',
  right: 'admin',
  refusal: 'Only an admin can add members',
  body: inviteMemberSchema,
  answer: z.discriminatedUnion('status', [
    /** The login email of one of the club's own active members (whom the admin already sees): nothing is sent. */
    z.object({ status: z.literal('member'), message: z.string(), pilotID: z.string() }),
    /** expiresAt: epoch milliseconds. */
    z.object({ status: z.literal('invited'), message: z.string(), email: z.string(), expiresAt: z.number() }),
  ]),
});

export const acceptInvitation = defineCall({
  method: 'POST',
  path: '/api/accept-invitation',
  summary:
    'The signed-in invitee accepts an invitation (from the mailed link or Settings): ' +
    'they join its club as an active member, and it becomes their active club',
  access: 'user',
  body: acceptInvitationSchema,
  answer: z.object({
    status: z.literal('ok'),
    message: z.string(),
    club: z.object({ id: z.string(), name: z.string() }),
  }),
});

/** An invitation waiting for the signed-in person's consent (Settings). */
export const pendingInvitationAnswer = z.object({
  /** What accept-invitation takes: the same code as the mailed link's. */
  invitation: z.string(),
  clubName: z.string(),
  invitedBy: z.string(),
  /** Epoch milliseconds. */
  expiresAt: z.number(),
});

export const getInvitations = defineCall({
  method: 'GET',
  path: '/api/get-invitations',
  summary: "The invitations to the caller's login email that are neither accepted nor expired, for Settings",
  access: 'user',
  answer: z.object({ invitations: z.array(pendingInvitationAnswer) }),
});

export const createPilot = defineCall({
  method: 'POST',
  path: '/api/pilot',
  summary: "Store the caller's names and create their profile (no active club) after sign-up",
  access: 'user',
  body: pilotCreateSchema,
  answer: z.object({ userID: z.string(), first: z.string(), last: z.string() }),
});
