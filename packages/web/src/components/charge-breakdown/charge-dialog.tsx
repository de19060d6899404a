import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { chargeBreakdownQuery } from '../../lib/api/charges.ts';
import { errorMessage } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { Loading } from '../page-state.tsx';
import { ChargeView } from './charge-view.tsx';
import './charge-dialog.css';

export interface ChargeDialogProps {
  club: string;
  transactionId: number;
  /** Whose part (an admin's view of a pilot); the caller's own by default. */
  userID?: string | undefined;
  onClose: () => void;
}

/** A charge's breakdown in a modal `<dialog>` (Esc and the Close button close it; focus returns to what opened it). */
export function ChargeDialog({ club, transactionId, userID, onClose }: ChargeDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const charge = useQuery(chargeBreakdownQuery(club, transactionId, userID));
  // Times in the club's clock, as every screen shows them.
  const timeZone = useSession().data?.clubTimeZone || Intl.DateTimeFormat().resolvedOptions().timeZone;
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  const titleId = `charge-${transactionId}-title`;
  return (
    <dialog ref={ref} className="charge-dialog rounded border-0 shadow p-0" aria-labelledby={titleId} onClose={onClose}>
      <div className="p-3">
        <h2 id={titleId} className="h5 mb-3">
          Charge #{transactionId}
        </h2>
        {charge.isPending && charge.fetchStatus === 'paused' ? (
          // Offline and never opened before (an opened one is kept with the page's saved reads): say so rather than
          // spin.
          <p className="alert alert-secondary mb-0" role="status">
            Offline — this charge&apos;s breakdown shows once the phone is back online.
          </p>
        ) : charge.isPending ? (
          <Loading />
        ) : charge.isError ? (
          <div className="alert alert-danger mb-0" role="alert">
            Could not load this charge. {errorMessage(charge.error)}
          </div>
        ) : (
          <ChargeView charge={charge.data} timeZone={timeZone} />
        )}
        <div className="d-flex justify-content-end mt-3">
          <button type="button" className="btn btn-secondary" onClick={() => ref.current?.close()}>
            Close
          </button>
        </div>
      </div>
    </dialog>
  );
}
