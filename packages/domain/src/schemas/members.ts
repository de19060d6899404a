import { z } from 'zod';

/** Inputs of the membership and profile calls (docs/clubs-and-members.md). */

const text = (max: number) => z.string().trim().max(max);

/**
 * POST /api/pilot: the signed-in person's names. Role flags may be sent only as false: every flag is false at
 * signup.
 */
export const pilotCreateSchema = z
  .object({
    first: z.string().trim().min(1, 'First name is required').max(60),
    last: z.string().trim().min(1, 'Last name is required').max(60),
    pilotId: z.string().max(100).optional(),
    userID: z.string().max(100).optional(),
    club: z.string().max(100).optional(),
    isInstructor: z.literal(false).optional(),
    isTowPilot: z.literal(false).optional(),
    isAdmin: z.literal(false).optional(),
  })
  .strict();

/** update-item PILOT data: the profile editor. */
export const profileSchema = z
  .object({
    emContact: text(100),
    emPhone: text(40),
    emRelation: text(60),
    phone: text(40),
    email: z.union([z.literal(''), z.string().trim().email('Enter a valid email address').max(254)]),
    address: text(500),
    emNote: text(1000),
    // Only web links: a javascript: or data: address shown as a link would run in other members' browsers.
    emLink: z.union([
      z.literal(''),
      z
        .string()
        .trim()
        .max(500)
        .regex(/^https?:\/\/[^\s]+$/i, 'Enter a full link, starting with https://'),
    ]),
    shareEmail: z.boolean(),
    sharePhone: z.boolean(),
    shareAddress: z.boolean(),
  })
  .strict();

/** update-item PILOT data: the crew page's weight update. */
export const weightSchema = z.object({ weight: z.number().int().min(0).max(300) }).strict();

/** update-item PILOT data: a membership request at another club. */
export const membershipRequestSchema = z
  .object({
    clubId: z.string().uuid('Choose a club'),
    pilotId: z.string().min(1).max(100),
    first: text(60),
    last: text(60),
    createdAt: z.number().int().nonnegative(),
  })
  .strict();

export const switchClubSchema = z.object({ club: z.string().uuid('Choose a club') }).strict();

export type Profile = z.infer<typeof profileSchema>;
