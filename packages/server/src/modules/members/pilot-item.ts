import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { UpdateItemResult } from '@flightline/domain/api-types';
import { membershipRequestSchema, profileSchema, weightSchema } from '@flightline/domain/schemas/members';
import type { DB } from '../../db/schema.ts';
import { assertSameClub } from '../../http/context.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import { describeZodError } from '../../http/route.ts';
import type { ItemHandler, ItemUpdate } from '../items/registry.ts';
import { requestMembership } from './membership-service.ts';
import { updateProfile, updateWeight } from './service.ts';

/** One shape of PILOT data, recognised by the keys it carries and validated by its strict schema. */
interface PilotShape<S extends z.ZodType> {
  name: string;
  matches(data: Record<string, unknown>): boolean;
  schema: S;
  run(db: Kysely<DB>, input: ItemUpdate, data: z.infer<S>): Promise<UpdateItemResult>;
}

const shape = <S extends z.ZodType>(s: PilotShape<S>) => s as unknown as PilotShape<z.ZodType>;

/** Profile and weight are the caller's own; `id` says whose, and it must be theirs. */
function assertOwnRecord(input: ItemUpdate, what: string): void {
  if (input.id !== input.ctx.user.id) throw forbidden(`You can only change your own ${what}`);
  assertSameClub(input.ctx, input.club);
}

const profileKeys = Object.keys(profileSchema.shape);

/** In the order tried; admin qualification edits will be a fourth shape. */
const shapes = [
  shape({
    name: 'membership request',
    matches: (data) => 'clubId' in data || 'pilotId' in data,
    schema: membershipRequestSchema,
    async run(db, input, data) {
      const result = await requestMembership(db, input.ctx, { id: input.id, club: input.club, data });
      return { statusCode: 200, message: result.message, item: result.club };
    },
  }),
  shape({
    name: 'weight',
    matches: (data) => 'weight' in data,
    schema: weightSchema,
    async run(db, input, data) {
      assertOwnRecord(input, 'weight');
      return { statusCode: 200, message: 'Weight saved', item: await updateWeight(db, input.ctx, data.weight) };
    },
  }),
  shape({
    name: 'profile',
    matches: (data) => profileKeys.some((key) => key in data),
    schema: profileSchema,
    async run(db, input, data) {
      assertOwnRecord(input, 'profile');
      return { statusCode: 200, message: 'Profile saved', item: await updateProfile(db, input.ctx, data) };
    },
  }),
];

/** update-item PILOT: a membership request, the caller's profile, or the caller's weight. */
export const pilotItemHandler: ItemHandler = {
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
        'Invalid data: PILOT data must be a membership request (clubId, pilotId, first, last, createdAt), a profile, or a weight',
      );
    }
    const parsed = match.schema.safeParse(record);
    if (!parsed.success) throw badRequest(`Invalid ${match.name}: ${describeZodError(parsed.error)}`);
    return match.run(db, input, parsed.data);
  },
};
