import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { UpdateItemAnswer } from '@flightline/domain/api/types';
import {
  membershipDecisionSchema,
  qualificationsSchema,
  qualificationsUpdateSchema,
} from '@flightline/domain/schemas/fleet';
import { membershipRequestSchema, profileSchema, weightSchema } from '@flightline/domain/schemas/members';
import type { DB } from '../../db/schema.ts';
import { assertSameClub, hasRight } from '../../http/context.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import { describeZodError, type ContextFor } from '../../http/route.ts';
import { withAccess, type ItemAccess, type ItemHandler, type ItemUpdate } from '../item-handler.ts';
import { decideMembership, updateQualifications } from './admin-service.ts';
import { requestMembership } from './membership-service.ts';
import { updateProfile, updateWeight } from './service.ts';

/**
 * One shape of PILOT data, recognised by the keys it carries and validated
 * by its strict schema, at its own access level: 'user' for the caller's own
 * records, 'member' for an admin's changes to the club's people. `authorize`
 * refuses a caller before their data is looked at.
 */
interface PilotShape<S extends z.ZodType, A extends ItemAccess> {
  name: string;
  access: A;
  matches(data: Record<string, unknown>): boolean;
  schema: S;
  authorize?(input: ItemUpdate<ContextFor<A>>): void;
  run(db: Kysely<DB>, input: ItemUpdate<ContextFor<A>>, data: z.infer<S>): Promise<UpdateItemAnswer>;
}

const shape = <S extends z.ZodType, A extends ItemAccess>(s: PilotShape<S, A>) =>
  s as unknown as PilotShape<z.ZodType, ItemAccess>;

/** Profile and weight are the caller's own; `id` says whose, and it must be theirs. */
function assertOwnRecord(input: ItemUpdate, what: string): void {
  if (input.id !== input.ctx.user.id) throw forbidden(`You can only change your own ${what}`);
  assertSameClub(input.ctx, input.club);
}

/** An admin's change to a pilot of the active club. */
function assertClubAdmin(input: ItemUpdate<ContextFor<'member'>>): void {
  assertSameClub(input.ctx, input.club);
  if (!hasRight(input.ctx, 'admin')) {
    throw forbidden("Only an admin can change a member's qualifications or answer membership requests");
  }
}

const profileKeys = Object.keys(profileSchema.shape);
const qualificationKeys = Object.keys(qualificationsSchema.shape);

/** In the order tried. */
const shapes = [
  shape({
    name: 'membership request',
    access: 'user',
    matches: (data) => 'clubId' in data || 'pilotId' in data,
    schema: membershipRequestSchema,
    async run(db, input, data) {
      const result = await requestMembership(db, input.ctx, { id: input.id, club: input.club, data });
      return { statusCode: 200, message: result.message, item: result.club };
    },
  }),
  shape({
    name: 'membership decision',
    access: 'member',
    matches: (data) => 'membership' in data,
    schema: membershipDecisionSchema,
    authorize: assertClubAdmin,
    run: (db, input, data) => decideMembership(db, input.ctx, { id: input.id, membership: data.membership }),
  }),
  shape({
    name: 'qualifications',
    access: 'member',
    matches: (data) => qualificationKeys.some((key) => key in data),
    schema: qualificationsUpdateSchema,
    authorize: assertClubAdmin,
    run: (db, input, data) => updateQualifications(db, input.ctx, { id: input.id, data }),
  }),
  shape({
    name: 'weight',
    access: 'user',
    matches: (data) => 'weight' in data,
    schema: weightSchema,
    async run(db, input, data) {
      assertOwnRecord(input, 'weight');
      return { statusCode: 200, message: 'Weight saved', item: await updateWeight(db, input.ctx, data.weight) };
    },
  }),
  shape({
    name: 'profile',
    access: 'user',
    matches: (data) => profileKeys.some((key) => key in data),
    schema: profileSchema,
    async run(db, input, data) {
      assertOwnRecord(input, 'profile');
      return { statusCode: 200, message: 'Profile saved', item: await updateProfile(db, input.ctx, data) };
    },
  }),
];

/**
 * update-item PILOT: the caller's membership request, profile or weight;
 * an admin's qualification change or answer to a membership request.
 */
export const pilotItemHandler: ItemHandler<'user'> = {
  access: 'user',
  async update(db, input) {
    const data = input.data;
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
      throw badRequest('Invalid data: PILOT data must be an object');
    }
    const record = data as Record<string, unknown>;
    const match = shapes.find((s) => s.matches(record));
    if (!match) {
      throw badRequest(
        'Invalid data: PILOT data must be a membership request (clubId, pilotId, first, last, ' +
          'createdAt), a profile, a weight, qualifications (admin) or a membership decision (admin)',
      );
    }
    const checked = withAccess(match.access, input);
    match.authorize?.(checked);
    const parsed = match.schema.safeParse(record);
    if (!parsed.success) throw badRequest(`Invalid ${match.name}: ${describeZodError(parsed.error)}`);
    return match.run(db, checked, parsed.data);
  },
};
