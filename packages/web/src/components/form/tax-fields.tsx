import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import { Check, SelectInput } from './fields.tsx';

type TaxStatus = 'exempt' | 'inclusive' | 'exclusive';

interface TaxFieldsProps<S extends TaxStatus> {
  /** Intro launches offer only exempt and inclusive. */
  statuses: readonly S[];
  taxStatus: S;
  taxRates: readonly string[];
  /** The club's tax rates: name → fraction. */
  clubRates: Record<string, number>;
  onChange: (change: { taxStatus?: S; taxRates?: string[] }) => void;
  disabled?: boolean | undefined;
}

const STATUS_LABELS: Record<TaxStatus, string> = { exempt: 'Exempt', inclusive: 'Inclusive', exclusive: 'Exclusive' };

/** '13%' from 0.13, without float noise. */
function percent(fraction: number): string {
  return `${Number((fraction * 100).toFixed(3))}%`;
}

/** Tax status, and for a taxed item a checkbox per club tax; exempt hides the tax selection. */
export function TaxFields<S extends TaxStatus>({
  statuses,
  taxStatus,
  taxRates,
  clubRates,
  onChange,
  disabled,
}: TaxFieldsProps<S>) {
  const id = useId();
  const names = Object.keys(clubRates).sort();
  // A stored tax the club has since removed still shows, so it can be unticked.
  const shown = [...names, ...taxRates.filter((n) => !names.includes(n))];
  const toggle = (name: string, on: boolean) =>
    onChange({ taxRates: on ? [...taxRates, name] : taxRates.filter((n) => n !== name) });
  return (
    <>
      <SelectInput
        label="Tax status"
        value={taxStatus}
        options={statuses.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
        onChange={(s) => onChange({ taxStatus: s })}
        disabled={disabled}
      />
      {taxStatus !== 'exempt' && (
        <fieldset className="mb-3" aria-labelledby={`${id}-legend`}>
          <legend id={`${id}-legend`} className="form-label fs-6 mb-1">
            Applicable taxes
          </legend>
          {shown.length === 0 ? (
            <Form.Text muted>The club has no tax rates yet; an admin adds them in Club Settings.</Form.Text>
          ) : (
            shown.map((name) => (
              <Check
                key={name}
                label={
                  clubRates[name] === undefined
                    ? `${name} (no longer a club tax)`
                    : `${name} (${percent(clubRates[name])})`
                }
                checked={taxRates.includes(name)}
                onChange={(on) => toggle(name, on)}
                disabled={disabled}
              />
            ))
          )}
        </fieldset>
      )}
    </>
  );
}
