import { useState } from 'react';
import ToggleButton from 'react-bootstrap/ToggleButton';
import ToggleButtonGroup from 'react-bootstrap/ToggleButtonGroup';
import type { LaunchItem, ServeAdmin } from '@flightline/domain/api-types';
import { defaultRange } from '@flightline/domain/height-ranges';
import {
  LAUNCH_DEFAULTS,
  LAUNCH_LABEL_MAX,
  launchFieldsSchema,
  launchLabelSchema,
  launchProblem,
  launchUpdateSchema,
  type LaunchFields,
} from '@flightline/domain/schemas/fleet';
import { changedFields, changeRows, duplicateProblem, schemaProblem } from '../items/changes.ts';
import { EditorModal } from '../items/editor-modal.tsx';
import { Check, MoneyText, NumberText, TextInput } from '../../../components/form/fields.tsx';
import { HeightRangeEditor } from './height-range-editor.tsx';
import { launchFields, launchSpecs } from '../items/item-fields.ts';
import { parseOptionalHeightKeep } from '../../../components/form/numeric-text.ts';
import { TaxFields } from '../../../components/form/tax-fields.tsx';

/**
 * Launch editor: Fixed (Known Height) has a price and a height; Variable
 * (Variable Height) a base price and priced height ranges. Save stays
 * disabled while any range shows a message.
 */
export function LaunchEditor({ launch, data, onClose }: { launch: LaunchItem | null; data: ServeAdmin; onClose: () => void }) {
  const creating = launch === null;
  const unit = data.heightUnit;
  const [original] = useState<LaunchFields>(() => (launch ? launchFields(launch) : { ...LAUNCH_DEFAULTS, heightRanges: [], taxRates: [] }));
  const [draft, setDraft] = useState<LaunchFields>(original);
  const [label, setLabel] = useState(launch?.id ?? '');
  const set = (change: Partial<LaunchFields>) => setDraft((d) => ({ ...d, ...change }));

  const specs = launchSpecs(unit);
  const changed = changedFields(original, draft);
  const rows = changeRows(original, draft, specs);
  const id = creating ? label.trim() : launch.id;
  const problem = creating
    ? (schemaProblem(launchLabelSchema, label) ??
      duplicateProblem(label, data.launches.map((l) => l.id), 'launch') ??
      schemaProblem(launchFieldsSchema, draft, specs) ??
      launchProblem(draft, unit))
    : rows.length > 0
      ? (schemaProblem(launchUpdateSchema, changed, specs) ?? launchProblem(draft, unit))
      : null;

  const setKind = (kind: LaunchFields['kind']) =>
    set(kind === 'variable' && draft.heightRanges.length === 0 ? { kind, heightRanges: [defaultRange(unit)] } : { kind });

  return (
    <EditorModal
      kind="launch"
      title={creating ? 'New Launch' : `Edit Launch ${launch.id}`}
      creating={creating}
      changes={creating && id ? [{ key: 'id', label: 'Launch label', from: '—', to: id }, ...rows] : rows}
      request={{ kind: 'launch', id, data: creating ? draft : changed }}
      enabled={(creating ? id !== '' : rows.length > 0) && problem === null}
      problem={problem}
      onClose={onClose}
    >
      <TextInput
        label="Launch label"
        value={label}
        onChange={setLabel}
        readOnly={!creating}
        maxLength={LAUNCH_LABEL_MAX}
        autoFocus={creating}
        note={creating ? 'The label cannot be changed once the launch is created.' : 'The label cannot be changed after creation.'}
        noteVariant={creating ? 'muted' : 'warning'}
      />
      <div className="mb-3">
        <div className="form-label" id="launch-kind-label">
          Launch type
        </div>
        <ToggleButtonGroup type="radio" name="launch-kind" value={draft.kind} onChange={setKind} className="w-100" aria-labelledby="launch-kind-label">
          <ToggleButton id="launch-kind-fixed" value="fixed" variant="outline-primary" className="flex-fill">
            Fixed (Known Height)
          </ToggleButton>
          <ToggleButton id="launch-kind-variable" value="variable" variant="outline-primary" className="flex-fill">
            Variable (Variable Height)
          </ToggleButton>
        </ToggleButtonGroup>
      </div>
      {draft.kind === 'fixed' ? (
        <>
          <MoneyText label="Price" value={draft.priceCents} onValue={(priceCents) => set({ priceCents })} />
          <NumberText
            label="Height"
            value={draft.height}
            onValue={(height) => set({ height })}
            parse={parseOptionalHeightKeep}
            format={(h) => (h === null ? '' : String(h))}
            suffix={unit}
            placeholder="Not set"
          />
        </>
      ) : (
        <>
          <MoneyText
            label="Base price"
            value={draft.priceCents}
            onValue={(priceCents) => set({ priceCents })}
            note="Added to the cost of the height ranges."
          />
          <HeightRangeEditor ranges={draft.heightRanges} unit={unit} onChange={(heightRanges) => set({ heightRanges })} />
        </>
      )}
      <TaxFields statuses={['exempt', 'inclusive', 'exclusive'] as const} taxStatus={draft.taxStatus} taxRates={draft.taxRates} clubRates={data.taxRates} onChange={set} />
      <Check label="Active" checked={draft.isActive} onChange={(isActive) => set({ isActive })} />
    </EditorModal>
  );
}
