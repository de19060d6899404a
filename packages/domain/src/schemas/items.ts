import { z } from 'zod';

/** The item types of POST /api/update-item/. */
export const ITEM_TYPES = ['GLIDER', 'TUG', 'PILOT', 'LAUNCH', 'BLOCK', 'INTRO_LAUNCH', 'INTRO', 'FLIGHT'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

/**
 * The envelope of POST /api/update-item/. `type` is checked by the server's
 * dispatcher (so an unknown one gets its own message); `data` by the schema
 * of the item type and shape. `data` must be there: null or missing data
 * would otherwise read as "no fields" and create an item of defaults.
 */
export const updateItemSchema = z
  .object({
    club: z.string().max(100).nullable().optional(),
    type: z.string().trim().min(1, 'type is required').max(40),
    id: z.string().trim().min(1, 'id is required').max(100),
    // Optional here so that null and missing get the one message below.
    data: z.unknown().optional(),
    date: z.string().max(10).optional(),
    by: z.string().max(100).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.data === null || body.data === undefined) {
      ctx.addIssue({ code: 'custom', path: ['data'], message: `Required: send the ${body.type} fields as an object` });
    }
  });

export type UpdateItemInput = z.infer<typeof updateItemSchema>;
