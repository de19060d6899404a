import { useState } from 'react';
import type { ServeAdmin, TugItem } from '@flightline/domain/api-types';
import { registrationSchema, REGISTRATION_MAX, TUG_DEFAULTS, tugFieldsSchema, tugUpdateSchema, type TugFields } from '@flightline/domain/schemas/fleet';
import { changedFields, changeRows, duplicateProblem, schemaProblem } from '../items/changes.ts';
import { EditorModal } from '../items/editor-modal.tsx';
import { SeatsInput, SelectInput, TextInput } from '../../../components/form/fields.tsx';
import { TUG_SPECS, tugFields } from '../items/item-fields.ts';

const STATUS_OPTIONS = [
  { value: 'Ready', label: 'Ready' },
  { value: 'Not ready', label: 'Not ready' },
] as const;

/** Tug editor: a new tug starts Not ready; Save is always enabled. */
export function TugEditor({ tug, data, onClose }: { tug: TugItem | null; data: ServeAdmin; onClose: () => void }) {
  const creating = tug === null;
  const [original] = useState<TugFields>(() => (tug ? tugFields(tug) : { ...TUG_DEFAULTS }));
  const [draft, setDraft] = useState<TugFields>(original);
  const [registration, setRegistration] = useState(tug?.id ?? '');
  const set = (change: Partial<TugFields>) => setDraft((d) => ({ ...d, ...change }));

  const changed = changedFields(original, draft);
  const rows = changeRows(original, draft, TUG_SPECS);
  const id = creating ? registration.trim() : tug.id;
  const problem = creating
    ? (schemaProblem(registrationSchema, registration) ??
      duplicateProblem(registration, data.tugs.map((t) => t.id), 'tug') ??
      schemaProblem(tugFieldsSchema, draft, TUG_SPECS))
    : schemaProblem(tugUpdateSchema, changed, TUG_SPECS);

  return (
    <EditorModal
      kind="tug"
      title={creating ? 'New Tug' : `Edit Tug ${tug.id}`}
      creating={creating}
      changes={creating && id ? [{ key: 'id', label: 'Registration', from: '—', to: id }, ...rows] : rows}
      request={{ kind: 'tug', id, data: creating ? draft : changed }}
      enabled
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
        note={creating ? 'The registration cannot be changed once the tug is created.' : 'The registration cannot be changed after creation.'}
        noteVariant={creating ? 'muted' : 'warning'}
      />
      <TextInput label="Aircraft type" value={draft.aircraftType} onChange={(aircraftType) => set({ aircraftType })} maxLength={60} />
      <SeatsInput value={draft.places} onChange={(places) => set({ places })} />
      <SelectInput label="Status" value={draft.status} options={STATUS_OPTIONS} onChange={(status) => set({ status })} />
    </EditorModal>
  );
}
