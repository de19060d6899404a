import { z } from 'zod';

/** The item types of POST /api/update-item/ (member spec §7). */
export const ITEM_TYPES = ['GLIDER', 'TUG', 'PILOT', 'LAUNCH', 'BLOCK', 'INTRO_LAUNCH', 'INTRO', 'FLIGHT'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

/**
 * The envelope of POST /api/update-item/. `type` is checked by the server's
 * dispatcher (so an unknown one gets its own message); `data` by the schema
 * of the item type and shape.
 */
export const updateItemSchema = z.object({
  club: z.string().max(100).nullable().optional(),
  type: z.string().trim().min(1, 'type is required').max(40),
  id: z.string().trim().min(1, 'id is required').max(100),
  data: z.unknown(),
  date: z.string().max(10).optional(),
  by: z.string().max(100).optional(),
});

export type UpdateItemInput = z.infer<typeof updateItemSchema>;
