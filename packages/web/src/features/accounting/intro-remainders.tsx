import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IntroListItem } from '@flightline/domain/api/types';
import { formatMoney } from '@flightline/domain/money/money';
import { errorMessage } from '../../lib/api.ts';
import { confirmDialog } from '../../lib/confirm-store.ts';
import { newIdempotencyKey } from '../../lib/new-id.ts';
import { notifications } from '../../lib/notifications-store.ts';
import { refreshIntros, updateIntro, useIntros } from '../../lib/api/intros.ts';
import { refreshAccounting } from '../../lib/api/accounting.ts';
import { NumberHeading } from '../../components/figure-column.tsx';

/** Who bought an intro, as the drill-downs say it: the buyer's name, else their email, else the recipient. */
function introSoldTo(
  intro: Pick<IntroListItem, 'buyerFirst' | 'buyerLast' | 'buyerEmail' | 'recipientFirst' | 'recipientLast'>,
): string {
  return (
    `${intro.buyerFirst} ${intro.buyerLast}`.trim() ||
    intro.buyerEmail ||
    `${intro.recipientFirst} ${intro.recipientLast}`.trim()
  );
}

/**
 * Under the Intro A/P drill-down: every refunded intro that still holds money
 * (a part refund leaves the rest on Intro A/P), with a Write down that moves
 * that rest to Intro Revenue in an entry naming the intro (issue 15 item 5).
 */
export function IntroRemainders({ club }: { club: string }) {
  const client = useQueryClient();
  const intros = useIntros(club);
  const writeDown = useMutation({
    mutationFn: (intro: IntroListItem) =>
      updateIntro(intro.id, {
        action: 'WriteDown',
        id: intro.id,
        priceCents: intro.owedCents,
        note: '',
        idempotencyKey: newIdempotencyKey(),
      }),
    onSuccess: (_, intro) =>
      notifications.toast({
        status: 'success',
        message: `Intro ${intro.SN}: ${formatMoney(intro.owedCents)} written down`,
      }),
    onError: (error, intro) =>
      notifications.alert({
        status: 'danger',
        heading: `Could not write down intro ${intro.SN}`,
        message: errorMessage(error),
        autohide: false,
      }),
    onSettled: () => Promise.all([refreshAccounting(client, club), refreshIntros(client, club)]),
  });
  if (!intros.data) return null;
  const holding = intros.data.intros.filter((intro) => intro.refunded && !intro.cancelled && intro.owedCents > 0);
  const ask = async (intro: IntroListItem) => {
    const yes = await confirmDialog.ask({
      heading: 'Write down intro',
      message:
        `Write down the ${formatMoney(intro.owedCents)} intro ${intro.SN} (sold to ` +
        `${introSoldTo(intro)}) still holds? It moves from Intro A/P to Intro Revenue.`,
      confirmLabel: 'Write down',
      rejectLabel: 'Keep',
      confirmVariant: 'danger',
    });
    if (yes) writeDown.mutate(intro);
  };
  return (
    <section className="mt-4" aria-labelledby="intro-remainders">
      <h2 id="intro-remainders" className="h6">
        Refunded intros still holding money
      </h2>
      {holding.length === 0 ? (
        <p className="text-body-secondary">No refunded intro holds anything on Intro A/P.</p>
      ) : (
        <table className="table table-sm align-middle stack-rows stacked-rows money-table">
          <thead>
            <tr>
              <th scope="col">SN</th>
              <th scope="col">Sold To</th>
              <NumberHeading>Paid</NumberHeading>
              <NumberHeading>Holds</NumberHeading>
              <th scope="col">
                <span className="visually-hidden">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {holding.map((intro) => (
              <tr key={intro.id}>
                <td className="cell-head">{intro.SN}</td>
                <td data-label="Sold To">{introSoldTo(intro)}</td>
                <td data-label="Paid" className="text-end cell-money">
                  {formatMoney(intro.priceCents)}
                </td>
                <td data-label="Holds" className="text-end cell-money cell-amount">
                  {formatMoney(intro.owedCents)}
                </td>
                <td>
                  <button
                    type="button"
                    className="btn btn-outline-danger btn-sm"
                    disabled={writeDown.isPending}
                    onClick={() => void ask(intro)}
                  >
                    Write down
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
