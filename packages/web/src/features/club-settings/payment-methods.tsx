import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { nextRowId } from './settings-form.ts';
import { REMOVE_WIDTH, type ListProps } from './settings-page-parts.tsx';

export function PaymentMethods({ form, errors, addedRow, update, onAdd }: ListProps) {
  const rows = form.paymentMethods;
  const add = () => {
    const id = nextRowId(rows);
    update({ paymentMethods: [...rows, { id, name: '' }] }, 'paymentMethods');
    onAdd(`paymentMethods.${id}`);
  };
  return (
    <fieldset className="mb-3">
      <legend className="h5">Payment methods</legend>
      <p className="small text-body-secondary">How members pay the club, offered when funds are added.</p>
      {rows.map((row, index) => {
        const key = `paymentMethods.${row.id}`;
        return (
          <div key={row.id} className="d-flex gap-2 align-items-start mb-2">
            <div className="flex-grow-1" style={{ minWidth: 0 }}>
              <Form.Control
                aria-label={`Payment method ${index + 1}`}
                value={row.name}
                onChange={(e) =>
                  update(
                    { paymentMethods: rows.map((r) => (r.id === row.id ? { ...r, name: e.target.value } : r)) },
                    key,
                    'paymentMethods',
                  )
                }
                isInvalid={Boolean(errors[key])}
                aria-invalid={errors[key] ? true : undefined}
                maxLength={40}
                autoComplete="off"
                autoFocus={addedRow === key}
              />
              <Form.Control.Feedback type="invalid">{errors[key]}</Form.Control.Feedback>
            </div>
            <Button
              variant="outline-danger"
              style={{ width: REMOVE_WIDTH, flexShrink: 0 }}
              aria-label={`Remove payment method ${row.name.trim() || index + 1}`}
              disabled={rows.length <= 1}
              onClick={() => update({ paymentMethods: rows.filter((r) => r.id !== row.id) }, key, 'paymentMethods')}
            >
              Remove
            </Button>
          </div>
        );
      })}
      {errors.paymentMethods && <div className="invalid-feedback d-block mb-2">{errors.paymentMethods}</div>}
      <Button variant="outline-primary" onClick={add} disabled={rows.length >= 20}>
        Add payment method
      </Button>
    </fieldset>
  );
}
