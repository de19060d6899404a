import type { CrewPageData } from '../api/types.ts';
import { crewFormState, fullName, initialDraft, pilotChoices, summaryLine } from '../field/crew-draft.ts';
import { FLY_WITH, submitButtonText } from '../flights/crew-rules.ts';
import { escapeHtml } from './escape-html.ts';
import { gliderGroups } from '../field/glider-choices.ts';
import { PAGE_HEADINGS } from './page-headings.ts';

/**
 * Request Flight as the web app first draws it once its read has answered
 * (features/crew/crew-page.tsx: the form with the member's first choices),
 * written as a string: the server puts it in the HTML of `/crew/` for a
 * signed-in member, so the form and its summary line are on the screen before
 * any script runs (decision 0020). The web app's static-shell test renders the
 * React page with the same data and requires the same markup, ids aside (the
 * server names its own). The page is `inert` until the app takes it over: a
 * choice made in it would be lost when React draws the form.
 */

const text = escapeHtml;

/** `<div class="mb-3">` with its label, as the form kit's FieldFrame draws a field with no note. */
function field(id: string, label: string, input: string): string {
  return `<div class="mb-3"><label class="form-label" for="${id}">${text(label)}</label>${input}</div>`;
}

function option(value: string, label: string, { selected = false, disabled = false } = {}): string {
  const flags = (selected ? ' selected=""' : '') + (disabled ? ' disabled=""' : '');
  return `<option value="${text(value)}"${flags}>${text(label)}</option>`;
}

/** As features/crew/choice-buttons.tsx draws a group; `note` is said under it. */
function choiceButtons(
  label: string,
  choices: readonly string[],
  value: string | null,
  noteId: string,
  note?: string,
): string {
  const buttons = choices.map((choice) => {
    const on = choice === value;
    return (
      `<button type="button" class="btn ` +
      `${on ? 'btn-primary' : 'btn-outline-primary'}" aria-pressed="${on}">${text(choice)}</button>`
    );
  });
  return (
    `<fieldset class="mb-3"${note ? ` aria-describedby="${noteId}"` : ''}><legend ` +
    `class="form-label fs-6 mb-1">${text(label)}</legend>` +
    `<div class="choice-grid choice-grid-3">${buttons.join('')}</div>${
      note ? `<div id="${noteId}" ` + `class="form-text">${text(note)}</div>` : ''
    }</fieldset>`
  );
}

function numberField(key: string, label: string, value: string): string {
  const id = `crew-form-${key}`;
  return field(
    id,
    label,
    `<input id="${id}" class="form-control" inputmode="numeric" autocomplete="off" value="${text(value)}"/>`,
  );
}

/** The crew page's `<main>` for `data`, the member's own GET /api/serve-crew. */
export function crewPageHtml(data: CrewPageData): string {
  const draft = initialDraft(data);
  const heading = PAGE_HEADINGS['/crew'];
  const pilots = pilotChoices(data).map((pilot) =>
    option(pilot.pilotID, fullName(pilot), { selected: pilot.pilotID === draft.pilotID }),
  );
  const groups = gliderGroups(data, draft.flyWith).map(
    (group) =>
      `<optgroup label="${text(group.label)}">` +
      group.options
        .map((o) => option(o.id, o.label, { selected: o.id === draft.glider, disabled: o.disabled }))
        .join('') +
      '</optgroup>',
  );
  const weights = [
    numberField('weight', 'Pilot weight (kg)', draft.weight),
    ...(draft.flyWith === 'Alone'
      ? []
      : [numberField('passengerWeight', 'Passenger weight (kg)', draft.passengerWeight)]),
    numberField('gliderWeight', 'Glider weight (kg)', draft.gliderWeight),
    numberField('waterWeight', 'Water ballast (kg)', draft.waterWeight),
    numberField('towSpeed', 'Tow Speed (kn)', draft.towSpeed),
  ];
  const button = submitButtonText(crewFormState(data, draft));
  const lowFunds = button.text.startsWith('Warning');
  return (
    `<main class="container page py-3" inert=""><h1 class="${heading.size} ` +
    `mb-3">${text(heading.title)}</h1><form novalidate="">` +
    field('crew-form-pilot', 'Pilot', `<select id="crew-form-pilot" class="form-select">${pilots.join('')}</select>`) +
    choiceButtons('Flying with', FLY_WITH, draft.flyWith, 'crew-fly-with-note') +
    field(
      'crew-glider',
      'Glider',
      '<select id="crew-glider" class="form-select">' +
        option('', 'Choose a glider', { selected: draft.glider === null }) +
        `${groups.join('')}</select>`,
    ) +
    `<div class="crew-pair">${weights.join('')}</div>` +
    choiceButtons(
      'Launch type',
      data.launches.map((launch) => launch.id),
      draft.launchType,
      'crew-launch-note',
      data.launches.length === 0 ? 'The club has no launch types set up.' : undefined,
    ) +
    (`<p class="crew-summary bg-body-tertiary rounded px-3 py-2" ` +
      `aria-live="polite">${text(summaryLine(data, draft))}</p>`) +
    (`<button type="submit" class="btn btn-lg w-100 crew-submit ` +
      `${lowFunds && !button.disabled ? 'btn-warning' : 'btn-primary'}"` +
      `${button.disabled ? ' disabled=""' : ''}>${text(button.text)}</button>`) +
    `</form></main>`
  );
}
