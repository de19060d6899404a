/**
 * A funds form's refused post, shown once, where it belongs (issue 25 item
 * 14): under the field the server's reason names, or under the form when it
 * names none. The same refusal again counts up instead of stacking a second
 * message; a change to the form clears it. The headings are the spec's
 * ('Failed to add funds', 'Failed to record expense', 'Failed to add block
 * time to user'), the reason the server's.
 */

export interface FundsFailure {
  heading: string;
  /** The server's reason, without the field's name when it named one. */
  reason: string;
  /** The posted field it is about ('amountCents', 'block.startDate'), or null. */
  field: string | null;
  /** How many posts in a row were refused for it. */
  count: number;
}

/**
 * The services' own refusals that are about one field, by their words (server
 * modules/ledger/add-transaction-service.ts).
 */
const FIELD_OF_REFUSAL: readonly (readonly [RegExp, string])[] = [
  [/^Unknown payment method\b/, 'transferType'],
  [/^Unknown fee class\b/, 'feeType'],
  [/^Unknown tax\b/, 'taxRates'],
  [/^No block\b|^The block .+ (?:is not active|has no price)/, 'block.id'],
  [/^Enter the amount to charge when overriding\b/, 'amountCents'],
];

/**
 * The field a refusal is about and its reason: a body the server's schema
 * refused reads 'Invalid body: block.startDate: Use a date …'
 * (describeZodError); a list's entry ('taxRates.0') is the list's field.
 */
export function readRefusal(message: string): { field: string | null; reason: string } {
  const named = /^Invalid body: ([A-Za-z][\w.]*): ([\s\S]+)$/.exec(message);
  if (named) return { field: named[1]!.replace(/\.\d+(?=\.|$)/g, ''), reason: named[2]! };
  const found = FIELD_OF_REFUSAL.find(([pattern]) => pattern.test(message));
  return { field: found?.[1] ?? null, reason: message };
}

/** The failure once a post was refused with `message`: the one shown again counts up; another replaces it. */
export function nextFailure(shown: FundsFailure | null, heading: string, message: string): FundsFailure {
  const { field, reason } = readRefusal(message);
  if (shown && shown.heading === heading && shown.reason === reason && shown.field === field)
    return { ...shown, count: shown.count + 1 };
  return { heading, reason, field, count: 1 };
}

/** What the person reads: 'Failed to add funds: Unknown payment method Cheque (refused 3 times)'. */
export function failureText(failure: FundsFailure): string {
  return `${failure.heading}: ${failure.reason}${failure.count > 1 ? ` (refused ${failure.count} times)` : ''}`;
}
