import { useSyncExternalStore } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { confirmDialog } from '../lib/confirm-store.ts';

/** The one confirm dialog, rendered once in the shell; open it with confirmDialog.ask(). */
export function ConfirmDialog() {
  const open = useSyncExternalStore(confirmDialog.subscribe, confirmDialog.getState);
  return (
    <Modal show={open !== null} onHide={() => confirmDialog.reject()} centered>
      {open?.heading && (
        <Modal.Header closeButton>
          <Modal.Title>{open.heading}</Modal.Title>
        </Modal.Header>
      )}
      <Modal.Body>{open?.message}</Modal.Body>
      <Modal.Footer>
        <Button variant={open?.rejectVariant ?? 'secondary'} onClick={() => confirmDialog.reject()}>
          {open?.rejectLabel ?? 'No'}
        </Button>
        <Button
          variant={open?.confirmVariant ?? 'primary'}
          disabled={open?.confirmDisabled ?? false}
          onClick={() => confirmDialog.confirm()}
        >
          {open?.confirmLabel ?? 'Yes'}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
