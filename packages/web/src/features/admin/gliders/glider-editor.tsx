import { useState } from 'react';
import type { GliderItem, ServeAdmin } from '@flightline/domain/api-types';
import { GLIDER_DEFAULTS, GLIDER_STATUSES, gliderFieldsSchema, gliderUpdateSchema, registrationSchema, REGISTRATION_MAX } from '@flightline/domain/schemas/fleet';
import { changedFields, changeRows, duplicateProblem, schemaProblem } from '../items/changes.ts';
import { EditorModal } from '../items/editor-modal.tsx';
import { Check, MoneyText, NumberText, SeatsInput, SelectInput, TextInput } from '../../../components/form/fields.tsx';
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
 * other than status are an admin's, or anyone's who may create the glider.
 */
export function GliderEditor({ glider, data, isAdmin, onClose }: GliderEditorProps) {
  const creating = glider === null;
  const [original] = useState<GliderDraft>(() => (glider ? gliderFields(glider) : { ...GLIDER_DEFAULTS, blocks: [], taxRates: [] }));
  const [draft, setDraft] = useState<GliderDraft>(original);
  const [registration, setRegistration] = useState(glider?.id ?? '');
  const set = (change: Partial<GliderDraft>) => setDraft((d) => ({ ...d, ...change }));

  const detailsEditable = isAdmin || creating;
  const specs = gliderSpecs(new Map(data.blocks.map((b) => [b.id, b.name])));
  const changed = changedFields(original, draft);
  const rows = changeRows(original, draft, specs);
  const id = creating ? registration.trim() : glider.id;

  const problem = creating
    ? (schemaProblem(registrationSchema, registration) ??
      duplicateProblem(registration, data.gliders.map((g) => g.id), 'glider') ??
      schemaProblem(gliderFieldsSchema, draft, specs))
    : rows.length > 0
      ? schemaProblem(gliderUpdateSchema, changed, specs)
      : null;

  return (
    <EditorModal
      kind="glider"
      title={creating ? 'New Glider' : `Edit Glider ${glider.id}`}
      creating={creating}
      changes={creating && id ? [{ key: 'id', label: 'Registration', from: '—', to: id }, ...rows] : rows}
      request={{ kind: 'glider', id, data: creating ? draft : changed }}
      enabled={(creating ? id !== '' : rows.length > 0) && problem === null}
      problem={problem}
      onClose={onClose}
    >
      <TextInput
        label="Registration"
        value={registration}
        onChange={setRegistration}
        readOnly={!creating}
        maxLength={REGISTRATION_MAX}
        autoFocus={creating}
        note={creating ? 'The registration cannot be changed once the glider is created.' : 'The registration cannot be changed after creation.'}
        noteVariant={creating ? 'muted' : 'warning'}
      />
      {!detailsEditable && (
        <p className="alert alert-info py-2 small" role="note">
          Only an admin can change this glider's details; you can change its status.
        </p>
      )}
      <SelectInput label="Status" value={draft.status} options={STATUS_OPTIONS} onChange={(status) => status !== 'Flying' && set({ status })} />
      <SeatsInput value={draft.places} onChange={(places) => set({ places })} disabled={!detailsEditable} />
      <NumberText label="Weight" value={draft.weight} onValue={(weight) => set({ weight })} parse={parseIntegerKeep} format={String} disabled={!detailsEditable} />
      <MoneyText label="Rate ($/minute)" value={draft.rateCentsPerMinute} onValue={(rateCentsPerMinute) => set({ rateCentsPerMinute })} suffix="/ minute" disabled={!detailsEditable} />
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
              onChange={(on) => set({ blocks: on ? [...draft.blocks, block.id] : draft.blocks.filter((b) => b !== block.id) })}
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
