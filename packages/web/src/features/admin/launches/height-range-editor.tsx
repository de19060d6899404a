import Button from 'react-bootstrap/Button';
import { nextRange, validateRanges, type HeightRange, type HeightUnit } from '@flightline/domain/money/height-ranges';
import { MoneyText, NumberText } from '../../../components/form/fields.tsx';
import { parseHeightKeep } from '../../../components/form/numeric-text.ts';

interface HeightRangeEditorProps {
  ranges: HeightRange[];
  unit: HeightUnit;
  onChange: (ranges: HeightRange[]) => void;
}

/**
 * The priced height ranges of a variable launch: whole From, To and Per (a
 * negative number becomes positive), a decimal Cost, and each row's message
 * right under it.
 */
export function HeightRangeEditor({ ranges, unit, onChange }: HeightRangeEditorProps) {
  const messages = validateRanges(ranges, unit);
  const setRow = (index: number, change: Partial<HeightRange>) =>
    onChange(ranges.map((r, i) => (i === index ? { ...r, ...change } : r)));
  const height = (index: number, key: 'start' | 'end' | 'per', label: string) => (
    <div className="col-6">
      <NumberText
        label={label}
        value={ranges[index]![key]}
        onValue={(value) => setRow(index, { [key]: value })}
        parse={parseHeightKeep}
        format={String}
        suffix={unit}
        className="mb-0"
      />
    </div>
  );
  return (
    <section className="mb-3" aria-label="Height ranges">
      <h3 className="h6">Height ranges</h3>
      {ranges.map((range, index) => {
        const message = messages[index];
        return (
          <fieldset
            key={index}
            className={`border rounded p-2 mb-2${message ? ' border-danger' : ''}`}
            aria-describedby={message ? `range-${index}-message` : undefined}
          >
            <legend className="fs-6 fw-semibold float-none w-auto px-1 mb-0">{`Range ${index + 1}`}</legend>
            <div className="row g-2">
              {height(index, 'start', 'From')}
              {height(index, 'end', 'To')}
              {height(index, 'per', 'Per')}
              <div className="col-6">
                <MoneyText
                  label="Cost"
                  value={range.costCents}
                  onValue={(costCents) => setRow(index, { costCents })}
                  className="mb-0"
                />
              </div>
            </div>
            {message && (
              <div id={`range-${index}-message`} className="text-danger small mt-2" role="alert">
                {message}
              </div>
            )}
            <div className="text-end mt-2">
              <Button variant="outline-danger" size="sm" onClick={() => onChange(ranges.filter((_, i) => i !== index))}>
                Remove range
              </Button>
            </div>
          </fieldset>
        );
      })}
      <Button
        variant="outline-primary"
        className="w-100"
        onClick={() => onChange([...ranges, nextRange(ranges, unit)])}
      >
        Add range
      </Button>
    </section>
  );
}
