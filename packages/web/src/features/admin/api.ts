import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { refreshAdmin, serveAdminQuery } from '../../lib/api/admin.ts';
import { ITEM_KINDS, type ItemKind } from './items/item-kinds.ts';

/** Everything the Administration page lists; the lists the caller may not see come back empty. */
export function useServeAdmin(club: string) {
  return useQuery(serveAdminQuery(club));
}

export interface SaveItem {
  kind: ItemKind;
  id: string;
  /** Every field for a new item, only the changed ones for an update. */
  data: object;
}

/** POST /api/update-item/ for one admin item, then reload the page's lists. */
export function useSaveItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id, data }: SaveItem) =>
      call('POST /api/update-item/', { type: ITEM_KINDS[kind].type, id, data }),
    onSettled: () => refreshAdmin(client),
  });
}
