import type { GliderItem, ServeAdmin } from '@flightline/domain/api/types';
import { useId } from 'react';
import {
  AIRCRAFT_TYPE_MAX,
  GLIDER_DEFAULTS,
  GLIDER_STATUSES,
  gliderFieldsSchema,
  gliderUpdateSchema,
  registrationSchema,
  REGISTRATION_MAX,
} from '@flightline/domain/schemas/fleet';
import { changeRows, schemaProblem, withNewId } from '../items/changes.ts';
import { EditorModal } from '../items/editor-modal.tsx';
import { FieldFrame } from '../../../components/form/field-frame.tsx';
import { Check, MoneyText, NumberText, SeatsInput, SelectInput, TextInput } from '../../../components/form/fields.tsx';
import { FlarmIdField } from '../items/flarm-id-field.tsx';
import { NewIdField } from '../items/new-id-field.tsx';
import { useItemDraft } from '../items/use-item-draft.ts';
import { useNewId } from '../items/use-new-id.ts';
import { gliderFields, gliderSpecs, type GliderDraft } from '../items/item-fields.ts';
import { parseIntegerKeep } from '../../../components/form/numeric-text.ts';
import { TaxFields } from '../../../components/form/tax-fields.tsx';

interface GliderEditorProps {
  /** null: a new glider. */
  glider: GliderItem | null;
  data: ServeAdmin;
  isAdmin: boolean;
  onClose: () => void;
}

const STATUS_OPTIONS = GLIDER_STATUSES.map((s) => ({ value: s, label: s, disabled: s === 'Flying' }));

/**
 * Glider editor. Flying is shown but set only by the system; the details
 * other than status and maintenance date are an admin's, or anyone's who may create the glider.
 */
export function GliderEditor({ glider, data, isAdmin, onClose }: GliderEditorProps) {
  const creating = glider === null;
  const { original, draft, set, changed } = useItemDraft<GliderDraft>(() =>
    glider ? gliderFields(glider) : { ...GLIDER_DEFAULTS, blocks: [], taxRates: [] },
  );
  const registration = useNewId(
    glider?.id,
    (id) => schemaProblem(registrationSchema, id),
    data.gliders.map((g) => g.id),
    'glider',
  );

  const detailsEditable = isAdmin || creating;
  const specs = gliderSpecs(new Map(data.blocks.map((b) => [b.id, b.name])));
  const rows = changeRows(original, draft, specs);
  const { id } = registration;

  const problem = creating
    ? (registration.problem ?? schemaProblem(gliderFieldsSchema, draft, specs))
    : rows.length > 0
      ? schemaProblem(gliderUpdateSchema, changed, specs)
      : null;

  return (
    <EditorModal
      kind="glider"
      title={creating ? 'New Glider' : `Edit Glider ${glider.id}`}
      creating={creating}
      changes={creating ? withNewId('Registration', id, rows) : rows}
      request={{ kind: 'glider', id, data: creating ? draft : changed }}
      enabled={(creating ? id !== '' : rows.length > 0) && problem === null}
      problem={problem}
      onClose={onClose}
    >
      <NewIdField
        label="Registration"
        noun="registration"
        item="glider"
        value={registration.value}
        onChange={registration.setValue}
        creating={creating}
        maxLength={REGISTRATION_MAX}
      />
      {!detailsEditable && (
        <p className="alert alert-info py-2 small" role="note">
          Only an admin can change this glider's details; you can change its status and maintenance date.
        </p>
      )}
      <SelectInput
        label="Status"
        value={draft.status}
        options={STATUS_OPTIONS}
        onChange={(status) => status !== 'Flying' && set({ status })}
      />
      <MaintenanceDateInput value={draft.maintenanceDate} onChange={(maintenanceDate) => set({ maintenanceDate })} />
      <TextInput
        label="Aircraft type"
        value={draft.aircraftType}
        onChange={(aircraftType) => set({ aircraftType })}
        maxLength={AIRCRAFT_TYPE_MAX}
        placeholder="ASK 21"
        disabled={!detailsEditable}
      />
      <FlarmIdField value={draft.flarmId} onChange={(flarmId) => set({ flarmId })} disabled={!detailsEditable} />
      <SeatsInput value={draft.places} onChange={(places) => set({ places })} disabled={!detailsEditable} />
      <NumberText
        label="Weight"
        value={draft.weight}
        onValue={(weight) => set({ weight })}
        parse={parseIntegerKeep}
        format={String}
        disabled={!detailsEditable}
      />
      <MoneyText
        label="Rate ($/minute)"
        value={draft.rateCentsPerMinute}
        onValue={(rateCentsPerMinute) => set({ rateCentsPerMinute })}
        suffix="/ minute"
        disabled={!detailsEditable}
      />
      <NumberText
        label="Launch speed"
        value={draft.launchSpeed}
        onValue={(launchSpeed) => set({ launchSpeed })}
        parse={parseIntegerKeep}
        format={String}
        suffix="knots"
        disabled={!detailsEditable}
      />
      {isAdmin && data.blocks.length > 0 && (
        <fieldset className="mb-3">
          <legend className="form-label fs-6 mb-1">Glider rental rate rules</legend>
          {data.blocks.map((block) => (
            <Check
              key={block.id}
              label={block.active ? block.name : `${block.name} (inactive)`}
              checked={draft.blocks.includes(block.id)}
              onChange={(on) =>
                set({ blocks: on ? [...draft.blocks, block.id] : draft.blocks.filter((b) => b !== block.id) })
              }
            />
          ))}
        </fieldset>
      )}
      <TaxFields
        statuses={['exempt', 'inclusive', 'exclusive'] as const}
        taxStatus={draft.taxStatus}
        taxRates={draft.taxRates}
        clubRates={data.taxRates}
        onChange={set}
        disabled={!detailsEditable}
      />
    </EditorModal>
  );
}

/**
 * The day hours since maintenance count from (the glider logbook shows them):
 * operational, like the status, so whoever may edit the glider sets it. The
 * server refuses a day after the club's today.
 */
function MaintenanceDateInput({ value, onChange }: { value: string | null; onChange: (day: string | null) => void }) {
  const id = useId();
  return (
    <FieldFrame
      id={id}
      label="Hours since (maintenance date)"
      note={
        "The glider logbook counts hours and launches from this day, that day's flights included. " +
        'Leave empty for none.'
      }
    >
      <input
        id={id}
        type="date"
        className="form-control"
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
        aria-describedby={`${id}-note`}
      />
    </FieldFrame>
  );
}
