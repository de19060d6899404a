import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@flightline/domain/money/money';
import { chargeBreakdownQuery } from '../../lib/api/charges.ts';
import { errorMessage } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { Loading } from '../page-state.tsx';
import { ChargeView } from './charge-view.tsx';
import './charge-dialog.css';

/** A flight's own charges — its tow and its rental — each explained as the member's account summary explains it. */
export function FlightCharges({
  club,
  charges,
}: {
  club: string;
  charges: readonly { label: string; transactionId: number }[];
}) {
  if (charges.length === 0) return null;
  return (
    <section className="mt-3" aria-label="Charges">
      <h3 className="h6">Charges</h3>
      {charges.map((charge) => (
        <FlightCharge
          key={charge.transactionId}
          club={club}
          label={charge.label}
          transactionId={charge.transactionId}
        />
      ))}
    </section>
  );
}

function FlightCharge({ club, label, transactionId }: { club: string; label: string; transactionId: number }) {
  const charge = useQuery(chargeBreakdownQuery(club, transactionId));
  // Times in the club's clock, as every screen shows them.
  const timeZone = useSession().data?.clubTimeZone || Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <details className="border rounded px-3 py-2 mb-2">
      <summary className="py-2">
        {label} #{transactionId}
        {charge.data && ` — ${formatMoney(charge.data.totalCents)}`}
      </summary>
      <div className="pb-2">
        {charge.isPending ? (
          <Loading />
        ) : charge.isError ? (
          <p className="text-danger mb-0">Could not load this charge. {errorMessage(charge.error)}</p>
        ) : (
          <ChargeView charge={charge.data} timeZone={timeZone} />
        )}
      </div>
    </details>
  );
}
