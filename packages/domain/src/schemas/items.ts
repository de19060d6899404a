import { z } from 'zod';

/** The item types of POST /api/update-item/. */
export const ITEM_TYPES = ['GLIDER', 'TUG', 'PILOT', 'LAUNCH', 'BLOCK', 'INTRO_LAUNCH', 'INTRO', 'FLIGHT'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

/** The fields of an update, whatever its type. */
const itemUpdateFields = z.object({
  club: z.string().max(100).nullable().optional(),
  type: z.string().trim().min(1, 'type is required').max(40),
  id: z.string().trim().min(1, 'id is required').max(100),
  data: z.unknown(),
  date: z.string().max(10).optional(),
  by: z.string().max(100).optional(),
});

/**
 * The envelope of POST /api/update-item/, checked first so that its fields
 * are refused in their order whatever the type names. `data` must be there:
 * null or missing data would otherwise read as "no fields" and create an
 * item of defaults. What `data` holds is checked by the item type's handler:
 * which shape it may take depends on the caller's rights (a refused caller
 * hears 403 before their data is looked at) and on whether the item exists.
 */
const itemUpdateEnvelope = itemUpdateFields.extend({ data: z.unknown().optional() }).superRefine((body, ctx) => {
  if (body.data === null || body.data === undefined) {
    ctx.addIssue({ code: 'custom', path: ['data'], message: `Required: send the ${body.type} fields as an object` });
  }
});

const itemUpdate = <T extends ItemType>(type: T) => itemUpdateFields.extend({ type: z.literal(type) });

/** One update per item type, told apart by `type`. */
const knownItemUpdate = z.discriminatedUnion('type', [
  itemUpdate('GLIDER'),
  itemUpdate('TUG'),
  itemUpdate('PILOT'),
  itemUpdate('LAUNCH'),
  itemUpdate('BLOCK'),
  itemUpdate('INTRO_LAUNCH'),
  itemUpdate('INTRO'),
  itemUpdate('FLIGHT'),
]);

/**
 * A type no handler knows: kept, so the server refuses it by name ("Unknown item type WIDGET") rather than as a
 * malformed body.
 */
const unknownItemUpdate = itemUpdateFields.transform(({ type }) => ({ unknownType: type }));

/**
 * The body of POST /api/update-item/, parsed once by its route: the update of
 * one known item type (the discriminated union), or an unknown type.
 */
export const updateItemSchema = itemUpdateEnvelope.pipe(z.union([knownItemUpdate, unknownItemUpdate]));

export type UpdateItemInput = z.input<typeof updateItemSchema>;
export type UpdateItemBody = z.output<typeof updateItemSchema>;
