import type { CrewDraft } from '@flightline/domain/field/crew-draft';
import { FieldFrame } from '../../components/form/field-frame.tsx';

interface CrewWeightsProps {
  /** The form's id: each field's id is built on it. */
  id: string;
  draft: CrewDraft;
  update: (change: (draft: CrewDraft) => CrewDraft) => void;
}

/** The weights and the tow speed, kept as typed until the request is checked. */
export function CrewWeights({ id, draft, update }: CrewWeightsProps) {
  const numberField = (
    key: 'weight' | 'passengerWeight' | 'gliderWeight' | 'waterWeight' | 'towSpeed',
    label: string,
    unit: string,
  ) => (
    <FieldFrame
      id={`${id}-${key}`}
      label={
        <>
          {label} ({unit})
        </>
      }
    >
      <input
        id={`${id}-${key}`}
        className="form-control"
        inputMode="numeric"
        autoComplete="off"
        value={draft[key]}
        onChange={(e) => {
          const value = e.target.value;
          update((d) => ({ ...d, [key]: value }));
        }}
      />
    </FieldFrame>
  );

  return (
    <div className="crew-pair">
      {numberField('weight', 'Pilot weight', 'kg')}
      {draft.flyWith !== 'Alone' && numberField('passengerWeight', 'Passenger weight', 'kg')}
      {numberField('gliderWeight', 'Glider weight', 'kg')}
      {numberField('waterWeight', 'Water ballast', 'kg')}
      {numberField('towSpeed', 'Tow Speed', 'kn')}
    </div>
  );
}
