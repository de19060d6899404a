import type { ServeAdmin, TugItem } from '@flightline/domain/api/types';
import {
  registrationSchema,
  REGISTRATION_MAX,
  TUG_DEFAULTS,
  tugFieldsSchema,
  tugUpdateSchema,
  type TugFields,
} from '@flightline/domain/schemas/fleet';
import { changeRows, namedItemEdit, schemaProblem } from '../items/changes.ts';
import { EditorModal } from '../items/editor-modal.tsx';
import { SeatsInput, SelectInput, TextInput } from '../../../components/form/fields.tsx';
import { FlarmIdField } from '../items/flarm-id-field.tsx';
import { NewIdField } from '../items/new-id-field.tsx';
import { useItemDraft } from '../items/use-item-draft.ts';
import { useNewId } from '../items/use-new-id.ts';
import { TUG_SPECS, tugFields } from '../items/item-fields.ts';

const STATUS_OPTIONS = [
  { value: 'Ready', label: 'Ready' },
  { value: 'Not ready', label: 'Not ready' },
] as const;

/** Tug editor: a new tug starts Not ready; Save is always enabled. */
export function TugEditor({ tug, data, onClose }: { tug: TugItem | null; data: ServeAdmin; onClose: () => void }) {
  const creating = tug === null;
  const { original, draft, set, changed } = useItemDraft<TugFields>(() => (tug ? tugFields(tug) : { ...TUG_DEFAULTS }));
  const registration = useNewId(
    tug?.id,
    (id) => schemaProblem(registrationSchema, id),
    data.tugs.map((t) => t.id),
    'tug',
  );

  const rows = changeRows(original, draft, TUG_SPECS);
  const { id } = registration;
  const problem = creating
    ? (registration.problem ?? schemaProblem(tugFieldsSchema, draft, TUG_SPECS))
    : schemaProblem(tugUpdateSchema, changed, TUG_SPECS);

  return (
    <EditorModal
      {...namedItemEdit({ kind: 'tug', title: 'Tug', idLabel: 'Registration', id, creating, rows, draft, changed })}
      enabled
      problem={problem}
      onClose={onClose}
    >
      <NewIdField
        label="Registration"
        noun="registration"
        item="tug"
        value={registration.value}
        onChange={registration.setValue}
        creating={creating}
        maxLength={REGISTRATION_MAX}
      />
      <TextInput
        label="Aircraft type"
        value={draft.aircraftType}
        onChange={(aircraftType) => set({ aircraftType })}
        maxLength={60}
      />
      <SeatsInput value={draft.places} onChange={(places) => set({ places })} />
      <SelectInput
        label="Status"
        value={draft.status}
        options={STATUS_OPTIONS}
        onChange={(status) => set({ status })}
      />
      <FlarmIdField value={draft.flarmId} onChange={(flarmId) => set({ flarmId })} />
    </EditorModal>
  );
}
