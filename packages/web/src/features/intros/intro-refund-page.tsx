import { useState, type FormEvent } from 'react';
import type { IntroListItem, IntrosResponse } from '@flightline/domain/api/types';
import { formatMoney } from '@flightline/domain/money/money';
import type { IntroRefund } from '@flightline/domain/schemas/intros';
import { Page } from '../../components/page-state.tsx';
import { notifications } from '../../lib/notifications-store.ts';
import { newIdempotencyKey } from '../../lib/new-id.ts';
import { InputField, SelectField } from '../../components/form/input-field.tsx';
import { IntroListGate } from './intro-list-gate.tsx';
import { useIntroUpdate } from './use-intro-update.ts';
import { ChosenIntroSubmit } from './chosen-intro-submit.tsx';
import { IntroPicker } from './intro-picker.tsx';
import { EMPTY_REFUND, refundData, refundDefaults, type RefundDraft } from './intro-updates.ts';

const TITLE = 'Refund Intro';

/** `/intro/refund/`: admin or canAddIntros. */
export function IntroRefundPage() {
  return <IntroListGate title={TITLE}>{(list) => <RefundForm {...list} />}</IntroListGate>;
}

function RefundForm({ club, data, today }: { club: string; data: IntrosResponse; today: string }) {
  const [chosen, setChosen] = useState<IntroListItem | null>(null);
  const [draft, setDraft] = useState<RefundDraft>(EMPTY_REFUND);
  // One key per chosen intro: a retried submit refunds once.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const set = (change: Partial<RefundDraft>) => setDraft((d) => ({ ...d, ...change }));

  const choose = (intro: IntroListItem) => {
    setChosen(intro);
    setDraft(refundDefaults(intro, data.paymentMethods));
    setIdempotencyKey(newIdempotencyKey());
  };

  const refund = useIntroUpdate<IntroRefund>(
    club,
    { success: 'Intro refunded successfully', failure: 'Could not refund intro' },
    () => {
      setChosen(null);
      setDraft(EMPTY_REFUND);
    },
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen || refund.isPending) return;
    const checked = refundData(chosen.id, draft, idempotencyKey);
    if (!checked.ok) {
      notifications.alert({ status: 'danger', message: checked.message });
      return;
    }
    refund.mutate(checked.data);
  };

  const off = chosen === null || refund.isPending;
  return (
    <Page title={TITLE}>
      <IntroPicker
        intros={data.intros}
        today={today}
        selectedId={chosen?.id ?? null}
        onSelect={choose}
        disabled={refund.isPending}
      />
      <form className="intro-form touch-checks border-top pt-3" onSubmit={submit} noValidate>
        <InputField
          label="Refund Amount"
          value={draft.amount}
          onChange={(amount) => set({ amount })}
          inputMode="decimal"
          prefix="$"
          disabled={off}
          note={
            chosen
              ? `Still owed on this intro: ${formatMoney(chosen.owedCents)} of ${formatMoney(chosen.priceCents)} paid.`
              : undefined
          }
        />
        <SelectField
          label="Refund Method"
          value={draft.payment}
          options={data.paymentMethods}
          placeholder="Choose a refund method"
          onChange={(payment) => set({ payment })}
          disabled={off}
        />
        <InputField
          label="Refund Reference"
          value={draft.refundRef}
          onChange={(refundRef) => set({ refundRef })}
          maxLength={200}
          disabled={off}
        />
        <div className="row g-2">
          <InputField
            className="col-6 mb-3"
            label="Refund To First Name"
            value={draft.refundFirst}
            onChange={(refundFirst) => set({ refundFirst })}
            maxLength={60}
            disabled={off}
          />
          <InputField
            className="col-6 mb-3"
            label="Refund To Last Name"
            value={draft.refundLast}
            onChange={(refundLast) => set({ refundLast })}
            maxLength={60}
            disabled={off}
          />
        </div>
        <InputField label="Serial Number" value={chosen?.SN ?? ''} readOnly disabled={chosen === null} />
        <ChosenIntroSubmit
          verb="refund"
          label="Submit Refund"
          pendingLabel="Submitting…"
          pending={refund.isPending}
          variant="primary"
          noneChosen={chosen === null}
          disabled={off}
        />
      </form>
    </Page>
  );
}
