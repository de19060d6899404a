import type { AnswerOf } from '@flightline/domain/api/define-call';
import type { getRoster, getSwaps } from '@flightline/domain/api/roster';
import { call } from '../../lib/api.ts';
import { personName } from './roster-text.ts';
import { useRosterWrite } from './use-roster-write.ts';

type Duty = AnswerOf<typeof getRoster>['duties'][number];
type Swap = AnswerOf<typeof getSwaps>['swaps'][number];

/**
 * One duty of a day: mine highlighted, with Offer swap / Withdraw offer on mine and Take this duty on an offer I
 * may take.
 */
export function DutyLine({
  club,
  duty,
  userID,
  today,
  swap,
}: {
  club: string;
  duty: Duty;
  userID: string;
  today: string;
  swap: Swap | undefined;
}) {
  const mine = duty.person?.userID === userID;
  const offer = useRosterWrite(club, () =>
    call('POST /api/offer-swap', { swapId: crypto.randomUUID(), dutyId: duty.dutyId, note: '' }),
  );
  const accept = useRosterWrite(club, (swapId: string) => call('POST /api/accept-swap', { swapId }));
  const withdraw = useRosterWrite(club, (swapId: string) => call('POST /api/withdraw-swap', { swapId }));
  const busy = offer.isPending || accept.isPending || withdraw.isPending;
  return (
    <li
      className={`list-group-item d-flex flex-wrap align-items-center gap-2 ${mine ? 'list-group-item-primary' : ''}`}
      data-mine={mine || undefined}
    >
      <span className="flex-grow-1">
        <span className="fw-semibold">{duty.role}</span>
        {duty.extra && ' (extra)'}: {personName(duty.person)}
        {mine && <span className="badge text-bg-primary ms-2">You</span>}
        {duty.swap && <span className="badge text-bg-warning ms-2">Swap offered</span>}
      </span>
      {mine && !duty.swap && duty.day >= today && (
        <button
          type="button"
          className="btn btn-sm btn-outline-primary"
          disabled={busy}
          onClick={() => offer.mutate(undefined)}
        >
          Offer swap
        </button>
      )}
      {mine && duty.swap && (
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          disabled={busy}
          onClick={() => withdraw.mutate(duty.swap!.swapId)}
        >
          Withdraw offer
        </button>
      )}
      {!mine && swap?.canAccept && (
        <button
          type="button"
          className="btn btn-sm btn-success"
          disabled={busy}
          onClick={() => accept.mutate(swap.swapId)}
        >
          Take this duty
        </button>
      )}
    </li>
  );
}
