import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { NameField } from './name-field.tsx';

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
        <NameField
          id={`${id}-first`}
          label="First name"
          value={name.first}
          onChange={(first) => setName({ ...name, first })}
        />
        <NameField
          id={`${id}-last`}
          label="Last name"
          value={name.last}
          onChange={(last) => setName({ ...name, last })}
          className="mb-1"
        />
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
