import { channel } from 'node:diagnostics_channel';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { databaseAnswer, isDatabaseUnavailable, type Write } from '../http/database-errors.ts';
import { conflict } from '../http/errors.ts';

/**
 * A write a phone may send more than once — a tap retried by its outbox, a
 * double tap, an answer lost on the way back — and that must happen once.
 * The request carries an idempotency key (a flight request: its flight id)
 * that the write stores with what it writes, under a unique constraint, so
 * the database decides which delivery is the write; every other delivery of
 * the same request answers what the first answered, and the key sent with any
 * other request is refused (409). A key belongs to the person who first sent
 * it: the write stores its sender beside the key, and anyone else sending that
 * key is refused (409) before anything of the first write is read — even for
 * the very same request, whose answer may hold the sender's own costs and
 * balance. Each write says where its key is stored,
 * what makes a stored write this request, and its answer; `once()` does the
 * rest, the same way for all of them.
 */
export interface RetriableWrite<Recorded, Answer, Done> {
  /** Which write this is: its refusals by the database answer as http/database-errors.ts says for it. */
  write: Write;
  /** The request's idempotency key; without one the write just runs. */
  key: string | undefined;
  /** What the key has already recorded (the row that stores it), if anything. */
  recorded(db: Kysely<DB>, key: string): Promise<Recorded | undefined>;
  /**
   * Who sends this request (the session's user), who sent the write the key
   * recorded (its stored user; null: nobody's), and the refusal when they
   * differ (default KEY_NOT_YOURS).
   */
  sender: { id: string; of(recorded: Recorded): string | null; refusal?: string };
  /** The first answer when what the key recorded is this same request; undefined when it is another request. */
  replay(db: Kysely<DB>, recorded: Recorded): Promise<Answer | undefined> | Answer | undefined;
  /** The refusal (409) of a key already recorded for another request. */
  keyUsed(recorded: Recorded): string;
  /** The write, in one transaction, storing the key with what it writes. */
  run(trx: Transaction<DB>): Promise<Done>;
  /** The answer once the write is committed, from what `run` gave; without it, what `run` gave is the answer. */
  answer?(db: Kysely<DB>, done: NoInfer<Done>): Promise<Answer> | Answer;
}

/** The refusal of a key first sent by someone else: it tells nothing of what that key recorded. */
export const KEY_NOT_YOURS = 'This idempotency key was already used by someone else; send a new key';

/** Where once() tells of each replay (a retried write answered from its first answer): the app's metrics count them. */
export const ONCE_REPLAY_CHANNEL = 'flightline:once-replay';
/** A replay, on the database it was answered from (so each app counts its own). */
export interface OnceReplay {
  db: Kysely<DB>;
  write: Write['name'];
}
const replays = channel(ONCE_REPLAY_CHANNEL);

/**
 * Run the write once: a key already recorded answers its first answer (or is
 * refused, for another request) before any check of the write's own, so a
 * retry delivered after midnight is not refused for its date. Otherwise the
 * write runs in a transaction. When it fails, another delivery of this request
 * may have committed meanwhile — the unique key stopped this one, or the
 * write's locks and checks did (the flight is launched, the tug checked in):
 * the key is looked up again and that delivery's answer given. Any other
 * refusal by the database answers as http/database-errors.ts says for this
 * write; anything else is thrown on.
 */
export function once<Recorded, Answer, Done>(
  db: Kysely<DB>,
  write: RetriableWrite<Recorded, Answer, Done> & Required<Pick<RetriableWrite<Recorded, Answer, Done>, 'answer'>>,
): Promise<Answer>;
export function once<Recorded, Answer>(
  db: Kysely<DB>,
  write: RetriableWrite<Recorded, Answer, Answer>,
): Promise<Answer>;
export async function once<Recorded, Answer, Done>(
  db: Kysely<DB>,
  spec: RetriableWrite<Recorded, Answer, Done>,
): Promise<Answer> {
  const { key } = spec;
  if (key !== undefined) {
    const first = await recall(db, spec, key);
    if (first) return first.answer;
  }
  let done: Done;
  try {
    done = await db.transaction().execute((trx) => spec.run(trx));
  } catch (error) {
    // With the database away there is nothing to look up: the phone sends it again (503).
    if (key !== undefined && !isDatabaseUnavailable(error)) {
      const first = await recall(db, spec, key);
      if (first) return first.answer;
    }
    throw databaseAnswer(error, spec.write) ?? error;
  }
  // Without `answer`, the overloads make Done the Answer.
  return spec.answer ? spec.answer(db, done) : (done as unknown as Answer);
}

/**
 * The first answer of the request the key recorded; 409 when the key recorded another request; undefined when it
 * recorded nothing.
 */
async function recall<Recorded, Answer, Done>(
  db: Kysely<DB>,
  spec: RetriableWrite<Recorded, Answer, Done>,
  key: string,
): Promise<{ answer: Answer } | undefined> {
  const recorded = await spec.recorded(db, key);
  if (recorded === undefined) return undefined;
  if (spec.sender.of(recorded) !== spec.sender.id) throw conflict(spec.sender.refusal ?? KEY_NOT_YOURS);
  const answer = await spec.replay(db, recorded);
  if (answer === undefined) throw conflict(spec.keyUsed(recorded));
  if (replays.hasSubscribers) replays.publish({ db, write: spec.write.name } satisfies OnceReplay);
  return { answer };
}
