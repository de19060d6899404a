import type { NewOutboxEntry, OutboxEntry } from '@flightline/domain/field/outbox';

/** An entry waiting in the field outbox at tap `seq`, not tried yet; `extra` changes its state. */
export function outboxEntry(seq: number, entry: Omit<NewOutboxEntry, 'id'>, extra: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    id: `k${seq}`,
    seq,
    flightId: null,
    preview: null,
    ...entry,
    attempts: 0,
    nextAttemptAt: 0,
    problem: null,
    refusal: null,
    ...extra,
  };
}
