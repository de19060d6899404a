import type { ListedItem } from '@flightline/domain/api/types';
import type { ListedType } from '@flightline/domain/api/items';
import { listedItems } from '@flightline/domain/api/listed-items';
import { call } from '../api.ts';

/**
 * GET /api/list-items/ for one type. The declaration answers any type's
 * items; the server lists only the type asked for, so they are that type's.
 */
export async function listItems<T extends ListedType>(
  type: T,
  query: { day?: string; includeInactive?: 'true' },
  signal?: AbortSignal,
): Promise<ListedItem<T>[]> {
  return listedItems(type, await call('GET /api/list-items/', { type, ...query }, signal));
}
