import { describe, expect, it } from 'vitest';
import { gliderUpdateSchema, qualificationsUpdateSchema, tugFieldsSchema } from '@flightline/domain/schemas/fleet';
import {
  byName,
  changedFields,
  changeRows,
  duplicateProblem,
  formatCents,
  formatValue,
  orUnlimited,
  sameValue,
  schemaProblem,
  withNewId,
  type FieldSpec,
} from './changes.ts';

interface Glider {
  places: number;
  rateCentsPerMinute: number;
  blocks: string[];
  status: string;
  maxFlightUnits: number | null;
}

const stored: Glider = {
  places: 1,
  rateCentsPerMinute: 150,
  blocks: ['b1', 'b2'],
  status: 'Not ready',
  maxFlightUnits: null,
};

describe('changed fields: update-item gets only what changed', () => {
  it('nothing changed gives an empty object', () => {
    expect(changedFields(stored, { ...stored, blocks: ['b1', 'b2'] })).toEqual({});
  });

  it('returns exactly the changed fields with their new values', () => {
    expect(changedFields(stored, { ...stored, places: 2, status: 'Ready' })).toEqual({ places: 2, status: 'Ready' });
  });

  it('a list of names is a set: unticking and ticking again is no change', () => {
    expect(sameValue(['b1', 'b2'], ['b2', 'b1'])).toBe(true);
    expect(changedFields(stored, { ...stored, blocks: ['b2', 'b1'] })).toEqual({});
    expect(changedFields(stored, { ...stored, blocks: ['b1'] })).toEqual({ blocks: ['b1'] });
  });

  it('rows of objects keep their order: swapping two height ranges is a change', () => {
    const a = { start: 0, end: 1000, per: 100, costCents: 500 };
    const b = { start: 1000, end: 2000, per: 100, costCents: 500 };
    expect(sameValue([a, b], [b, a])).toBe(false);
    expect(sameValue([a, b], [{ ...a }, { ...b }])).toBe(true);
  });

  it('null to a number and back are changes', () => {
    expect(changedFields(stored, { ...stored, maxFlightUnits: 0 })).toEqual({ maxFlightUnits: 0 });
    expect(changedFields({ ...stored, maxFlightUnits: 60 }, stored)).toEqual({ maxFlightUnits: null });
  });
});

describe('confirm-changes list: "label: old → new" per changed field', () => {
  const specs: FieldSpec<Glider>[] = [
    { key: 'status', label: 'Status' },
    { key: 'places', label: 'Seats' },
    { key: 'rateCentsPerMinute', label: 'Rate ($/minute)', format: formatCents },
    {
      key: 'blocks',
      label: 'Glider rental rate rules',
      format: byName(
        new Map([
          ['b1', 'Summer 10h'],
          ['b2', 'Winter'],
        ]),
      ),
    },
    { key: 'maxFlightUnits', label: 'Max flight units', format: orUnlimited() },
  ];

  it('lists only changed fields, in the editor order, formatted', () => {
    const rows = changeRows(stored, { ...stored, rateCentsPerMinute: 1250, places: 2, maxFlightUnits: 90 }, specs);
    expect(rows).toEqual([
      { key: 'places', label: 'Seats', from: '1', to: '2' },
      { key: 'rateCentsPerMinute', label: 'Rate ($/minute)', from: '$1.50', to: '$12.50' },
      { key: 'maxFlightUnits', label: 'Max flight units', from: 'unlimited', to: '90' },
    ]);
  });

  it('shows ids by name and an empty list as None', () => {
    const rows = changeRows(stored, { ...stored, blocks: [] }, specs);
    expect(rows).toEqual([
      { key: 'blocks', label: 'Glider rental rate rules', from: 'Summer 10h, Winter', to: 'None' },
    ]);
  });

  it('is empty when nothing changed', () => {
    expect(changeRows(stored, { ...stored }, specs)).toEqual([]);
  });

  it('formats booleans, empty values and lists', () => {
    expect(formatValue(true)).toBe('Yes');
    expect(formatValue(false)).toBe('No');
    expect(formatValue(null)).toBe('—');
    expect(formatValue('')).toBe('—');
    expect(formatValue(['GST', 'PST'])).toBe('GST, PST');
  });
});

describe('schema problems: the shared schema decides what may be saved', () => {
  it('is null for valid data', () => {
    expect(schemaProblem(gliderUpdateSchema, { places: 2 })).toBeNull();
  });

  it('gives the schema message for seats out of 1-4', () => {
    expect(schemaProblem(gliderUpdateSchema, { places: 5 })).toBe('Seats must be 1-4');
  });

  it('an update that changes nothing is refused with "Nothing to change"', () => {
    expect(schemaProblem(qualificationsUpdateSchema, {})).toBe('Nothing to change');
  });

  it('names the field when the message does not', () => {
    const specs = [{ key: 'activeExpiration', label: 'Active until' }] as const;
    expect(schemaProblem(qualificationsUpdateSchema, { activeExpiration: '' }, specs)).toBe(
      'Active until: Enter a date',
    );
  });

  it('keeps a message that already names the field', () => {
    expect(
      schemaProblem(tugFieldsSchema, { aircraftType: '', places: 0, status: 'Ready' }, [
        { key: 'places', label: 'Seats' },
      ]),
    ).toBe('Seats must be 1-4');
  });
});

describe('a new item must not reuse an id (update-item would overwrite it)', () => {
  it('refuses an existing id, ignoring case and spaces', () => {
    expect(duplicateProblem(' c-gabc ', ['C-GABC', 'C-GXYZ'], 'glider')).toBe('There is already a glider c-gabc');
  });
  it('accepts a new id', () => {
    expect(duplicateProblem('C-GNEW', ['C-GABC'], 'glider')).toBeNull();
  });
});

describe("a new item's confirm-changes list", () => {
  const rows = [{ key: 'places', label: 'Seats', from: '1', to: '2' }];
  it('opens with the id typed for it', () => {
    expect(withNewId('Registration', 'C-GNEW', rows)).toEqual([
      { key: 'id', label: 'Registration', from: '—', to: 'C-GNEW' },
      ...rows,
    ]);
  });
  it('has no id row before one is typed', () => {
    expect(withNewId('Registration', '', rows)).toEqual(rows);
  });
});
