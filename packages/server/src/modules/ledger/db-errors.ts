/** The fields of a PostgreSQL error both engines report (node-postgres and PGlite). */
interface PgErrorFields {
  code?: unknown;
  constraint?: unknown;
  hint?: unknown;
}

const fields = (error: unknown): PgErrorFields => (typeof error === 'object' && error !== null ? (error as PgErrorFields) : {});

/** A unique violation (23505), of the named constraint when one is given. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = fields(error);
  return e.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

/** An error raised by one of our triggers, recognised by its hint ('ledger_locked', 'block_voided', …). */
export function hasHint(error: unknown, hint: string): boolean {
  return fields(error).hint === hint;
}

/** The message one of our triggers raised, written for the person who made the change. */
export function triggerMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
