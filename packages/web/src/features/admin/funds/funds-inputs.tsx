import type { ReactNode } from 'react';
import { TextInput } from '../../../components/form/fields.tsx';

/** A typed amount kept as the person's text (submit waits for a number other than zero). */
export function AmountInput({
  label = 'Amount',
  value,
  onChange,
  note,
  error,
}: {
  label?: string;
  value: string;
  onChange: (text: string) => void;
  note?: ReactNode;
  error?: string | undefined;
}) {
  return (
    <TextInput
      label={label}
      value={value}
      onChange={onChange}
      prefix="$"
      inputMode="decimal"
      placeholder="0.00"
      note={note}
      error={error}
    />
  );
}

/** The note every funds entry carries into the ledger. */
export function NoteInput({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (text: string) => void;
  error?: string | undefined;
}) {
  return <TextInput label="Note" value={value} onChange={onChange} maxLength={1000} error={error} />;
}
