import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

interface EditPassengerDialogProps {
  show: boolean;
  first: string;
  last: string;
  onCancel: () => void;
  onSave: (name: { first: string; last: string }) => void;
}

/** "Edit Passenger for Intro": first and last name, Cancel and Save. */
export function EditPassengerDialog({ show, first, last, onCancel, onSave }: EditPassengerDialogProps) {
  return (
    <Modal show={show} onHide={onCancel} centered>
      {/* Mounted per opening, so the fields start from the passenger shown. */}
      {show && <PassengerForm first={first} last={last} onCancel={onCancel} onSave={onSave} />}
    </Modal>
  );
}

function PassengerForm({ first, last, onCancel, onSave }: Omit<EditPassengerDialogProps, 'show'>) {
  const id = useId();
  const [name, setName] = useState({ first, last });
  const complete = name.first.trim() !== '' && name.last.trim() !== '';
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        // The dialog sits inside the crew form in React's tree: its submit must not send the flight request.
        e.stopPropagation();
        if (complete) onSave({ first: name.first.trim(), last: name.last.trim() });
      }}
    >
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5">
          Edit Passenger for Intro
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <div className="mb-3">
          <label className="form-label" htmlFor={`${id}-first`}>
            First name
          </label>
          <input id={`${id}-first`} className="form-control" value={name.first} maxLength={60} autoComplete="off" onChange={(e) => setName({ ...name, first: e.target.value })} />
        </div>
        <div className="mb-1">
          <label className="form-label" htmlFor={`${id}-last`}>
            Last name
          </label>
          <input id={`${id}-last`} className="form-control" value={name.last} maxLength={60} autoComplete="off" onChange={(e) => setName({ ...name, last: e.target.value })} />
        </div>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={!complete}>
          Save
        </Button>
      </Modal.Footer>
    </form>
  );
}
