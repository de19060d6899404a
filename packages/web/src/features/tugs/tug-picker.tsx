import Form from 'react-bootstrap/Form';
import type { TugStatus } from '@flightline/domain/api/types';
import type { OutboxEntry } from '@flightline/domain/field/outbox';
import { WaitingToSend } from '../../components/waiting-to-send.tsx';
import { hoursText } from './tow-form.ts';

interface TugPickerProps {
  tugId: string;
  tugs: readonly TugStatus[];
  /** The tow events of each tug still waiting in the outbox. */
  waiting: ReadonlyMap<string, readonly OutboxEntry[]>;
  onChoose: (tugId: string) => void;
}

/** The tug to log, with who is checked in, its last Hobbs reading and the events still waiting to send. */
export function TugPicker({ tugId, tugs, waiting, onChoose }: TugPickerProps) {
  const tug = tugs.find((t) => t.id === tugId);
  return (
    <Form.Group className="mb-3" controlId="tow-tug">
      <Form.Label>Tug</Form.Label>
      <Form.Select value={tugId} onChange={(e) => onChoose(e.target.value)}>
        {tugId === '' && <option value="">Choose a tug</option>}
        {tugs.map((t) => (
          <option key={t.id} value={t.id}>
            {t.id}
            {t.aircraftType ? ` — ${t.aircraftType}` : ''}
            {t.status === 'Ready' ? '' : ' (Not ready)'}
          </option>
        ))}
      </Form.Select>
      {tug && <TugSummary tug={tug} />}
      {tug &&
        waiting.get(tug.id)?.map((entry) => (
          <div key={entry.id} className="form-text d-flex flex-wrap align-items-center gap-2">
            <span>{entry.label}</span>
            <WaitingToSend />
          </div>
        ))}
    </Form.Group>
  );
}

/** Who is on the tug and its last Hobbs, under the selector. */
function TugSummary({ tug }: { tug: TugStatus }) {
  return (
    <div className="form-text fuel-summary">
      <span>{tug.currentPilot ? `Checked in: ${tug.pilotName}` : 'No pilot checked in'}</span>
      <span>{tug.lastHobbs === null ? 'No Hobbs reading yet' : `Hobbs ${hoursText(tug.lastHobbs)} h`}</span>
    </div>
  );
}
