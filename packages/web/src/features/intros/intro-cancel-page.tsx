import { useState, type FormEvent } from 'react';
import type { IntroListItem, IntrosResponse } from '@flightline/domain/api/types';
import { recipientName } from '@flightline/domain/money/intro-search';
import { formatMoney } from '@flightline/domain/money/money';
import type { IntroCancel } from '@flightline/domain/schemas/intros';
import { Page } from '../../components/page-state.tsx';
import { confirmDialog } from '../../lib/confirm-store.ts';
import { notifications } from '../../lib/notifications-store.ts';
import { newIdempotencyKey } from '../../lib/new-id.ts';
import { Check } from '../../components/form/fields.tsx';
import { InputField } from '../../components/form/input-field.tsx';
import { IntroListGate } from './intro-list-gate.tsx';
import { useIntroUpdate } from './use-intro-update.ts';
import { ChosenIntroSubmit } from './chosen-intro-submit.tsx';
import { IntroPicker } from './intro-picker.tsx';
import { cancelData } from './intro-updates.ts';

const TITLE = 'Cancel Intro';

/** `/intro/cancel/`: expired intros first; admin or canAddIntros. */
export function IntroCancelPage() {
  return <IntroListGate title={TITLE}>{(list) => <CancelForm {...list} />}</IntroListGate>;
}

/** The buyer's name, else their email: who to tell about the cancellation. */
function purchasedBy(intro: IntroListItem): string {
  return `${intro.buyerFirst} ${intro.buyerLast}`.trim() || intro.buyerEmail;
}

function CancelForm({ club, data, today }: { club: string; data: IntrosResponse; today: string }) {
  const [chosen, setChosen] = useState<IntroListItem | null>(null);
  const [writtenDown, setWrittenDown] = useState(false);
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);

  const choose = (intro: IntroListItem) => {
    setChosen(intro);
    setWrittenDown(false);
    setIdempotencyKey(newIdempotencyKey());
  };

  const cancel = useIntroUpdate<IntroCancel>(
    club,
    { success: 'Intro cancelled successfully', failure: 'Could not cancel intro' },
    () => {
      setChosen(null);
      setWrittenDown(false);
    },
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen || cancel.isPending) return;
    const checked = cancelData(chosen, writtenDown, idempotencyKey);
    if (!checked.ok) {
      notifications.alert({ status: 'danger', message: checked.message });
      return;
    }
    const yes = await confirmDialog.ask({
      heading: 'Cancel Intro',
      message: `Cancel intro ${chosen.SN} for ${recipientName(chosen)}? It can no longer be flown or refunded${
        writtenDown ? '.' : `, and the ${formatMoney(chosen.owedCents)} still owed on it becomes intro revenue.`
      }`,
      confirmLabel: 'Cancel Intro',
      rejectLabel: 'Keep Intro',
      confirmVariant: 'danger',
    });
    if (yes) cancel.mutate(checked.data);
  };

  const off = chosen === null || cancel.isPending;
  return (
    <Page title={TITLE}>
      <IntroPicker
        intros={data.intros}
        today={today}
        highlightExpired
        selectedId={chosen?.id ?? null}
        onSelect={choose}
        disabled={cancel.isPending}
      />
      <form className="intro-form touch-checks border-top pt-3" onSubmit={(e) => void submit(e)} noValidate>
        <InputField
          label="Amount Paid"
          value={chosen ? formatMoney(chosen.priceCents) : ''}
          readOnly
          disabled={chosen === null}
          note={chosen ? `Still owed on this intro: ${formatMoney(chosen.owedCents)}.` : undefined}
        />
        <InputField label="Payment Method" value={chosen?.payment ?? ''} readOnly disabled={chosen === null} />
        <InputField
          label="Purchased By"
          value={chosen ? purchasedBy(chosen) : ''}
          readOnly
          disabled={chosen === null}
        />
        <InputField label="Serial Number" value={chosen?.SN ?? ''} readOnly disabled={chosen === null} />
        <Check
          label="Previously Written Down?"
          checked={writtenDown}
          onChange={setWrittenDown}
          disabled={off}
          className="mb-3"
        />
        <ChosenIntroSubmit
          verb="cancel"
          label="Cancel Intro"
          pendingLabel="Cancelling…"
          pending={cancel.isPending}
          variant="danger"
          noneChosen={chosen === null}
          disabled={off}
        />
      </form>
    </Page>
  );
}
