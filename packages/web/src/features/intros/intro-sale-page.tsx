import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClubInfo, IntroItem, IntroLaunchItem } from '@flightline/domain/api/types';
import { formatMoney } from '@flightline/domain/money/money';
import type { IntroSale } from '@flightline/domain/schemas/intros';
import { Loading, LoadError, Page } from '../../components/page-state.tsx';
import { errorMessage } from '../../lib/api.ts';
import { notifications } from '../../lib/notifications-store.ts';
import { clubToday } from '../../lib/club-dates.ts';
import { newIdempotencyKey } from '../../lib/new-id.ts';
import { introPeriodDays } from '../../components/form/admin-inputs.ts';
import { useClubInfo } from '../../lib/api/club-info.ts';
import { NumberText } from '../../components/form/fields.tsx';
import { TaxFields } from '../../components/form/tax-fields.tsx';
import { refreshIntros, sellIntro, useIntroLaunches } from '../../lib/api/intros.ts';
import { InputField, SelectField } from '../../components/form/input-field.tsx';
import { IntroGate } from './intro-gate.tsx';
import { SalePeople } from './sale-people.tsx';
import {
  expirationDate,
  initialSaleDraft,
  passengerName,
  SALE_HINT,
  saleBody,
  saleProblem,
  saleReady,
  updateDraft,
  withExpirationDate,
  withLaunchType,
  withPurchaseDate,
  withStaleDays,
  type SaleDraft,
} from './sale-form.ts';

const TITLE = 'New Intro Flight';
const TAX_STATUSES = ['exempt', 'inclusive'] as const;

/** `/intro/`: sell an intro certificate; admin or canAddIntros. */
export function IntroSalePage() {
  return <IntroGate title={TITLE}>{({ club, timeZone }) => <IntroSale club={club} timeZone={timeZone} />}</IntroGate>;
}

function IntroSale({ club, timeZone }: { club: string; timeZone: string }) {
  const info = useClubInfo(club);
  const launches = useIntroLaunches(club);
  if (info.isPending || launches.isPending)
    return (
      <Page title={TITLE}>
        <Loading />
      </Page>
    );
  if (info.isError)
    return (
      <Page title={TITLE}>
        <LoadError error={info.error} prefix="Could not load the club's settings." />
      </Page>
    );
  if (launches.isError)
    return (
      <Page title={TITLE}>
        <LoadError error={launches.error} prefix="Could not load the intro launches." />
      </Page>
    );
  return (
    <SaleForm club={club} info={info.data} launches={launches.data.filter((l) => l.isActive)} timeZone={timeZone} />
  );
}

interface SaleFormProps {
  club: string;
  info: ClubInfo;
  launches: IntroLaunchItem[];
  timeZone: string;
}

