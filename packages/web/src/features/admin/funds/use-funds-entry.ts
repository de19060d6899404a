import { useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api.ts';
import { failureText, nextFailure, type FundsFailure } from './funds-failure.ts';
import { notifications } from '../../../lib/notifications-store.ts';
import { newIdempotencyKey } from '../../../lib/new-id.ts';
import { useAddFunds, type FundsEntry } from './funds-api.ts';

export interface FundsTarget {
  club: string;
  /** The pilot's user id. */
  pilot: string;
}

/**
 * One key per entry being made: the same key on every retry of it (a double
 * tap, a retry after a dropped connection) so it posts once; a new one once
 * it posted or when the form changes.
 */
function useIdempotencyKey() {
  const key = useRef<string | null>(null);
  return {
    current: () => (key.current ??= newIdempotencyKey()),
    reset: () => {
      key.current = null;
    },
  };
}

/**
 * A funds form's draft and note, and the posting of its entry with the
 * spec's messages: the success toast, or the failure heading with the
 * server's reason — once, in the form (funds-failure.ts): `fieldError` under
 * the field it names, `formError` under the form for the rest. Any change to
 * the form makes it a new entry (a new key) and clears the failure; once
 * posted, the note empties and `after` changes the draft.
 */
export function useFundsEntry<T extends object>(
  { club, pilot }: FundsTarget,
  messages: { success: string; failure: string },
  initial: T | (() => T),
) {
  const add = useAddFunds(club, pilot);
  const key = useIdempotencyKey();
  const [draft, setDraft] = useState<T>(initial);
  const [note, setNoteText] = useState('');
  const [failure, setFailure] = useState<FundsFailure | null>(null);
  // Counts every refusal, so the form brings the message into view each time (FundsFieldset).
  const [refusals, setRefusals] = useState(0);
  const changed = () => {
    key.reset();
    setFailure(null);
  };
  const set = (change: Partial<T>) => {
    changed();
    setDraft((d) => ({ ...d, ...change }));
  };
  const setNote = (text: string) => {
    changed();
    setNoteText(text);
  };
  const post = (entry: FundsEntry, after: Partial<T>, onPosted?: () => void) => {
    if (add.isPending) return;
    add.mutate(
      { ...entry, club, pilot, note: note.trim(), idempotencyKey: key.current() },
      {
        onSuccess: () => {
          key.reset();
          setFailure(null);
          notifications.toast({ status: 'success', message: messages.success });
          setDraft((d) => ({ ...d, ...after }));
          onPosted?.();
          setNoteText('');
        },
        onError: (error) => {
          setFailure((shown) => nextFailure(shown, messages.failure, errorMessage(error)));
          setRefusals((n) => n + 1);
        },
      },
    );
  };
  /**
   * The failure's text under `field` (a posted field: 'amountCents', 'block.startDate'), when it is about that
   * field.
   */
  const fieldError = (field: string) => (failure && failure.field === field ? failureText(failure) : undefined);
  /** The failure's text under the form, when it is about none of the `fields` the form shows. */
  const formError = (fields: readonly string[]) =>
    failure && (failure.field === null || !fields.includes(failure.field)) ? failureText(failure) : null;
  return { draft, set, note, setNote, post, pending: add.isPending, changed, fieldError, formError, refusals };
}
