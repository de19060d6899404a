import type { OutboxEntry, OutboxEntryState, OutboxWrite } from '@flightline/domain/field/outbox';

/** An entry waiting in the field outbox at tap `seq`, not tried yet; `extra` changes its state. */
export function outboxEntry(
  seq: number,
  entry: OutboxWrite &
    Pick<OutboxEntryState, 'tappedAt' | 'userId' | 'userName' | 'label'> &
    Partial<Pick<OutboxEntryState, 'flightId'>>,
  extra: Partial<OutboxEntryState> = {},
): OutboxEntry {
  return {
    id: `k${seq}`,
    seq,
    flightId: null,
    ...entry,
    attempts: 0,
    nextAttemptAt: 0,
    problem: null,
    refusal: null,
    ...extra,
  };
}
