import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import type { NewOutboxEntry } from '@flightline/domain/field/outbox';
import {
  fieldOutbox,
  type FirstTry,
  type FollowingTap,
  type OutboxSnapshot,
  type OutcomeHandler,
} from './field-outbox.ts';

/** What the outbox holds now: the screens mark what waits, the navbar counts it. */
export function useOutbox(): OutboxSnapshot {
  const outbox = fieldOutbox();
  return useSyncExternalStore(outbox.subscribe, outbox.getSnapshot);
}

/**
 * Send a tap through the outbox, with a handler for its outcome while this
 * screen is open; once the screen is left, the shell's notifier tells the
 * person instead (a refusal is never dropped unseen).
 */
export function useOutboxSend(): <E extends NewOutboxEntry>(
  input: E,
  handler?: OutcomeHandler<E['call']>,
  after?: readonly FollowingTap[],
) => Promise<{ firstTry: Promise<FirstTry> }> {
  const ids = useRef(new Set<string>());
  useEffect(() => {
    const mine = ids.current;
    return () => {
      mine.forEach((id) => fieldOutbox().forget(id));
      mine.clear();
    };
  }, []);
  return useCallback(
    <E extends NewOutboxEntry>(input: E, handler?: OutcomeHandler<E['call']>, after: readonly FollowingTap[] = []) => {
      if (handler) ids.current.add(input.id);
      for (const tap of after) ids.current.add(tap.input.id);
      return fieldOutbox().send(input, handler, after);
    },
    [],
  );
}
