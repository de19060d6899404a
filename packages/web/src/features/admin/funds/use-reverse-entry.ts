import { useState } from 'react';
import type { AccountRow } from '@flightline/domain/api/types';
import { errorMessage } from '../../../lib/api.ts';
import { confirmDialog } from '../../../lib/confirm-store.ts';
import { newIdempotencyKey } from '../../../lib/new-id.ts';
import { notifications } from '../../../lib/notifications-store.ts';
import { useReverseTransaction } from './funds-api.ts';
import { reversedMessage, reverseQuestion } from './reverse-rules.ts';

export interface ReverseEntry {
  /** The caller may reverse (admins only); otherwise no row offers Reverse. */
  canReverse: boolean;
  /** The entry being reversed, while its call is on its way. */
  pendingId: number | null;
  reverse: (row: AccountRow) => void;
}

/**
 * The pilot editor's Reverse: asks first, then posts the reversal with a
 * fresh idempotency key per confirmed press (a retry inside the call posts
 * once; the server answers 409 to a second reversal anyway). The pilot's
 * balance, entries and blocks reload after it, whatever the answer.
 */
export function useReverseEntry({
  club,
  userID,
  timeZone,
  canReverse,
}: {
  club: string;
  userID: string;
  timeZone: string;
  canReverse: boolean;
}): ReverseEntry {
  const mutation = useReverseTransaction(club, userID);
  const [pendingId, setPendingId] = useState<number | null>(null);

  const reverse = async (row: AccountRow) => {
    if (!canReverse || mutation.isPending) return;
    const yes = await confirmDialog.ask({
      heading: 'Reverse transaction',
      message: reverseQuestion(row, timeZone),
      confirmLabel: 'Reverse',
      rejectLabel: 'Keep',
      confirmVariant: 'danger',
    });
    if (!yes) return;
    setPendingId(row.id);
    mutation.mutate(
      { id: row.id, idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: (answer) => notifications.toast({ status: 'success', message: reversedMessage(row.id, answer) }),
        onError: (error) =>
          notifications.alert({
            status: 'danger',
            heading: `Could not reverse transaction #${row.id}`,
            message: errorMessage(error),
            autohide: false,
          }),
        onSettled: () => setPendingId(null),
      },
    );
  };

  return { canReverse, pendingId, reverse: (row) => void reverse(row) };
}
