import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { MAX_TAX_ROWS, nextRowId } from './settings-form.ts';
import { REMOVE_WIDTH, type ListProps } from './settings-page-parts.tsx';

const PERCENT_WIDTH = '7.5rem';

export function TaxRates({ form, errors, addedRow, update, onAdd }: ListProps) {
  const rows = form.taxRows;
  const add = () => {
    const id = nextRowId(rows);
    update({ taxRows: [...rows, { id, name: '', percent: '' }] }, 'taxRates');
    onAdd(`taxName.${id}`);
  };
  return (
    <fieldset className="mb-3">
      <legend className="h5">Tax rates</legend>
      {rows.length === 0 ? (
        <p className="text-body-secondary">No taxes: prices are tax-exempt.</p>
      ) : (
        <div className="d-flex gap-2 small text-body-secondary mb-1" aria-hidden="true">
          <span className="flex-grow-1">Name</span>
          <span style={{ width: PERCENT_WIDTH }}>Percent</span>
          <span style={{ width: REMOVE_WIDTH }} />
        </div>
      )}
      {rows.map((row, index) => {
        const nameKey = `taxName.${row.id}`;
        const percentKey = `taxPercent.${row.id}`;
        const setRow = (change: Partial<typeof row>, key: string) =>
          update({ taxRows: rows.map((r) => (r.id === row.id ? { ...r, ...change } : r)) }, key, 'taxRates');
        return (
          <div key={row.id} className="mb-2">
            <div className="d-flex gap-2 align-items-start">
              <Form.Control
                className="flex-grow-1"
                style={{ minWidth: 0 }}
                aria-label={`Tax ${index + 1} name`}
                value={row.name}
                onChange={(e) => setRow({ name: e.target.value }, nameKey)}
                isInvalid={Boolean(errors[nameKey])}
                aria-invalid={errors[nameKey] ? true : undefined}
                maxLength={20}
                autoComplete="off"
                autoFocus={addedRow === nameKey}
              />
              <InputGroup style={{ width: PERCENT_WIDTH, flexShrink: 0 }}>
                <Form.Control
                  aria-label={`Tax ${index + 1} percent`}
                  value={row.percent}
                  onChange={(e) => setRow({ percent: e.target.value }, percentKey)}
                  isInvalid={Boolean(errors[percentKey])}
                  aria-invalid={errors[percentKey] ? true : undefined}
                  inputMode="decimal"
                  maxLength={9}
                  // The narrow field needs its room for digits, not the invalid icon; the message says it.
                  style={errors[percentKey] ? { backgroundImage: 'none', paddingRight: '0.75rem' } : undefined}
                  autoComplete="off"
                />
                <InputGroup.Text>%</InputGroup.Text>
              </InputGroup>
              <Button
                variant="outline-danger"
                style={{ width: REMOVE_WIDTH, flexShrink: 0 }}
                aria-label={`Remove tax ${row.name.trim() || index + 1}`}
                onClick={() =>
                  update({ taxRows: rows.filter((r) => r.id !== row.id) }, nameKey, percentKey, 'taxRates')
                }
              >
                Remove
              </Button>
            </div>
            {/* Messages under the whole row: the percent column is too narrow to hold one. */}
            {[errors[nameKey], errors[percentKey]].filter(Boolean).map((message) => (
              <div key={message} className="invalid-feedback d-block">
                {message}
              </div>
            ))}
          </div>
        );
      })}
      {errors.taxRates && <div className="invalid-feedback d-block mb-2">{errors.taxRates}</div>}
      <Button variant="outline-primary" onClick={add} disabled={rows.length >= MAX_TAX_ROWS}>
        Add tax
      </Button>
      <Form.Text muted className="d-block">
        {rows.length >= MAX_TAX_ROWS ? `At most ${MAX_TAX_ROWS} taxes.` : 'A percent like 13 or 14.975.'}
      </Form.Text>
    </fieldset>
  );
}
