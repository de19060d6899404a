import { useState } from 'react';
import { changedFields } from './changes.ts';

/**
 * An item editor's draft beside the item as it was opened: `changed` is what
 * update-item sends, and comparing with `original` gives the confirm-changes
 * list.
 */
export function useItemDraft<T extends object>(initial: () => T) {
  const [original] = useState<T>(initial);
  const [draft, setDraft] = useState<T>(original);
  const set = (change: Partial<T>) => setDraft((d) => ({ ...d, ...change }));
  return { original, draft, set, changed: changedFields(original, draft) };
}
