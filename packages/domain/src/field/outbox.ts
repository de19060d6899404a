import type { CallNamed, CallRoute } from '../api/calls.ts';
import type { AnswerOf, InputOf } from '../api/define-call.ts';
import type { FlightRecord } from '../api/types.ts';
import { backoffMs, classifyAnswer, type OutboxAnswer } from './outbox-answers.ts';

/**
 * The field outbox (docs/offline.md, "The outbox"; decision 0010): every
 * write a person makes at the field — a flight request, a line action, a tug
 * event — is stored with its idempotency key and the time they tapped, then
 * sent strictly in tap order, one at a time, whenever the network allows.
 * One FIFO per phone: an event never overtakes an earlier one, so a landing
 * can't reach the server before its launch. The queue's rules live here, pure;
 * the storage (IndexedDB in the browser, memory in tests) and the transport
 * (fetch, or app.inject in the server's tests) are given to it.
 */

/** The declared calls the outbox may send: naming another, or a route no call declares, does not compile. */
type Declared<R extends CallRoute> = R;

/**
 * What each kind of entry sends (docs/offline.md, "What is queued"): the
 * declared call, by the name the web app's `call()` uses.
 */
interface OutboxCalls {
  /** update-item FLIGHT from the crew page. */
  'flight-request': Declared<'POST /api/update-item/'>;
  /** update-item PILOT weight: the member's own weight, changed with a flight request. */
  'pilot-weight': Declared<'POST /api/update-item/'>;
  /** A line action: Launch, Landing, … */
  'line-action': Declared<'POST /api/update-flight/'>;
  /** A tug event. */
  'tow-event': Declared<'POST /api/create-tow/'>;
}

export type OutboxKind = keyof OutboxCalls;

/** A declared call the outbox sends. */
export type OutboxRoute = OutboxCalls[OutboxKind];

/** What a screen needs to show an entry of that kind while it waits: a requested flight as the line will list it. */
interface OutboxPreviews {
  'flight-request': FlightRecord | null;
  'pilot-weight': null;
  'line-action': null;
  'tow-event': null;
}

/**
 * What an entry of kind K sends: its declared call's name and that call's
 * input, typed by the declaration (packages/domain/src/api). The transport
 * takes method and URL from the name; the input travels as the JSON body.
 */
export interface OutboxWriteOf<K extends OutboxKind> {
  kind: K;
  call: OutboxCalls[K];
  /** The call's input, with the key and the tap time in it. */
  input: InputOf<CallNamed<OutboxCalls[K]>>;
  preview: OutboxPreviews[K];
}

/** Any kind's write: `kind` tells which (and with it the call and the input's type). */
export type OutboxWrite = { [K in OutboxKind]: OutboxWriteOf<K> }[OutboxKind];

/** What a 200 answers to the call `R`, as its declaration types it. */
export type OutboxAnswerOf<R extends OutboxRoute> = AnswerOf<CallNamed<R>>;

/**
 * A refusal as the person reads it: the server's status and message, and its body (structured fields such as
 * launchedBy).
 */
export interface OutboxRefusal {
  status: number;
  message: string;
  body: unknown;
}

/** An entry's fields besides its write. */
export interface OutboxEntryState {
  /** The event's idempotency key (a flight request's flight id). */
  id: string;
  /** Tap order, given by the store: the order of sending. */
  seq: number;
  /** When the person tapped (epoch ms). */
  tappedAt: number;
  /** Who tapped: it is sent only under that person's session. */
  userId: string;
  userName: string;
  /** What the screens call it: 'Launch C-GDSA'. */
  label: string;
  /** The flight it is about, if any. */
  flightId: string | null;
  /** Deliveries that got no usable answer so far. */
  attempts: number;
  /** Not sent again before this (epoch ms), unless the network just came back. */
  nextAttemptAt: number;
  /** Why the last delivery did not go through. */
  problem: string | null;
  /** Set when refused: kept only until the person has been shown it. */
  refusal: OutboxRefusal | null;
}

export type OutboxEntryOf<K extends OutboxKind> = OutboxEntryState & OutboxWriteOf<K>;
export type OutboxEntry = OutboxEntryState & OutboxWrite;

/** An entry as the store is given it, before it has its place in the order. */
export type UnsequencedEntry = Omit<OutboxEntryState, 'seq'> & OutboxWrite;

