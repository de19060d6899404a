import { useState } from 'react';
import { notifications } from '../../lib/notifications-store.ts';
import { lineActionEntry, type LineActionInput, type Tapper } from '../../lib/outbox/field-events.ts';
import { useOutboxSend } from '../../lib/outbox/use-outbox.ts';
import { useFlightAnswered } from './api.ts';

interface ActionMessages {
  success: string;
  failure: (message: string) => { heading?: string; message: string };
}

/**
 * The line's taps (launch, landing, remove, undo): `run` stores and sends one; `storing` while a tap is being
 * stored.
 */
export function useLineAction(club: string, day: string, tapper: Tapper) {
  const send = useOutboxSend();
  const answered = useFlightAnswered(club, day);
  // Only while a tap is being stored: the outbox sends in order, so the next tap need not wait for the network.
  const [storing, setStoring] = useState(false);

  /**
   * One line action, through the field outbox: stored with its key and tap
   * time, shown at once, sent in order. The answer comes as a toast, now or
   * when the signal returns.
   */
  const run = (body: LineActionInput, glider: string, messages: ActionMessages, after?: () => void) => {
    const entry = lineActionEntry({ action: body, glider, by: tapper });
    setStoring(true);
    send(entry, (outcome, settled) => {
      if (outcome.kind === 'done') {
        // Short: on a busy line the next toast must not hide the next row's buttons.
        notifications.toast({ status: 'success', message: messages.success, delay: 2500 });
        answered(outcome.body);
      } else {
        // A refusal of a tap that had to wait stays until the person closes it: they may have moved on.
        const late = settled.attempts > 0;
        notifications.toast({
          status: 'danger',
          ...messages.failure(outcome.refusal.message),
          ...(late ? { autohide: false } : { delay: 6000 }),
        });
        answered(undefined);
      }
      return true;
    }).then(
      ({ firstTry }) => {
        setStoring(false);
        after?.();
        void firstTry.then(
          (result) =>
            result === 'waiting' &&
            notifications.toast({ status: 'warning', message: `${entry.label}: waiting to send`, delay: 2500 }),
        );
      },
      (error: unknown) => {
        setStoring(false);
        notifications.toast({
          status: 'danger',
          heading: `${entry.label}: not stored`,
          message: error instanceof Error ? error.message : String(error),
        });
      },
    );
  };

  return { run, storing };
}
