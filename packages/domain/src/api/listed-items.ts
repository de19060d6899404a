import type { ListedType } from './items.ts';
import type { ListedItem, ListItemsAnswer } from './types.ts';

/**
 * list-items' answer for the one type asked for. The declaration answers
 * any type's items (a union: decision 0019), and the server lists only the
 * type asked for (packages/server/src/modules/items/registry.ts, held to it
 * by test/list-items.test.ts), so they are that type's. Types only: the web
 * app imports it without zod.
 */
export function listedItems<T extends ListedType>(_type: T, answer: ListItemsAnswer): ListedItem<T>[] {
  return answer.items as ListedItem<T>[];
}
