import { useId, useState } from 'react';
import OverlayTrigger from 'react-bootstrap/OverlayTrigger';
import Tooltip from 'react-bootstrap/Tooltip';
import type { IntroListItem } from '@flightline/domain/api/types';
import { expiredIntros, isIntroExpired, recipientName, searchIntros } from '@flightline/domain/money/intro-search';

/** Tooltip delays of the whole app. */
const TOOLTIP_DELAY = { show: 250, hide: 400 };

export const SEARCH_PLACEHOLDER = 'Start typing serial number, name, or email';

interface IntroPickerProps {
  intros: readonly IntroListItem[];
  /** Today in the club's zone: staleDate on or before it is expired. */
  today: string;
  /** The Cancel page lists the expired intros first. */
  highlightExpired?: boolean;
  selectedId: string | null;
  onSelect: (intro: IntroListItem) => void;
  disabled?: boolean;
}

/**
 * The shared intro picker: Expired Intros when highlighting, and All Intros
 * with a search box, each at most 5 buttons; refunded and cancelled intros are
 * never offered.
 */
export function IntroPicker({
  intros,
  today,
  highlightExpired = false,
  selectedId,
  onSelect,
  disabled = false,
}: IntroPickerProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  const matches = searchIntros(intros, query);
  const expired = highlightExpired ? expiredIntros(intros, today) : [];

  const list = (items: IntroListItem[], label: string) => (
    <div className="list-group intro-list" role="group" aria-label={label}>
      {items.map((intro) => (
        <IntroButton
          key={intro.id}
          intro={intro}
          expired={isIntroExpired(intro, today)}
          selected={intro.id === selectedId}
          onSelect={onSelect}
          disabled={disabled}
        />
      ))}
    </div>
  );

  return (
    <div className="mb-3">
      {highlightExpired && (
        <section className="mb-3" aria-labelledby={`${id}-expired`}>
          <h2 id={`${id}-expired`} className="h6 mb-2">
            Expired Intros
          </h2>
          {expired.length === 0 ? <p className="text-body-secondary mb-0">None</p> : list(expired, 'Expired Intros')}
        </section>
      )}
      <section aria-labelledby={`${id}-all`}>
        <h2 id={`${id}-all`} className="h6 mb-2">
          All Intros
        </h2>
        <input
          type="search"
          className="form-control mb-2 intro-search"
          placeholder={SEARCH_PLACEHOLDER}
          aria-label="Search intros"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          autoComplete="off"
          disabled={disabled}
        />
        {matches.length === 0 ? (
          <p className="text-body-secondary mb-0">
            {query.trim() ? 'No intro matches the search.' : 'No intros to choose from.'}
          </p>
        ) : (
          list(matches, 'All Intros')
        )}
      </section>
    </div>
  );
}

interface IntroButtonProps {
  intro: IntroListItem;
  expired: boolean;
  selected: boolean;
  onSelect: (intro: IntroListItem) => void;
  disabled: boolean;
}

function IntroButton({ intro, expired, selected, onSelect, disabled }: IntroButtonProps) {
  const name = recipientName(intro);
  const button = (
    <button
      type="button"
      className={
        'list-group-item list-group-item-action' +
        (expired ? ' list-group-item-warning' : '') +
        (selected ? ' active' : '')
      }
      aria-pressed={selected}
      disabled={disabled}
      onClick={() => onSelect(intro)}
    >
      <span className="fw-semibold">{intro.SN}</span>
      {name && ` · ${name}`}
      {intro.buyerEmail && <span className="text-break">{` · ${intro.buyerEmail}`}</span>}
    </button>
  );
  if (!expired) return button;
  return (
    <OverlayTrigger
      placement="top"
      delay={TOOLTIP_DELAY}
      overlay={<Tooltip id={`intro-expired-${intro.id}`}>{`This intro expired on ${intro.staleDate}`}</Tooltip>}
    >
      {button}
    </OverlayTrigger>
  );
}
