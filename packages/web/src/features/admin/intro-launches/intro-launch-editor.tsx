import type { IntroLaunchItem, ServeAdmin } from '@flightline/domain/api/types';
import {
  introLaunchFieldsSchema,
  introLaunchUpdateSchema,
  LAUNCH_LABEL_MAX,
  type IntroLaunchFields,
} from '@flightline/domain/schemas/fleet';
import { changeRows, namedItemEdit, schemaProblem } from '../items/changes.ts';
import { EditorModal } from '../items/editor-modal.tsx';
import { Check, MoneyText, SelectInput } from '../../../components/form/fields.tsx';
import { NewIdField } from '../items/new-id-field.tsx';
import { useItemDraft } from '../items/use-item-draft.ts';
import { useNewId } from '../items/use-new-id.ts';
import { INTRO_LAUNCH_SPECS, introLaunchFields } from '../items/item-fields.ts';
import { TaxFields } from '../../../components/form/tax-fields.tsx';

function labelProblem(label: string): string | null {
  const trimmed = label.trim();
  if (trimmed === '') return 'Intro label is required';
  if (trimmed.length > LAUNCH_LABEL_MAX) return `Intro label must be at most ${LAUNCH_LABEL_MAX} characters`;
  return null;
}

/** Intro launch editor: tax exempt or inclusive only; Save always enabled. */
export function IntroLaunchEditor({
  introLaunch,
  data,
  onClose,
}: {
  introLaunch: IntroLaunchItem | null;
  data: ServeAdmin;
  onClose: () => void;
}) {
  const creating = introLaunch === null;
  const { original, draft, set, changed } = useItemDraft<IntroLaunchFields>(() =>
    introLaunch
      ? introLaunchFields(introLaunch)
      : {
          launch: (data.launches.find((l) => l.isActive) ?? data.launches[0])?.id ?? '',
          priceCents: 0,
          taxStatus: 'exempt',
          taxRates: [],
          isActive: true,
        },
  );
  const label = useNewId(
    introLaunch?.id,
    labelProblem,
    data.introLaunches.map((l) => l.id),
    'intro launch',
  );

  const rows = changeRows(original, draft, INTRO_LAUNCH_SPECS);
  const { id } = label;
  const problem = creating
    ? (label.problem ?? schemaProblem(introLaunchFieldsSchema, draft, INTRO_LAUNCH_SPECS))
    : schemaProblem(introLaunchUpdateSchema, changed, INTRO_LAUNCH_SPECS);

  const launchOptions = data.launches.map((l) => ({ value: l.id, label: l.isActive ? l.id : `${l.id} (inactive)` }));
  if (draft.launch && !launchOptions.some((o) => o.value === draft.launch))
    launchOptions.push({ value: draft.launch, label: draft.launch });

  return (
    <EditorModal
      {...namedItemEdit({
        kind: 'introLaunch',
        title: 'Intro Launch',
        idLabel: 'Intro label',
        id,
        creating,
        rows,
        draft,
        changed,
      })}
      enabled
      problem={problem}
      onClose={onClose}
    >
      <NewIdField
        label="Intro label"
        noun="label"
        item="intro launch"
        value={label.value}
        onChange={label.setValue}
        creating={creating}
        maxLength={LAUNCH_LABEL_MAX}
      />
      {launchOptions.length === 0 ? (
        <p className="alert alert-warning py-2 small">
          Create a launch first: an intro launch flies one of the club's launches.
        </p>
      ) : (
        <SelectInput
          label="Launch"
          value={draft.launch}
          options={launchOptions}
          onChange={(launch) => set({ launch })}
        />
      )}
      <MoneyText label="Price" value={draft.priceCents} onValue={(priceCents) => set({ priceCents })} />
      <TaxFields
        statuses={['exempt', 'inclusive'] as const}
        taxStatus={draft.taxStatus}
        taxRates={draft.taxRates}
        clubRates={data.taxRates}
        onChange={set}
      />
      <Check label="Active" checked={draft.isActive} onChange={(isActive) => set({ isActive })} />
    </EditorModal>
  );
}
