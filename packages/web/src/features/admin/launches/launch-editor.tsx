import ToggleButton from 'react-bootstrap/ToggleButton';
import ToggleButtonGroup from 'react-bootstrap/ToggleButtonGroup';
import type { LaunchItem, ServeAdmin } from '@flightline/domain/api/types';
import { defaultRange } from '@flightline/domain/money/height-ranges';
import {
  LAUNCH_DEFAULTS,
  LAUNCH_LABEL_MAX,
  launchFieldsSchema,
  launchLabelSchema,
  launchProblem,
  launchUpdateSchema,
  type LaunchFields,
} from '@flightline/domain/schemas/fleet';
import { changeRows, namedItemEdit, schemaProblem } from '../items/changes.ts';
import { EditorModal } from '../items/editor-modal.tsx';
import { Check, MoneyText, NumberText } from '../../../components/form/fields.tsx';
import { NewIdField } from '../items/new-id-field.tsx';
import { useItemDraft } from '../items/use-item-draft.ts';
import { useNewId } from '../items/use-new-id.ts';
import { HeightRangeEditor } from './height-range-editor.tsx';
import { launchFields, launchSpecs } from '../items/item-fields.ts';
import { parseOptionalHeightKeep } from '../../../components/form/numeric-text.ts';
import { TaxFields } from '../../../components/form/tax-fields.tsx';

/**
 * Launch editor: Fixed (Known Height) has a price and a height; Variable
 * (Variable Height) a base price and priced height ranges. Save stays
 * disabled while any range shows a message.
 */
export function LaunchEditor({
  launch,
  data,
  onClose,
}: {
  launch: LaunchItem | null;
  data: ServeAdmin;
  onClose: () => void;
}) {
  const creating = launch === null;
  const unit = data.heightUnit;
  const { original, draft, set, changed } = useItemDraft<LaunchFields>(() =>
    launch ? launchFields(launch) : { ...LAUNCH_DEFAULTS, heightRanges: [], taxRates: [] },
  );
  const label = useNewId(
    launch?.id,
    (id) => schemaProblem(launchLabelSchema, id),
    data.launches.map((l) => l.id),
    'launch',
  );

  const specs = launchSpecs(unit);
  const rows = changeRows(original, draft, specs);
  const { id } = label;
  const problem = creating
    ? (label.problem ?? schemaProblem(launchFieldsSchema, draft, specs) ?? launchProblem(draft, unit))
    : rows.length > 0
      ? (schemaProblem(launchUpdateSchema, changed, specs) ?? launchProblem(draft, unit))
      : null;

  const setKind = (kind: LaunchFields['kind']) =>
    set(
      kind === 'variable' && draft.heightRanges.length === 0 ? { kind, heightRanges: [defaultRange(unit)] } : { kind },
    );

  return (
    <EditorModal
      {...namedItemEdit({
        kind: 'launch',
        title: 'Launch',
        idLabel: 'Launch label',
        id,
        creating,
        rows,
        draft,
        changed,
      })}
      enabled={(creating ? id !== '' : rows.length > 0) && problem === null}
      problem={problem}
      onClose={onClose}
    >
      <NewIdField
        label="Launch label"
        noun="label"
        item="launch"
        value={label.value}
        onChange={label.setValue}
        creating={creating}
        maxLength={LAUNCH_LABEL_MAX}
      />
      <div className="mb-3">
        <div className="form-label" id="launch-kind-label">
          Launch type
        </div>
        <ToggleButtonGroup
          type="radio"
          name="launch-kind"
          value={draft.kind}
          onChange={setKind}
          className="w-100"
          aria-labelledby="launch-kind-label"
        >
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
          <HeightRangeEditor
            ranges={draft.heightRanges}
            unit={unit}
            onChange={(heightRanges) => set({ heightRanges })}
          />
        </>
      )}
      <TaxFields
        statuses={['exempt', 'inclusive', 'exclusive'] as const}
        taxStatus={draft.taxStatus}
        taxRates={draft.taxRates}
        clubRates={data.taxRates}
        onChange={set}
      />
      <Check label="Active" checked={draft.isActive} onChange={(isActive) => set({ isActive })} />
    </EditorModal>
  );
}
