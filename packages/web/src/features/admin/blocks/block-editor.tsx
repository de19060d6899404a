import type { BlockRuleItem, ServeAdmin } from '@flightline/domain/api/types';
import {
  BLOCK_DEFAULTS,
  BLOCK_NAME_WARNING,
  blockCreateSchema,
  blockUpdateSchema,
  type BlockFields,
} from '@flightline/domain/schemas/fleet';
import { changeRows, schemaProblem } from '../items/changes.ts';
import { useItemDraft } from '../items/use-item-draft.ts';
import { EditorModal } from '../items/editor-modal.tsx';
import { Check, MoneyText, NumberText, SelectInput, TextInput } from '../../../components/form/fields.tsx';
import { blockFields, blockSpecs } from '../items/item-fields.ts';
import { NEW_BLOCK_ID } from '../items/item-kinds.ts';
import { parseDecimalKeep, parseHeightKeep } from '../../../components/form/numeric-text.ts';
import { TaxFields } from '../../../components/form/tax-fields.tsx';

const UNIT_OPTIONS = [
  { value: '$', label: '$' },
  { value: 'minutes', label: 'minutes' },
  { value: 'unlimited', label: 'unlimited' },
] as const;

const count = { parse: parseHeightKeep, format: String };

interface UnlimitedSwitchProps {
  label: string;
  value: number | null;
  /** The limit as stored: switching unlimited off again brings it back (0 when there was none). */
  stored: number | null;
  onChange: (value: number | null) => void;
}

/** "…: unlimited" for a limit where null means none. */
function UnlimitedSwitch({ label, value, stored, onChange }: UnlimitedSwitchProps) {
  return (
    <Check
      type="switch"
      label={`${label}: unlimited`}
      checked={value === null}
      onChange={(unlimited) => onChange(unlimited ? null : (stored ?? 0))}
    />
  );
}

/**
 * Block rule editor, shown as Glider Rental Rate Rules: what a prepaid block
 * buys, when it ends and how a flight draws on it. The excess multiplier only
 * matters when a flight's units are capped.
 */
export function BlockEditor({
  block,
  data,
  onClose,
}: {
  block: BlockRuleItem | null;
  data: ServeAdmin;
  onClose: () => void;
}) {
  const creating = block === null;
  const { original, draft, set, changed } = useItemDraft<BlockFields>(() =>
    block ? blockFields(block) : { ...BLOCK_DEFAULTS, name: '', taxRates: [] },
  );

  const specs = blockSpecs(draft.units);
  const rows = changeRows(original, draft, specs);
  const problem = creating
    ? schemaProblem(blockCreateSchema, draft, specs)
    : rows.length > 0
      ? schemaProblem(blockUpdateSchema, changed, specs)
      : null;

  // The amount means cents or minutes: a change of units starts it again.
  const setUnits = (units: BlockFields['units']) =>
    set({ units, amount: units === original.units ? original.amount : 0 });
  const renaming = !creating && draft.name !== original.name;

  return (
    <EditorModal
      kind="block"
      title={creating ? 'New Rate Rule' : `Edit Rate Rule ${block.name}`}
      creating={creating}
      changes={rows}
      request={{ kind: 'block', id: creating ? NEW_BLOCK_ID : block.id, data: creating ? draft : changed }}
      enabled={rows.length > 0 && problem === null}
      problem={problem}
      onClose={onClose}
    >
      <TextInput
        label="Name"
        value={draft.name}
        onChange={(name) => set({ name })}
        maxLength={60}
        autoFocus={creating}
        note={renaming ? BLOCK_NAME_WARNING : undefined}
        noteVariant="warning"
      />
      <SelectInput label="Units" value={draft.units} options={UNIT_OPTIONS} onChange={setUnits} />
      {draft.units === '$' && (
        <MoneyText
          label="Amount"
          value={draft.amount}
          onValue={(amount) => set({ amount })}
          note="The flying the block buys."
        />
      )}
      {draft.units === 'minutes' && (
        <NumberText
          label="Amount"
          value={draft.amount}
          onValue={(amount) => set({ amount })}
          {...count}
          suffix="minutes"
          note="The flying the block buys."
        />
      )}
      <MoneyText
        label="Block price"
        value={draft.blockPriceCents}
        onValue={(blockPriceCents) => set({ blockPriceCents })}
      />

      <fieldset className="mb-3">
        <legend className="h6">When the block ends</legend>
        <Check
          label="Ends with membership year"
          checked={draft.endsWithMembership}
          onChange={(endsWithMembership) => set({ endsWithMembership })}
        />
        <Check
          label="Ends after N days"
          checked={draft.endsAfterDays}
          onChange={(endsAfterDays) => set({ endsAfterDays })}
        />
        {draft.endsAfterDays && (
          <NumberText
            label="Days"
            value={draft.daysCount}
            onValue={(daysCount) => set({ daysCount })}
            {...count}
            suffix="days"
          />
        )}
        <Check
          label="Ends after N flying days"
          checked={draft.endsAfterFlyingDays}
          onChange={(endsAfterFlyingDays) => set({ endsAfterFlyingDays })}
        />
        {draft.endsAfterFlyingDays && (
          <NumberText
            label="Flying days"
            value={draft.flyingDaysCount}
            onValue={(flyingDaysCount) => set({ flyingDaysCount })}
            {...count}
            suffix="days"
          />
        )}
      </fieldset>

      <fieldset className="mb-3">
        <legend className="h6">Each flight</legend>
        <MoneyText
          label="Min flight charge"
          value={draft.minFlightChargeCents}
          onValue={(minFlightChargeCents) => set({ minFlightChargeCents })}
        />
        <NumberText
          label="Min flight units"
          value={draft.minFlightUnits}
          onValue={(minFlightUnits) => set({ minFlightUnits })}
          {...count}
        />
        <UnlimitedSwitch
          label="Max flight charge"
          value={draft.maxFlightChargeCents}
          stored={original.maxFlightChargeCents}
          onChange={(maxFlightChargeCents) => set({ maxFlightChargeCents })}
        />
        {draft.maxFlightChargeCents !== null && (
          <MoneyText
            label="Max flight charge"
            value={draft.maxFlightChargeCents}
            onValue={(maxFlightChargeCents) => set({ maxFlightChargeCents })}
          />
        )}
        <UnlimitedSwitch
          label="Max flight units"
          value={draft.maxFlightUnits}
          stored={original.maxFlightUnits}
          onChange={(maxFlightUnits) => set({ maxFlightUnits })}
        />
        {draft.maxFlightUnits !== null && (
          <>
            <NumberText
              label="Max flight units"
              value={draft.maxFlightUnits}
              onValue={(maxFlightUnits) => set({ maxFlightUnits })}
              {...count}
            />
            <NumberText
              label="Excess multiplier"
              value={draft.excessMultiplier}
              onValue={(excessMultiplier) => set({ excessMultiplier })}
              parse={(text, old) => parseDecimalKeep(text, old, 3)}
              format={String}
              inputMode="decimal"
              note="Applied to the flying beyond the max flight units."
            />
          </>
        )}
      </fieldset>

      <TaxFields
        statuses={['exempt', 'inclusive', 'exclusive'] as const}
        taxStatus={draft.taxStatus}
        taxRates={draft.taxRates}
        clubRates={data.taxRates}
        onChange={set}
      />
      <Check label="Active" checked={draft.active} onChange={(active) => set({ active })} />
    </EditorModal>
  );
}
