import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import type { AdminPilot, ServeAdmin } from '@flightline/domain/api/types';
import { qualificationsUpdateSchema, type Qualifications } from '@flightline/domain/schemas/fleet';
import { changeRows, schemaProblem } from '../items/changes.ts';
import { useItemDraft } from '../items/use-item-draft.ts';
import { EditorModal } from '../items/editor-modal.tsx';
import { Check } from '../../../components/form/fields.tsx';
import { PILOT_SPECS } from '../items/item-fields.ts';
import { PilotFunds } from '../funds/pilot-funds.tsx';
import { nextYearEnd, pilotName, QUALIFICATION_LABELS, qualificationsOf, todayIn } from './pilots.ts';

interface PilotEditorProps {
  pilot: AdminPilot;
  data: ServeAdmin;
  isAdmin: boolean;
  clubTimeZone: string;
  onClose: () => void;
}

/**
 * Pilot editor: an admin or a holder of Can Add User Funds adds deposits,
 * expenses and block time and reads the pilot's transactions and blocks
 * (funds/pilot-funds.tsx); an admin edits the qualifications, and whether and
 * until when the pilot is Active. The funds come first: they are what the
 * editor is opened for most (issue 25 item 13), and the qualifications sit
 * just above the changes Save Changes lists.
 */
export function PilotEditor({ pilot, data, isAdmin, clubTimeZone, onClose }: PilotEditorProps) {
  const id = useId();
  const { original, draft, set, changed } = useItemDraft<Qualifications>(() => qualificationsOf(pilot));

  const rows = changeRows(original, draft, PILOT_SPECS);
  const problem = rows.length > 0 ? schemaProblem(qualificationsUpdateSchema, changed, PILOT_SPECS) : null;
  const never = draft.activeExpiration === null;

  return (
    <EditorModal
      kind="pilot"
      title={`Edit Pilot ${pilotName(pilot)}`}
      creating={false}
      changes={rows}
      request={{ kind: 'pilot', id: pilot.userID, data: changed }}
      enabled={isAdmin && rows.length > 0 && problem === null}
      problem={problem}
      onClose={onClose}
      size="xl"
    >
      {pilot.email && <p className="text-body-secondary text-break">{pilot.email}</p>}
      <PilotFunds pilot={pilot} data={data} clubTimeZone={clubTimeZone} />
      <fieldset className="mb-3 pilot-qualifications">
        <legend className="h6">Qualifications</legend>
        {!isAdmin && <p className="small text-body-secondary">Only an admin can change qualifications.</p>}
        {QUALIFICATION_LABELS.map(([key, label]) => (
          <Check
            key={key}
            label={label}
            checked={draft[key]}
            onChange={(on) => set({ [key]: on })}
            disabled={!isAdmin}
          />
        ))}
        <div className="ms-4 mt-1">
          <div className="form-label mb-1">Active until</div>
          <Check
            type="switch"
            label="Never"
            checked={never}
            disabled={!isAdmin}
            onChange={(on) =>
              set({
                activeExpiration: on
                  ? null
                  : (original.activeExpiration ??
                    nextYearEnd(todayIn(clubTimeZone, Date.now()), data.membershipYearEnd)),
              })
            }
          />
          {!never && (
            <Form.Group controlId={`${id}-expiry`}>
              <Form.Label className="visually-hidden">Active until date</Form.Label>
              <Form.Control
                type="date"
                value={draft.activeExpiration ?? ''}
                disabled={!isAdmin}
                onChange={(e) => set({ activeExpiration: e.target.value })}
              />
              <Form.Text muted>The pilot counts as inactive after the end of this day.</Form.Text>
            </Form.Group>
          )}
        </div>
      </fieldset>
    </EditorModal>
  );
}
