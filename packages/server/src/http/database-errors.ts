import { HttpError } from './errors.ts';

/**
 * The database's refusals and what the caller reads for each: one table.
 *
 * The rules that must never be false live in the database (unique indexes,
 * the ledger's triggers, the lock date, one unfinished flight per person).
 * The services check them first, to refuse with a message in the order of
 * their other checks; when the database refuses anyway — two requests racing,
 * a lock date moved meanwhile, the database gone — the answer is read here:
 * by the error handler (app.ts) for any request, and by `once()`
 * (modules/once.ts) for the retriable write it runs, which names itself, so
 * a refusal that reads differently for one write (a flight request's glider,
 * a desk sale's serial number) is still one row. An error no row answers —
 * a check violation (23514), the ledger's other guards (ledger_unbalanced,
 * ledger_immutable, block_voided, append_only), which no request reaches
 * past the services' checks — is a bug: the error handler logs it and
 * answers 500.
 */

/**
 * The retriable writes (modules/once.ts), with what a refusal of theirs
 * names from the request. Every write that goes through `once()` names itself.
 */
export type Write =
  /** add-transaction, and an intro's refund, cancel and write-down. */
  | { name: 'ledger-entry' }
  /** reverse-transaction: `of`, the entry reversed. */
  | { name: 'reversal'; of: number }
  /** create-intro: the serial number as sent (absent: a fresh one was drawn). */
  | { name: 'intro-sale'; serial: string | undefined }
  /** update-item FLIGHT: the glider as sent. */
  | { name: 'flight-request'; glider: string }
  /** update-flight: the line actions and log edits. */
  | { name: 'line-action' }
  /** create-tow. */
  | { name: 'tow-event' }
  /** offer-swap (docs/duty-roster.md). */
  | { name: 'swap-offer' }
  /**
   * update-item GLIDER or TUG setting a FLARM ID: the ID as sent, and the aircraft that has it now (read after the
   * refusal).
   */
  | { name: 'flarm-id'; flarmId: string; holder: FlarmIdHolder | undefined };

/** The glider or tug of the club that has a FLARM ID. */
export interface FlarmIdHolder {
  kind: 'glider' | 'tug';
  id: string;
}

/** What a person reads while the database is away (restart, failover, a lost connection). */
export const DATABASE_UNAVAILABLE = 'The database is not reachable right now. Try again in a moment.';

/*
 * The messages a service's own check gives too, so the answer is the same
 * whether the service or the database refused.
 */

/** Another club has the name (any case). */
export const CLUB_NAME_TAKEN = 'Another club already has that name';

/** An entry effective on or before the club's lock date. */
export const lockedMessage = (lockDate: string | undefined) =>
  lockDate
    ? `Transactions on or before the lock date ${lockDate} cannot be posted`
    : 'Transactions on or before the lock date cannot be posted';

/** A second reversal of one entry. */
export const alreadyReversedMessage = (transactionId: number) => `Transaction #${transactionId} was already reversed`;

/** A flight requested for a glider on an unfinished flight. */
export const gliderFlyingMessage = (glider: string) => `Glider ${glider} is already flying`;

/** An intro sold with a serial number the club has (any case). */
export const serialUsedMessage = (serial: string | undefined) =>
  `Serial number ${serial} is already used: enter another or leave it empty`;

/** A FLARM ID set on a second aircraft of the club (docs/ogn.md "Settings"). */
export const flarmIdTakenMessage = (flarmId: string, holder: FlarmIdHolder) =>
  `FLARM ID ${flarmId} is already ${holder.kind} ${holder.id}'s`;

/** The fields of a PostgreSQL error both engines report (node-postgres and PGlite). */
interface PgError {
  code?: unknown;
  constraint?: unknown;
  hint?: unknown;
}

const fields = (error: unknown): PgError => (typeof error === 'object' && error !== null ? (error as PgError) : {});

/** A unique violation (23505) of the named constraint or unique index. */
const uniqueViolation = (constraint: string) => (error: unknown) => {
  const e = fields(error);
  return e.code === '23505' && e.constraint === constraint;
};

/** The partial unique indexes of migration 0024: one glider, one tug of the club per FLARM ID. */
export const FLARM_ID_INDEXES = { glider_flarm_id_key: 'glider', tug_flarm_id_key: 'tug' } as const;
export const isFlarmIdTaken = (error: unknown) => {
  const e = fields(error);
  return e.code === '23505' && typeof e.constraint === 'string' && Object.hasOwn(FLARM_ID_INDEXES, e.constraint);
};

/** An error raised by one of our triggers, recognised by its hint. */
const raisedWithHint = (hint: string) => (error: unknown) => fields(error).hint === hint;

/** A data exception (SQLSTATE class 22): a date out of range, a number too large. */
const dataException = (error: unknown) => {
  const { code } = fields(error);
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
};

/** Node's socket errors and node-postgres's own messages for a connection that is gone or cannot be made. */
const LOST_CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);
const LOST_CONNECTION_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;

