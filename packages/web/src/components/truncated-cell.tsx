import { useState, type KeyboardEvent } from 'react';
import { truncateText } from '../lib/truncate-text.ts';

/** A table cell whose text over 60 characters is cut; a click shows it all, another click cuts it again. */
export function TruncatedCell({
  text,
  className,
  label,
}: {
  text: string;
  className?: string | undefined;
  label?: string | undefined;
}) {
  const [open, setOpen] = useState(false);
  const cut = truncateText(text);
  const toggle = () => setOpen((o) => !o);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      toggle();
    }
  };
  return (
    <td className={className} data-label={label}>
      {cut.truncated ? (
        // A span, not a <button>: a button never flows inline after the phone layout's column label.
        <span
          role="button"
          tabIndex={0}
          aria-expanded={open}
          title={open ? undefined : 'Show all'}
          style={{ cursor: 'pointer' }}
          onClick={toggle}
          onKeyDown={onKeyDown}
        >
          {open ? text : cut.text}
        </span>
      ) : (
        text
      )}
    </td>
  );
}
