import { FieldFrame } from '../../components/form/field-frame.tsx';

interface NameFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  className?: string | undefined;
}

/** One of the names of someone the club has no record of (a friend, an intro's passenger), typed freely. */
export function NameField({ id, label, value, onChange, className }: NameFieldProps) {
  return (
    <FieldFrame id={id} label={label} className={className}>
      <input
        id={id}
        className="form-control"
        maxLength={60}
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </FieldFrame>
  );
}