/**
 * The database could not answer: a connection refused, lost or timed out, or
 * PostgreSQL shutting down or starting (SQLSTATE class 08, 57P01–57P03) or out
 * of connections (53300) — the error itself, or what caused it (better-auth
 * wraps the driver's error as "Failed to get session"). The request's
 * transaction did not commit (a write whose commit was lost on the way back
 * is found by its idempotency key when the phone sends it again).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (error === null || typeof error !== 'object' || depth > 4) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  return (
    (typeof code === 'string' &&
      (LOST_CONNECTION_CODES.has(code) ||
        /^08[0-9A-Z]{3}$/.test(code) ||
        /^57P0[123]$/.test(code) ||
        code === '53300')) ||
    (typeof message === 'string' && LOST_CONNECTION_MESSAGE.test(message)) ||
    (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) ||
    isDatabaseUnavailable(cause, depth + 1)
  );
}

/** The lock date a `ledger_locked` refusal names ('… the lock date 2025-10-31 cannot be posted'). */
const lockDateIn = (message: string) => /lock date (\d{4}-\d{2}-\d{2})/.exec(message)?.[1];

export interface DatabaseErrorRow {
  /** What the database said, as the docs name it. */
  what: string;
  when: (error: unknown) => boolean;
  status: number;
  /**
   * The message, from the error's own text and the write that tripped it (undefined: no write named); undefined:
   * this row does not answer for that write.
   */
  message: (text: string, write: Write | undefined) => string | undefined;
  headers?: Record<string, string>;
}

/** First match answers. Every message here is what a client reads, to the byte. */
export const DATABASE_ERRORS: readonly DatabaseErrorRow[] = [
  {
    what: 'database unreachable (class 08, 57P01–57P03, 53300, a lost connection)',
    when: (error) => isDatabaseUnavailable(error),
    status: 503,
    headers: { 'retry-after': '2' },
    message: () => DATABASE_UNAVAILABLE,
  },
  {
    // The statement failed, so its transaction rolled back and nothing changed.
    what: 'data exception (class 22)',
    when: dataException,
    status: 400,
    message: (text) => `Invalid input: ${text}`,
  },
  {
    // Two admins renaming two clubs to one name at the same moment.
    what: 'unique club_name_key',
    when: uniqueViolation('club_name_key'),
    status: 409,
    message: () => CLUB_NAME_TAKEN,
  },
  {
    what: 'unique intro_sn_key',
    when: uniqueViolation('intro_sn_key'),
    status: 409,
    message: (_, write) =>
      write?.name === 'intro-sale'
        ? serialUsedMessage(write.serial)
        : 'That serial number is already used: enter another or leave it empty',
  },
  {
    what: 'unique flight_glider_unfinished_key',
    when: uniqueViolation('flight_glider_unfinished_key'),
    status: 409,
    message: (_, write) =>
      write?.name === 'flight-request'
        ? gliderFlyingMessage(write.glider)
        : 'The glider is on another flight now: land or remove that flight first',
  },
  {
    what: 'unique flight_intro_key',
    when: uniqueViolation('flight_intro_key'),
    status: 409,
    message: () => 'This intro is already on a flight',
  },
  {
    // Two saves giving one FLARM ID to two gliders (or two tugs) at once: the service's check saw neither.
    what: 'unique glider_flarm_id_key, tug_flarm_id_key',
    when: isFlarmIdTaken,
    status: 409,
    message: (_, write) =>
      write?.name === 'flarm-id' && write.holder
        ? flarmIdTakenMessage(write.flarmId, write.holder)
        : 'That FLARM ID was just given to another aircraft of the club: clear it there first, or enter another',
  },
  {
    // Two reversals of one entry racing: unique (reverses_id) lets one through.
    what: 'unique ledger_transaction_reverses_id_key',
    when: uniqueViolation('ledger_transaction_reverses_id_key'),
    status: 409,
    message: (_, write) => (write?.name === 'reversal' ? alreadyReversedMessage(write.of) : undefined),
  },
  {
    // Migration 0016: a person on a second unfinished flight; the trigger's message names them and the glider.
    what: 'hint person_on_line (23P01)',
    when: raisedWithHint('person_on_line'),
    status: 409,
    message: (text) => text,
  },
  {
    // The lock date moved while the entry was being posted.
    what: 'hint ledger_locked (the lock date)',
    when: raisedWithHint('ledger_locked'),
    status: 409,
    message: (text, write) => {
      switch (write?.name) {
        case 'line-action':
          return 'Charges on or before the lock date cannot be posted: the flight is locked';
        case 'flight-request':
          return "The intro sale can't be posted on or before the club's lock date";
        default:
          return lockedMessage(lockDateIn(text));
      }
    },
  },
];

/**
 * The answer to a database error — for the write that tripped it, when one is named — or undefined: not the
 * database's refusal (a 500).
 */
export function databaseAnswer(error: unknown, write?: Write): HttpError | undefined {
  const text = error instanceof Error ? error.message : String(error);
  for (const row of DATABASE_ERRORS) {
    if (!row.when(error)) continue;
    const message = row.message(text, write);
    if (message !== undefined) return new HttpError(row.status, message, {}, row.headers);
  }
  return undefined;
}