function SaleForm({ club, info, launches, timeZone }: SaleFormProps) {
  const client = useQueryClient();
  const fresh = () =>
    initialSaleDraft({
      today: clubToday(timeZone),
      staleDays: info.introStalePeriod,
      payment: info.paymentMethods[0] ?? '',
    });
  const [draft, setDraft] = useState<SaleDraft>(fresh);
  // One key per sale: a retried submit of the same form sells once.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [sold, setSold] = useState<IntroItem | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const launch = launches.find((l) => l.id === draft.launchType);
  const set = (change: Parameters<typeof updateDraft>[1]) => {
    setDraft((d) => updateDraft(d, change));
    setProblem(null);
  };

  const sell = useMutation({
    mutationFn: (body: IntroSale) => sellIntro(body),
    onSuccess: async (result, body) => {
      notifications.toast({
        status: 'success',
        message: `Purchase of Intro for ${passengerName(body)} was successful.`,
      });
      setSold(result.intro);
      setDraft(fresh());
      setIdempotencyKey(newIdempotencyKey());
      window.scrollTo({ top: 0 });
      await refreshIntros(client, club);
    },
    onError: (error) =>
      notifications.alert({
        status: 'danger',
        heading: 'Failed to submit intro purchase',
        message: errorMessage(error),
      }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!saleReady(draft) || sell.isPending) return;
    const body = saleBody(draft, launch?.priceCents, idempotencyKey);
    const why = saleProblem(body);
    setProblem(why);
    if (!why) sell.mutate(body);
  };

  const pending = sell.isPending;
  return (
    <Page title={TITLE}>
      {sold && (
        <div className="alert alert-success d-flex align-items-start gap-2" role="status">
          <div className="flex-grow-1">
            Intro <strong>{sold.SN}</strong> for {`${sold.recipientFirst} ` + `${sold.recipientLast}`} (
            {sold.launchType}, {formatMoney(sold.priceCents)}), expires on {sold.staleDate}.
          </div>
          <button type="button" className="btn-close" aria-label="Close" onClick={() => setSold(null)} />
        </div>
      )}
      {launches.length === 0 && (
        <div className="alert alert-warning" role="alert">
          The club has no active intro launches. An admin adds them on the Administration page.
        </div>
      )}
      <form className="intro-form touch-checks" onSubmit={submit} noValidate>
        <fieldset disabled={pending}>
          <SelectField
            label="Launch Type"
            value={draft.launchType}
            options={launches.map((l) => l.id)}
            placeholder="Choose a launch type"
            onChange={(id) => {
              setDraft((d) =>
                withLaunchType(
                  d,
                  launches.find((l) => l.id === id),
                ),
              );
              setProblem(null);
            }}
          />
          <InputField
            label="Price"
            value={launch ? formatMoney(launch.priceCents) : ''}
            readOnly
            placeholder="Set by the launch type"
          />
          <SelectField
            label="Payment Method"
            value={draft.payment}
            options={info.paymentMethods}
            placeholder="Choose a payment method"
            onChange={(payment) => set({ payment })}
          />
          <InputField
            label="Payment Reference"
            value={draft.paymentRef}
            onChange={(paymentRef) => set({ paymentRef })}
            maxLength={200}
          />
          <InputField
            label="Serial Number"
            value={draft.SN}
            onChange={(SN) => set({ SN: SN.toUpperCase() })}
            maxLength={20}
            placeholder="Generated when left empty"
            note="Optional: leave empty and a serial number is generated."
          />

          <SalePeople draft={draft} set={set} />

          <div className="mb-3">
            <label className="form-label" htmlFor="intro-note">
              Note
            </label>
            <textarea
              id="intro-note"
              className="form-control"
              rows={2}
              maxLength={1000}
              value={draft.note}
              onChange={(e) => set({ note: e.target.value })}
            />
          </div>
          <InputField
            label="Purchase Date"
            type="date"
            value={draft.date}
            onChange={(day) => setDraft((d) => withPurchaseDate(d, day))}
          />
          <div className="row g-2">
            <NumberText
              className="col-5 mb-3"
              label="Expires After"
              value={draft.staleDays}
              onValue={(days) => setDraft((d) => withStaleDays(d, days))}
              parse={(text, old) => introPeriodDays(text) ?? old}
              format={String}
              suffix="days"
            />
            <InputField
              className="col-7 mb-3"
              label="Expiration Date"
              type="date"
              value={expirationDate(draft)}
              min={draft.date}
              onChange={(day) => setDraft((d) => withExpirationDate(d, day))}
            />
          </div>
          <TaxFields
            statuses={TAX_STATUSES}
            taxStatus={draft.taxStatus}
            taxRates={draft.taxRates}
            clubRates={info.taxRates}
            onChange={(change) => set(change)}
          />
        </fieldset>

        {problem && (
          <div className="alert alert-danger py-2" role="alert">
            {problem}
          </div>
        )}
        {saleReady(draft) ? (
          <button type="submit" className="btn btn-primary w-100" disabled={pending}>
            {pending ? 'Submitting…' : 'Submit Intro Purchase'}
          </button>
        ) : (
          <p className="form-text">{SALE_HINT}</p>
        )}
      </form>
    </Page>
  );
}
