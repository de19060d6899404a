import { conflict, type HttpError } from '../../http/errors.ts';
import { lockedError } from '../ledger/journal.ts';

/** The database refused an entry on or before the lock date (moved meanwhile): 409 naming the date, as the ledger's writes answer. */
export function lockRefusal(error: unknown): HttpError {
  const lockDate = /lock date (\d{4}-\d{2}-\d{2})/.exec(error instanceof Error ? error.message : '')?.[1];
  return lockDate ? lockedError(lockDate) : conflict('Transactions on or before the lock date cannot be posted');
}
