import { useState, type ChangeEvent, type FormEvent } from 'react';
import { checkForm, type Schema } from './field-errors.ts';

/**
 * A small form of text fields validated by its shared schema. A field shows
 * its first message once it has been left with something in it, or after a
 * submit attempt, so nobody is scolded for a field they have not reached.
 */
export function useForm<T, K extends string>(schema: Schema<T>, initial: Record<K, string>) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const checked = checkForm(schema, values);

  const error = (name: K) => (submitted || touched[name] ? checked.errors[name] : undefined);
  return {
    values,
    /** Props for a TextField bound to one value. */
    field: (name: K) => ({
      name,
      value: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const value = event.target.value;
        setValues((current) => ({ ...current, [name]: value }));
      },
      onBlur: () => {
        if (values[name] !== '') setTouched((current) => ({ ...current, [name]: true }));
      },
      error: error(name),
    }),
    /** Every named field has something in it (the spec's enabling rules). */
    filled: (...names: K[]) => names.every((name) => values[name].trim() !== ''),
    /**
     * On submit: the parsed values, or null after showing each field's first message and focusing the first wrong
     * field.
     */
    submit: (event: FormEvent<HTMLFormElement>): T | null => {
      event.preventDefault();
      setSubmitted(true);
      if (checked.ok) return checked.data;
      const first = (Object.keys(initial) as K[]).find((name) => checked.errors[name] !== undefined);
      const input = first ? event.currentTarget.elements.namedItem(first) : null;
      if (input instanceof HTMLElement) input.focus();
      return null;
    },
  };
}
