import { useState } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import Form from 'react-bootstrap/Form';
import type { AdminPilot } from '@flightline/domain/api/types';
import { pilotGroups, pilotName } from './pilots.ts';

/** The pilot Edit dropdown: a type-to-filter box, then Active and Inactive pilots under their own headings. */
export function PilotDropdown({
  pilots,
  onSelect,
}: {
  pilots: readonly AdminPilot[];
  onSelect: (userID: string) => void;
}) {
  const [text, setText] = useState('');
  const [show, setShow] = useState(false);
  const toggle = (next: boolean) => {
    setShow(next);
    if (!next) setText('');
  };
  const groups = pilotGroups(pilots, text);
  const members = pilots.filter((p) => p.status !== 'pending').length;
  const group = (heading: string, list: AdminPilot[]) => (
    <>
      <Dropdown.Header as="h3" className="h6 text-uppercase small mb-0 mt-1">
        {heading}
      </Dropdown.Header>
      {list.length === 0 ? (
        <Dropdown.ItemText className="text-body-secondary small">None</Dropdown.ItemText>
      ) : (
        list.map((p) => (
          <Dropdown.Item key={p.userID} as="button" type="button" eventKey={p.userID} className="py-2 text-wrap">
            {pilotName(p)}
          </Dropdown.Item>
        ))
      )}
    </>
  );
  return (
    <Dropdown
      show={show}
      onToggle={toggle}
      onSelect={(key) => {
        toggle(false);
        if (key !== null) onSelect(key);
      }}
      // Taps in the filter box must not close the list.
      autoClose="outside"
      // The list opens leftwards from the half-width Edit button, as wide as its filter box needs.
      align="end"
    >
      <Dropdown.Toggle variant="outline-primary" className="w-100" disabled={members === 0}>
        Edit
      </Dropdown.Toggle>
      <Dropdown.Menu className="admin-menu admin-pilot-menu shadow pt-0" aria-label="Choose a pilot">
        <div className="px-2 pt-2 pb-1 bg-body sticky-top">
          <Form.Control
            type="search"
            placeholder="Type to filter"
            aria-label="Filter pilots"
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoComplete="off"
            autoFocus
            // A search box clears itself on Escape; here Escape closes the list, as in the other dropdowns.
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.preventDefault();
                toggle(false);
              }
            }}
          />
        </div>
        {group('Active', groups.active)}
        {group('Inactive', groups.inactive)}
      </Dropdown.Menu>
    </Dropdown>
  );
}
