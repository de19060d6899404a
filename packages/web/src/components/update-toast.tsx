import Button from 'react-bootstrap/Button';
import Toast from 'react-bootstrap/Toast';
import ToastContainer from 'react-bootstrap/ToastContainer';
import './update-toast.scss';

export const NEW_VERSION_TEXT = 'New version — reload';

/** The "New version — reload" toast: one touch-sized button, and a close for later. */
export function UpdateToast({
  reloading,
  onReload,
  onDismiss,
}: {
  reloading: boolean;
  onReload: () => void;
  onDismiss: () => void;
}) {
  return (
    <ToastContainer position="bottom-center" containerPosition="fixed" className="update-toast-container p-2">
      <Toast onClose={onDismiss} aria-live="polite" aria-atomic="true">
        <div className="d-flex align-items-center gap-2 p-2">
          <Button variant="primary" size="lg" className="flex-grow-1" disabled={reloading} onClick={onReload}>
            {reloading ? 'Reloading…' : NEW_VERSION_TEXT}
          </Button>
          <button type="button" className="btn-close update-toast-close" aria-label="Later" onClick={onDismiss} />
        </div>
      </Toast>
    </ToastContainer>
  );
}
