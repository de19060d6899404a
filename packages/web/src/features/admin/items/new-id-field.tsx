import { TextInput } from '../../../components/form/fields.tsx';

interface NewIdFieldProps {
  /** 'Registration', 'Launch label', … */
  label: string;
  /** What the note calls the id: 'registration' or 'label'. */
  noun: string;
  /** What the note calls the item: 'glider', 'launch', … */
  item: string;
  value: string;
  onChange: (value: string) => void;
  creating: boolean;
  maxLength: number;
}

/**
 * The id of a glider, tug, launch or intro launch (its registration or
 * label): typed once when creating, read-only after, because update-item
 * finds the item by it.
 */
export function NewIdField({ label, noun, item, value, onChange, creating, maxLength }: NewIdFieldProps) {
  return (
    <TextInput
      label={label}
      value={value}
      onChange={onChange}
      readOnly={!creating}
      maxLength={maxLength}
      autoFocus={creating}
      note={
        creating
          ? `The ${noun} cannot be changed once the ${item} is created.`
          : `The ${noun} cannot be changed after creation.`
      }
      noteVariant={creating ? 'muted' : 'warning'}
    />
  );
}
