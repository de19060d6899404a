import { useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api.ts';
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
 * server's reason. Any change to the form makes it a new entry (a new key);
 * once posted, the note empties and `after` changes the draft.
 */
export function useFundsEntry<T extends object>({ club, pilot }: FundsTarget, messages: { success: string; failure: string }, initial: T | (() => T)) {
  const add = useAddFunds(club, pilot);
  const key = useIdempotencyKey();
  const [draft, setDraft] = useState<T>(initial);
  const [note, setNoteText] = useState('');
  const set = (change: Partial<T>) => {
    key.reset();
    setDraft((d) => ({ ...d, ...change }));
  };
  const setNote = (text: string) => {
    key.reset();
    setNoteText(text);
  };
  const post = (entry: FundsEntry, after: Partial<T>, onPosted?: () => void) => {
    if (add.isPending) return;
    add.mutate(
      { ...entry, club, pilot, note: note.trim(), idempotencyKey: key.current() },
      {
        onSuccess: () => {
          key.reset();
          notifications.toast({ status: 'success', message: messages.success });
          setDraft((d) => ({ ...d, ...after }));
          onPosted?.();
          setNoteText('');
        },
        onError: (error) => notifications.toast({ status: 'danger', heading: messages.failure, message: errorMessage(error), delay: 8000 }),
      },
    );
  };
  return { draft, set, note, setNote, post, pending: add.isPending, resetKey: key.reset };
}
