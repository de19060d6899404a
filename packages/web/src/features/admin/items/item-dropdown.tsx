import Dropdown from 'react-bootstrap/Dropdown';

export interface DropdownChoice {
  value: string;
  label: string;
}

interface ItemDropdownProps {
  /** What the list holds, for screen readers: "gliders". */
  what: string;
  choices: readonly DropdownChoice[];
  onSelect: (value: string) => void;
}

/** A section's Edit dropdown: every existing item, touch-sized, scrolling when long. */
export function ItemDropdown({ what, choices, onSelect }: ItemDropdownProps) {
  return (
    <Dropdown onSelect={(key) => key !== null && onSelect(key)}>
      <Dropdown.Toggle
        variant="outline-primary"
        className="w-100"
        disabled={choices.length === 0}
        title={choices.length === 0 ? `No ${what} yet` : undefined}
      >
        Edit
      </Dropdown.Toggle>
      <Dropdown.Menu className="admin-menu shadow" aria-label={`Choose one of the ${what}`}>
        {choices.map((c) => (
          <Dropdown.Item key={c.value} as="button" type="button" eventKey={c.value} className="py-2 text-wrap">
            {c.label}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}
