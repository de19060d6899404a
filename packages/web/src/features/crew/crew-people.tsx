import type { CrewPageData } from '@flightline/domain/api/types';
import { FLY_WITH, type FlyWith } from '@flightline/domain/flights/crew-rules';
import { FieldFrame } from '../../components/form/field-frame.tsx';
import { ChoiceButtons } from './choice-buttons.tsx';
import { NameField } from './name-field.tsx';
import {
  fullName,
  pilotChoices,
  pilotInCommandLabel,
  secondPersonChoices,
  withFlyWith,
  withPilot,
  withSecond,
  type CrewDraft,
} from '@flightline/domain/field/crew-draft';

const FLY_WITH_CHOICES = FLY_WITH.map((value) => ({ value, label: value }));
const PIC_PILOT = 'pilot';
const PIC_SECOND = 'second';
const SHARE = [
  { value: 'no', label: 'No' },
  { value: 'yes', label: 'Yes' },
] as const;

interface CrewPeopleProps {
  /** The form's id: each field's id is built on it. */
  id: string;
  data: CrewPageData;
  draft: CrewDraft;
  update: (change: (draft: CrewDraft) => CrewDraft) => void;
}

/** Who flies: the pilot, whom they fly with (a member, an instructor, a friend), who commands and who pays. */
export function CrewPeople({ id, data, draft, update }: CrewPeopleProps) {
  const seconds = secondPersonChoices(data, draft.pilotID, draft.flyWith);
  const second = seconds.find((p) => p.pilotID === draft.secondID);
  const twoMembers = draft.flyWith === 'Instructor' || draft.flyWith === 'Member';
  return (
    <>
      <FieldFrame id={`${id}-pilot`} label="Pilot">
        <select
          id={`${id}-pilot`}
          className="form-select"
          value={draft.pilotID}
          onChange={(e) => update((d) => withPilot(data, d, e.target.value))}
        >
          {pilotChoices(data).map((pilot) => (
            <option key={pilot.pilotID} value={pilot.pilotID}>
              {fullName(pilot)}
            </option>
          ))}
        </select>
      </FieldFrame>

      <ChoiceButtons<FlyWith>
        label="Flying with"
        choices={FLY_WITH_CHOICES}
        value={draft.flyWith}
        onChange={(flyWith) => update((d) => withFlyWith(data, d, flyWith))}
      />

      {twoMembers && (
        <FieldFrame id={`${id}-second`} label={draft.flyWith}>
          <select
            id={`${id}-second`}
            className="form-select"
            value={draft.secondID}
            onChange={(e) => update((d) => withSecond(data, d, e.target.value))}
          >
            <option value="">{draft.flyWith === 'Instructor' ? 'Choose an instructor' : 'Choose a member'}</option>
            {seconds.map((pilot) => (
              <option key={pilot.pilotID} value={pilot.pilotID}>
                {fullName(pilot)}
              </option>
            ))}
          </select>
        </FieldFrame>
      )}

      {draft.flyWith === 'Friend' && (
        <div className="crew-pair">
          <NameField
            id={`${id}-friend-first`}
            label="First name"
            value={draft.friendFirst}
            onChange={(friendFirst) => update((d) => ({ ...d, friendFirst }))}
          />
          <NameField
            id={`${id}-friend-last`}
            label="Last name"
            value={draft.friendLast}
            onChange={(friendLast) => update((d) => ({ ...d, friendLast }))}
          />
        </div>
      )}

      {twoMembers && (
        <ChoiceButtons
          label="Pilot in Command"
          columns={2}
          choices={[
            { value: PIC_PILOT, label: pilotInCommandLabel(data, draft) },
            { value: PIC_SECOND, label: second ? fullName(second) : draft.flyWith },
          ]}
          value={draft.pilotInCharge ? PIC_PILOT : PIC_SECOND}
          disabled={draft.flyWith === 'Instructor'}
          note={draft.flyWith === 'Instructor' ? 'The instructor is the pilot in command.' : undefined}
          onChange={(value) => update((d) => ({ ...d, pilotInCharge: value === PIC_PILOT }))}
        />
      )}

      {draft.flyWith === 'Member' && (
        <ChoiceButtons
          label="Share Flight Cost?"
          columns={2}
          choices={SHARE}
          value={draft.shareCost ? 'yes' : 'no'}
          onChange={(value) => update((d) => ({ ...d, shareCost: value === 'yes' }))}
        />
      )}
    </>
  );
}
