import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IntroListItem, IntrosResponse } from '@flightline/domain/api-types';
import { formatMoney } from '@flightline/domain/money';
import type { IntroRefund } from '@flightline/domain/schemas/intros';
import { Loading, LoadError, Page } from '../../components/page-state.tsx';
import { errorMessage } from '../../lib/api.ts';
import { notifications } from '../../lib/notifications-store.ts';
import { clubToday } from '../../lib/club-dates.ts';
import { newIdempotencyKey } from '../../lib/new-id.ts';
import { refreshIntros, updateIntro, useIntros } from '../../lib/api/intros.ts';
import { InputField, SelectField } from '../../components/form/input-field.tsx';
import { IntroGate } from './intro-gate.tsx';
import { IntroPicker } from './intro-picker.tsx';
import { EMPTY_REFUND, refundData, refundDefaults, type RefundDraft } from './intro-updates.ts';

const TITLE = 'Refund Intro';

/** `/intro/refund/`: admin or canAddIntros. */
export function IntroRefundPage() {
  return <IntroGate title={TITLE}>{({ club, timeZone }) => <IntroRefundScreen club={club} timeZone={timeZone} />}</IntroGate>;
}

function IntroRefundScreen({ club, timeZone }: { club: string; timeZone: string }) {
  const intros = useIntros(club);
  if (intros.isPending) return <Page title={TITLE}><Loading /></Page>;
  if (intros.isError) return <Page title={TITLE}><LoadError error={intros.error} prefix="Could not load intros." /></Page>;
  return <RefundForm club={club} data={intros.data} today={clubToday(timeZone)} />;
}

function RefundForm({ club, data, today }: { club: string; data: IntrosResponse; today: string }) {
  const client = useQueryClient();
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

  const refund = useMutation({
    mutationFn: (refundInput: IntroRefund) => updateIntro(refundInput.id, refundInput),
    onSuccess: async () => {
      notifications.toast({ status: 'success', message: 'Intro refunded successfully' });
      setChosen(null);
      setDraft(EMPTY_REFUND);
      await refreshIntros(client, club);
    },
    onError: (error) => notifications.alert({ status: 'danger', heading: 'Could not refund intro', message: errorMessage(error) }),
  });

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
      <IntroPicker intros={data.intros} today={today} selectedId={chosen?.id ?? null} onSelect={choose} disabled={refund.isPending} />
      <form className="intro-form touch-checks border-top pt-3" onSubmit={submit} noValidate>
        <InputField
          label="Refund Amount"
          value={draft.amount}
          onChange={(amount) => set({ amount })}
          inputMode="decimal"
          prefix="$"
          disabled={off}
          note={chosen ? `Still owed on this intro: ${formatMoney(chosen.owedCents)} of ${formatMoney(chosen.priceCents)} paid.` : undefined}
        />
        <SelectField label="Refund Method" value={draft.payment} options={data.paymentMethods} placeholder="Choose a refund method" onChange={(payment) => set({ payment })} disabled={off} />
        <InputField label="Refund Reference" value={draft.refundRef} onChange={(refundRef) => set({ refundRef })} maxLength={200} disabled={off} />
        <div className="row g-2">
          <InputField className="col-6 mb-3" label="Refund To First Name" value={draft.refundFirst} onChange={(refundFirst) => set({ refundFirst })} maxLength={60} disabled={off} />
          <InputField className="col-6 mb-3" label="Refund To Last Name" value={draft.refundLast} onChange={(refundLast) => set({ refundLast })} maxLength={60} disabled={off} />
        </div>
        <InputField label="Serial Number" value={chosen?.SN ?? ''} readOnly disabled={chosen === null} />
        <button type="submit" className="btn btn-primary w-100" disabled={off}>
          {refund.isPending ? 'Submitting…' : 'Submit Refund'}
        </button>
        {chosen === null && <p className="form-text">Choose an intro above to refund it.</p>}
      </form>
    </Page>
  );
}