type NewEntryState = Pick<OutboxEntryState, 'id' | 'tappedAt' | 'userId' | 'userName' | 'label'> &
  Partial<Pick<OutboxEntryState, 'flightId'>>;

/** A tap to store: its write, key and tap time, who tapped and what the screens call it. */
export type NewOutboxEntryOf<K extends OutboxKind> = NewEntryState & OutboxWriteOf<K>;
export type NewOutboxEntry = NewEntryState & OutboxWrite;

/** Where entries live between reloads. `list` answers in seq order. */
export interface OutboxStore {
  list(): Promise<OutboxEntry[]>;
  /** Stores a new entry after every existing one; an id already stored answers the stored entry (a double tap). */
  add(entry: UnsequencedEntry): Promise<OutboxEntry>;
  put(entry: OutboxEntry): Promise<void>;
  remove(id: string): Promise<void>;
}

export interface OutboxTransport {
  /** One delivery; resolves with status 0 when no answer came (never rejects for the network). */
  send(entry: OutboxEntry): Promise<OutboxAnswer>;
  /** The signed-in user's id, null when signed out, undefined when it could not be told (no network). */
  whoami(): Promise<string | null | undefined>;
}

/** How an entry left the queue: done, with its call's answer, or refused. */
export type OutboxOutcome<R extends OutboxRoute = OutboxRoute> =
  { kind: 'done'; body: OutboxAnswerOf<R> } | { kind: 'refused'; refusal: OutboxRefusal };

/**
 * The outcome of `entry`, its answer typed by the entry's own call: the
 * outbox's one trust in the wire. A 2xx is the server's JSON, and every
 * declared call's answer is checked against its schema in the server's
 * tests (decision 0019); a refusal is whatever the server said.
 */
export function outcomeOf<R extends OutboxRoute>(
  _entry: { call: R },
  outcome: OutboxOutcome | { kind: 'done'; body: unknown },
): OutboxOutcome<R> {
  return outcome as OutboxOutcome<R>;
}

/** Why a drain stopped. */
export type DrainResult =
  | { state: 'empty' }
  /** The head waits for its backoff (or the network): try again at `until`. */
  | { state: 'waiting'; until: number; problem: string | null }
  | { state: 'signed-out' }
  /** The head was tapped by someone else: it waits for them to log in again. */
  | { state: 'other-user'; userId: string; userName: string }
  /** Another tab or the service worker is sending. */
  | { state: 'busy' };

export interface OutboxOptions {
  store: OutboxStore;
  transport: OutboxTransport;
  now?: () => number;
  random?: () => number;
  /** Run the work alone across tabs and workers (Web Locks); resolves undefined when another holds it. */
  exclusive?: <T>(work: () => Promise<T>) => Promise<T | undefined>;
  /** An entry left the queue: done, or refused. */
  onSettled?: (entry: OutboxEntry, outcome: OutboxOutcome) => void;
  /** The stored entries, or the one being sent, changed. */
  onChange?: () => void;
}

export interface Outbox {
  enqueue(input: NewOutboxEntry): Promise<OutboxEntry>;
  /**
   * Send what is due, in order, until the queue is empty or the head must wait. `force` sends the head now, backoff
   * or not (the network is back).
   */
  drain(options?: { force?: boolean }): Promise<DrainResult>;
  /** Waiting and refused entries, in tap order. */
  entries(): Promise<OutboxEntry[]>;
  /** The person has seen a refusal: it leaves the store. */
  dismiss(id: string): Promise<void>;
  /** The id of the entry on its way, if any. */
  sendingId(): string | null;
}

/** Later events of a flight whose request was refused can't succeed: they leave with it, saying why. */
function dependentRefusal(head: OutboxEntry, refusal: OutboxRefusal): OutboxRefusal {
  return { status: refusal.status, message: `Not sent: ${head.label} was refused (${refusal.message})`, body: null };
}

