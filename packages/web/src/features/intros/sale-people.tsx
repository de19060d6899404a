import { Check } from '../../components/form/fields.tsx';
import { InputField } from '../../components/form/input-field.tsx';
import type { SaleDraft, updateDraft } from './sale-form.ts';

interface SalePeopleProps {
  draft: SaleDraft;
  set: (change: Parameters<typeof updateDraft>[1]) => void;
}

/** The buyer and the passenger: names and emails; the passenger's follow the buyer's while "same as buyer" is ticked. */
export function SalePeople({ draft, set }: SalePeopleProps) {
  return (
    <>
      <div className="row g-2">
        <InputField className="col-6 mb-3" label="Buyer First Name" value={draft.buyerFirst} onChange={(buyerFirst) => set({ buyerFirst })} maxLength={60} />
        <InputField className="col-6 mb-3" label="Buyer Last Name" value={draft.buyerLast} onChange={(buyerLast) => set({ buyerLast })} maxLength={60} />
      </div>
      <InputField label="Buyer Email" type="email" inputMode="email" value={draft.buyerEmail} onChange={(buyerEmail) => set({ buyerEmail })} maxLength={254} />

      <Check label="Passenger same as buyer" checked={draft.sameAsBuyer} onChange={(sameAsBuyer) => set({ sameAsBuyer })} className="mb-2" />
      <div className="row g-2">
        <InputField
          className="col-6 mb-3"
          label="Passenger First Name"
          value={draft.recipientFirst}
          onChange={draft.sameAsBuyer ? undefined : (recipientFirst) => set({ recipientFirst })}
          maxLength={60}
        />
        <InputField
          className="col-6 mb-3"
          label="Passenger Last Name"
          value={draft.recipientLast}
          onChange={draft.sameAsBuyer ? undefined : (recipientLast) => set({ recipientLast })}
          maxLength={60}
        />
      </div>
      <InputField
        label="Passenger Email"
        type="email"
        inputMode="email"
        value={draft.recipientEmail}
        onChange={draft.sameAsBuyer ? undefined : (recipientEmail) => set({ recipientEmail })}
        maxLength={254}
      />
    </>
  );
}
