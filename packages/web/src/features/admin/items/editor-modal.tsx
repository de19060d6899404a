import { useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { errorMessage } from '../../../lib/api.ts';
import { confirmDialog } from '../../../lib/confirm-store.ts';
import { notifications } from '../../../lib/notifications-store.ts';
import { useSaveItem, type SaveItem } from '../api.ts';
import type { ChangeRow } from './changes.ts';
import { deleteDisabledMessage, failureMessage, ITEM_KINDS, successMessage, type ItemKind } from './item-kinds.ts';

/** Scroll a message shown below the form into view, above the footer buttons. */
function reveal(element: HTMLElement | null) {
  element?.scrollIntoView({ block: 'nearest' });
}

interface EditorModalProps {
  kind: ItemKind;
  title: string;
  creating: boolean;
  /** The confirm-changes list: what Save will change. */
  changes: ChangeRow[];
  /** What Save sends. */
  request: SaveItem;
  /** Save Changes is clickable (only after a change for most editors, always for tugs and intro launches). */
  enabled: boolean;
  /** Why the draft cannot be saved (a shared-schema message); Save never sends while there is one. */
  problem: string | null;
  onClose: () => void;
  /** 'xl' for the pilot editor, whose funds tables use a wide screen (issue 15 item 14). */
  size?: 'xl' | undefined;
  children: ReactNode;
}

/**
 * The one shell of the six item editors: the form, the confirm-changes list,
 * Cancel, Save Changes and a Delete button that only explains why deleting is
 * disabled. Full screen on a phone.
 */
export function EditorModal({
  kind,
  title,
  creating,
  changes,
  request,
  enabled,
  problem,
  onClose,
  size,
  children,
}: EditorModalProps) {
  const save = useSaveItem();
  const [attempted, setAttempted] = useState(false);
  const titleId = `editor-${kind}-title`;

  const onSave = () => {
    setAttempted(true);
    if (problem) {
      // The message is under the form, maybe off screen on a phone: bring it to the person.
      requestAnimationFrame(() => reveal(document.getElementById(`${titleId}-problem`)));
      return;
    }
    save.mutate(request, {
      onSuccess: () => {
        notifications.toast({ status: 'success', message: successMessage(kind, creating) });
        onClose();
      },
    });
  };

  const onDelete = () =>
    void confirmDialog.ask({
      heading: `Delete ${ITEM_KINDS[kind].noun}`,
      message: deleteDisabledMessage(kind),
      confirmLabel: 'OK',
      rejectLabel: 'Close',
    });

  const showProblem = problem !== null && (attempted || changes.length > 0);

  return (
    <Modal
      show
      onHide={onClose}
      fullscreen="sm-down"
      {...(size ? { size } : {})}
      scrollable
      backdrop="static"
      aria-labelledby={titleId}
      dialogClassName="admin-form touch-checks"
    >
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (enabled && !save.isPending) onSave();
          }}
        >
          {children}
          {/* Enter in a field saves, as the button would. */}
          <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
        </form>
        <section aria-labelledby={`${titleId}-changes`} className="mt-4">
          <h3 id={`${titleId}-changes`} className="h6">
            Confirm changes
          </h3>
          {changes.length === 0 ? (
            <p className="text-body-secondary small mb-0">No changes yet.</p>
          ) : (
            <ul className="list-group small" aria-label="Changes to save">
              {changes.map((row) => (
                <li key={row.key} className="list-group-item text-break">
                  <strong>{row.label}:</strong> {row.from} → {row.to}
                </li>
              ))}
            </ul>
          )}
        </section>
        {showProblem && (
          <div id={`${titleId}-problem`} className="alert alert-warning mt-3 mb-0" role="alert">
            {problem}
          </div>
        )}
        {save.isError && (
          <div ref={reveal} className="alert alert-danger mt-3 mb-0" role="alert">
            <strong className="d-block">{failureMessage(kind)}</strong>
            {errorMessage(save.error)}
          </div>
        )}
      </Modal.Body>
      <Modal.Footer className="flex-nowrap">
        {!creating && (
          <Button variant="outline-danger" className="me-auto" onClick={onDelete}>
            Delete
          </Button>
        )}
        <Button variant="outline-secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="primary" disabled={!enabled || save.isPending} aria-busy={save.isPending} onClick={onSave}>
          {save.isPending && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
          Save Changes
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
