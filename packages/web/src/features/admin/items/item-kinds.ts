/**
 * The six item types of the Administration page: the update-item type each is
 * saved as, and the exact words of its success toasts, failure alert and
 * disabled-Delete notice.
 */

export type ItemKind = 'glider' | 'block' | 'launch' | 'introLaunch' | 'tug' | 'pilot';

interface KindInfo {
  /** POST /api/update-item/ `type`. */
  type: 'GLIDER' | 'BLOCK' | 'LAUNCH' | 'INTRO_LAUNCH' | 'TUG' | 'PILOT';
  /** Lower case, as in 'Could not update intro launch'. */
  noun: string;
  /** How to take one out of use instead of deleting it. */
  retire: string;
}

export const ITEM_KINDS: Record<ItemKind, KindInfo> = {
  glider: { type: 'GLIDER', noun: 'glider', retire: 'set its status to Not Ready' },
  block: { type: 'BLOCK', noun: 'block', retire: 'set it Inactive by deselecting Active' },
  launch: { type: 'LAUNCH', noun: 'launch', retire: 'set it Inactive by deselecting Active' },
  introLaunch: { type: 'INTRO_LAUNCH', noun: 'intro launch', retire: 'set it Inactive by deselecting Active' },
  tug: { type: 'TUG', noun: 'tug', retire: 'set its status to Not Ready' },
  pilot: { type: 'PILOT', noun: 'pilot', retire: 'make the pilot Inactive by deselecting Active' },
};

/** The id a new block rule is sent with; the server generates the real one. */
export const NEW_BLOCK_ID = 'new';

const capitalised = (noun: string) => noun.charAt(0).toUpperCase() + noun.slice(1);

/** 'Glider updated successfully', 'Intro launch created successfully'. */
export function successMessage(kind: ItemKind, created: boolean): string {
  return `${capitalised(ITEM_KINDS[kind].noun)} ${created ? 'created' : 'updated'} successfully`;
}

/** 'Could not update glider'; the server's message is shown with it. */
export function failureMessage(kind: ItemKind): string {
  return `Could not update ${ITEM_KINDS[kind].noun}`;
}

/** Items are deactivated, never deleted: what the Delete button says instead. */
export function deleteDisabledMessage(kind: ItemKind): string {
  return (
    `This function has been disabled. To take this ${ITEM_KINDS[kind].noun} out of use, ` +
    `${ITEM_KINDS[kind].retire}, then contact support if it must be removed.`
  );
}