export function createOutbox(options: OutboxOptions): Outbox {
  const { store, transport } = options;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const changed = () => options.onChange?.();
  let sending: string | null = null;
  // One run at a time in this context; a call during a run queues (at most) one more.
  let tail: Promise<unknown> = Promise.resolve();
  let queued: { force: boolean; promise: Promise<DrainResult> } | null = null;

  const setSending = (id: string | null) => {
    sending = id;
    changed();
  };

  const refuse = async (head: OutboxEntry, refusal: OutboxRefusal) => {
    await store.put({ ...head, refusal });
    // Read again: an event tapped while the request was on its way (the weight queued behind it) goes with it too.
    const rest = head.kind === 'flight-request' ? await store.list() : [];
    const dependents = rest.filter((e) => e.id !== head.id && e.refusal === null && e.flightId === head.id);
    for (const entry of dependents) await store.put({ ...entry, refusal: dependentRefusal(head, refusal) });
    options.onSettled?.(head, { kind: 'refused', refusal });
    for (const entry of dependents)
      options.onSettled?.(entry, { kind: 'refused', refusal: dependentRefusal(head, refusal) });
  };

  const retryLater = async (head: OutboxEntry, problem: string, afterMs: number | null): Promise<DrainResult> => {
    const attempts = head.attempts + 1;
    const until = now() + Math.max(backoffMs(attempts, random), afterMs ?? 0);
    await store.put({ ...head, attempts, nextAttemptAt: until, problem });
    return { state: 'waiting', until, problem };
  };

  const run = async (force: boolean): Promise<DrainResult> => {
    let who: string | null | undefined;
    let asked = false;
    for (;;) {
      const entries = await store.list();
      const waiting = entries.filter((e) => e.refusal === null);
      const head = waiting[0];
      if (!head) return { state: 'empty' };
      if (!force && head.nextAttemptAt > now())
        return { state: 'waiting', until: head.nextAttemptAt, problem: head.problem };
      if (!asked) {
        who = await transport.whoami();
        asked = true;
      }
      if (who === undefined) return retryLater(head, 'No connection', null).finally(changed);
      if (who === null) return { state: 'signed-out' };
      if (who !== head.userId) return { state: 'other-user', userId: head.userId, userName: head.userName };

      setSending(head.id);
      let answer: OutboxAnswer;
      try {
        answer = await transport.send(head);
      } catch {
        answer = { status: 0 };
      } finally {
        sending = null;
      }
      const verdict = classifyAnswer(answer, now());
      switch (verdict.kind) {
        case 'done':
          await store.remove(head.id);
          changed();
          options.onSettled?.(head, outcomeOf(head, { kind: 'done', body: answer.body }));
          break;
        case 'refused':
          await refuse(head, { status: answer.status, message: verdict.message, body: answer.body ?? null });
          changed();
          break;
        case 'signed-out':
          changed();
          return { state: 'signed-out' };
        case 'retry': {
          const result = await retryLater(head, verdict.problem, verdict.afterMs);
          changed();
          return result;
        }
      }
    }
  };

  const guarded = async (force: boolean): Promise<DrainResult> => {
    if (!options.exclusive) return run(force);
    return (await options.exclusive(() => run(force))) ?? { state: 'busy' };
  };

  return {
    async enqueue(input) {
      const entry = await store.add({
        flightId: null,
        ...input,
        attempts: 0,
        nextAttemptAt: input.tappedAt,
        problem: null,
        refusal: null,
      });
      changed();
      return entry;
    },
    drain({ force = false } = {}) {
      if (queued) {
        queued.force ||= force;
        return queued.promise;
      }
      const slot: { force: boolean; promise: Promise<DrainResult> } = {
        force,
        promise: Promise.resolve({ state: 'empty' }),
      };
      slot.promise = tail.then(() => {
        queued = null;
        return guarded(slot.force);
      });
      tail = slot.promise.catch(() => undefined);
      queued = slot;
      return slot.promise;
    },
    entries: () => store.list(),
    async dismiss(id) {
      await store.remove(id);
      changed();
    },
    sendingId: () => sending,
  };
}

/**
 * Drain now, and again after each pause while the head still waits for the
 * network: the service worker's Background Sync run. When the signal comes
 * back the first request often fails (the radio still waking, a captive
 * portal); the browser's own retry of a failed sync comes minutes later.
 * Answers the last run's result.
 */
export async function drainWithPauses(
  outbox: Pick<Outbox, 'drain'>,
  pausesMs: readonly number[],
  sleep: (ms: number) => Promise<void>,
): Promise<DrainResult> {
  let result = await outbox.drain({ force: true });
  for (const pause of pausesMs) {
    if (result.state !== 'waiting') break;
    await sleep(pause);
    result = await outbox.drain({ force: true });
  }
  return result;
}
