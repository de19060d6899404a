import { useId, useState, type KeyboardEvent } from 'react';
import { filterOptions, type FilterOption } from '../lib/filter-options.ts';

/** At most this many choices are shown; typing narrows the rest. */
const MAX_VISIBLE = 8;

interface FilterSelectProps {
  label: string;
  /** Text of the closed control when nothing is chosen. */
  placeholder: string;
  options: readonly FilterOption[];
  onSelect: (value: string) => void;
  /** The chosen option's text, shown on the closed control. */
  selectedLabel?: string | undefined;
  disabled?: boolean | undefined;
  /** Shown when there is nothing to choose at all. */
  emptyText?: string | undefined;
}

/** A dropdown with a filter box: a closed button that opens a text field and up to 8 touch-sized choices. */
export function FilterSelect({
  label,
  placeholder,
  options,
  onSelect,
  selectedLabel,
  disabled,
  emptyText = 'Nothing to choose',
}: FilterSelectProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const matches = filterOptions(options, text);
  const visible = matches.slice(0, MAX_VISIBLE);

  const close = () => {
    setOpen(false);
    setText('');
  };
  const choose = (option: FilterOption) => {
    close();
    onSelect(option.value);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') close();
    // Enter picks the only remaining choice, so a typed name is enough.
    if (event.key === 'Enter') {
      event.preventDefault();
      const enabled = matches.filter((o) => !o.disabled);
      if (enabled.length === 1) choose(enabled[0]!);
    }
  };

  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={`${id}-toggle`}>
        {label}
      </label>
      <button
        id={`${id}-toggle`}
        type="button"
        className={`form-select text-start${selectedLabel ? '' : ' text-body-secondary'}`}
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        disabled={disabled}
        onClick={() => (open ? close() : setOpen(true))}
      >
        {selectedLabel || placeholder}
      </button>
      {open && (
        <div id={`${id}-panel`} className="border rounded p-2 mt-1 bg-body shadow-sm">
          {options.length === 0 ? (
            <p className="text-body-secondary mb-0 p-1">{emptyText}</p>
          ) : (
            <>
              <input
                type="search"
                className="form-control mb-2"
                placeholder="Type to filter"
                aria-label={`Filter ${label}`}
                value={text}
                onChange={(e) => setText(e.target.value)}
                onKeyDown={onKeyDown}
                autoFocus
                autoComplete="off"
              />
              <div className="d-grid gap-1" role="group" aria-label={label}>
                {visible.map((option) => (
                  <button
                    key={option.value}
                    type="button"
                    className="btn btn-light border text-start"
                    disabled={option.disabled}
                    onClick={() => choose(option)}
                  >
                    {option.label}
                    {option.detail && <span className="text-body-secondary small">{` · ${option.detail}`}</span>}
                  </button>
                ))}
              </div>
              {matches.length === 0 && <p className="text-body-secondary mb-0 p-1">No matches</p>}
              {matches.length > visible.length && (
                <p className="text-body-secondary small mb-0 mt-2 px-1">
                  {`${matches.length - visible.length} ` + `more, type to narrow the list`}
                </p>
              )}
            </>
          )}
        </div>
      )}
    </div>
  );
}
