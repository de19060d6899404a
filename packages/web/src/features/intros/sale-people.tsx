import { Check } from '../../components/form/fields.tsx';
import { InputField } from '../../components/form/input-field.tsx';
import type { SaleDraft, updateDraft } from './sale-form.ts';

type Change = Parameters<typeof updateDraft>[1];

interface SalePeopleProps {
  draft: SaleDraft;
  set: (change: Change) => void;
}

/**
 * The buyer and the passenger: names and emails; the passenger's follow the buyer's while "same as buyer" is
 * ticked.
 */
export function SalePeople({ draft, set }: SalePeopleProps) {
  return (
    <>
      <PersonFields person="buyer" label="Buyer" draft={draft} set={set} />
      <Check
        label="Passenger same as buyer"
        checked={draft.sameAsBuyer}
        onChange={(sameAsBuyer) => set({ sameAsBuyer })}
        className="mb-2"
      />
      <PersonFields person="recipient" label="Passenger" draft={draft} set={draft.sameAsBuyer ? undefined : set} />
    </>
  );
}

interface PersonFieldsProps {
  person: 'buyer' | 'recipient';
  label: 'Buyer' | 'Passenger';
  draft: SaleDraft;
  /** None while the fields show another's names (shown greyed, not editable). */
  set: ((change: Change) => void) | undefined;
}

/** One person's first and last name side by side, then their email. */
function PersonFields({ person, label, draft, set }: PersonFieldsProps) {
  const field = <Name extends 'First' | 'Last' | 'Email'>(name: Name) => {
    const key = `${person}${name}` as const;
    return { value: draft[key], onChange: set && ((value: string) => set({ [key]: value } as Change)) };
  };
  return (
    <>
      <div className="row g-2">
        <InputField className="col-6 mb-3" label={`${label} First Name`} {...field('First')} maxLength={60} />
        <InputField className="col-6 mb-3" label={`${label} Last Name`} {...field('Last')} maxLength={60} />
      </div>
      <InputField label={`${label} Email`} type="email" inputMode="email" {...field('Email')} maxLength={254} />
    </>
  );
}
