import type { Kysely } from 'kysely';
import type { ChargeBreakdown, RecordedTime } from '@flightline/domain/api/charges';
import { ACCOUNT, type PostingLine } from '@flightline/domain/money/ledger';
import { shareCharge } from '@flightline/domain/money/flight-postings';
import type { FlightChargeDetail } from '@flightline/domain/money/charge-breakdown';
import type { DB } from '../../db/schema.ts';
import type { MemberContext } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { historyText } from './descriptions.ts';
import { findEntryBreakdown, transactionPostings } from './posting-repo.ts';
import { assertMayReadAccount } from './service.ts';

/**
 * Who recorded the times a flight charge used, from the flight's history as
 * it stood when the entry was posted: the flights module's reader
 * (flights/recorded-times-repo.ts recordedTimes), which sits above the ledger
 * and is handed in by modules/register.ts.
 */
export type RecordedTimesReader = (
  db: Kysely<DB>,
  clubId: string,
  detail: FlightChargeDetail,
  entry: { effective_at: Date; entered_at: Date },
) => Promise<RecordedTime[]>;

const sum = (lines: readonly PostingLine[]) => lines.reduce((total, line) => total + line.amountCents, 0);

/**
 * What one charge on a member's account was made of (docs/accounting.md,
 * "Charge breakdowns"): the member's part before tax, each tax and the total,
 * and for a flight's tow or rental the price rule's figures frozen with the
 * entry — with the member's own part only, and who recorded its times. A reversal shows the figures of the entry it
 * reverses, taken back.
 * Entries without frozen figures (other charges, flight charges posted before
 * them) are explained from their postings: the member's share of the revenue
 * and of each tax, as the ledger split them.
 */
export async function getChargeBreakdown(
  db: Kysely<DB>,
  ctx: MemberContext,
  query: { transactionId: number; user?: string | undefined },
  recordedTimes: RecordedTimesReader,
): Promise<ChargeBreakdown> {
  const memberId = query.user ?? ctx.user.id;
  await assertMayReadAccount(db, ctx, memberId);
  const entry = await findEntryBreakdown(db, ctx.club.id, query.transactionId);
  if (!entry) throw notFound('No such entry');
  const lines = await transactionPostings(db, ctx.club.id, entry.id);
  const members = lines.filter((line) => line.account === ACCOUNT.membersPayable);
  const own = members.filter((line) => line.memberId === memberId);
  const charged = sum(own);
  // A charge takes from the member's account (a debit); only a reversal gives one back.
  if (own.length === 0 || (charged <= 0 && entry.reverses_id === null))
    throw notFound("This entry is not a charge on this member's account");
  const sign = charged > 0 ? 1 : -1;
  const original = entry.reverses_id === null ? entry : await findEntryBreakdown(db, ctx.club.id, entry.reverses_id);
  const flight = original?.breakdown ?? null;
  const part = flight?.payers.find((payer) => payer.memberId === memberId);
  // Each payer sees their own part: a co-payer's share, block and what it has left are theirs (issue 25 item 6).
  const sharedWith = part
    ? flight!.payers.filter((payer) => payer.memberId !== memberId).map((payer) => payer.name)
    : [];
  const times = part && original ? await recordedTimes(db, ctx.club.id, flight!, original) : [];
  const figures = part
    ? { netCents: part.netCents, taxes: part.taxes, totalCents: part.totalCents }
    : fromPostings(lines, members, memberId, sign);
  return {
    transactionId: entry.id,
    date: entry.effective_at.getTime(),
    description: historyText(entry),
    transactionType: entry.transaction_type,
    reverses: entry.reverses_id,
    memberId,
    netCents: sign * figures.netCents,
    taxes: figures.taxes.map((tax) => ({ name: tax.name, cents: sign * tax.cents })),
    totalCents: sign * figures.totalCents,
    flight: part ? { ...flight!, payers: [part] } : null,
    sharedWith,
    times,
  };
}

/**
 * The member's part of an entry from its postings, in a charge's own sign
 * (positive): the entry's sales tax set apart from the rest, both shared
 * among the members' lines on the member's side in proportion to what each
 * carries, as the ledger shared them (a transfer's other side is not a payer).
 */
function fromPostings(lines: readonly PostingLine[], members: readonly PostingLine[], memberId: string, side: number) {
  const payers = members.filter((line) => Math.sign(line.amountCents) === side);
  const taxes = new Map<string, number>();
  for (const line of lines) {
    if (line.account === ACCOUNT.salesTaxPayable)
      taxes.set(line.taxName ?? '', (taxes.get(line.taxName ?? '') ?? 0) - side * line.amountCents);
  }
  const taxLines = [...taxes].map(([name, cents]) => ({ name, cents }));
  const totalCents = side * sum(payers);
  const netCents = totalCents - taxLines.reduce((total, tax) => total + tax.cents, 0);
  const shares = shareCharge(
    { netCents, taxes: taxLines, totalCents },
    payers.map((line) => side * line.amountCents),
  );
  return shares[payers.findIndex((line) => line.memberId === memberId)]!;
}
