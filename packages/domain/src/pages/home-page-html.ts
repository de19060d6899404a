import type { BlockBalance, SessionInfo } from '../api/types.ts';
import { escapeHtml } from './escape-html.ts';
import { balanceText, blockBalanceText, isUploadedLogo, isWebAddress, menuSections } from './home-menu.ts';

/**
 * Home as the web app draws it for an active member once its reads have
 * answered (features/home/home-page.tsx), written as a string: the server puts
 * it in the HTML of `/` for a signed-in member, so the page, the club message
 * with it, is on the screen before any script runs (decision 0020). The web
 * app's static-shell test renders the React page with the same data and
 * requires the same markup, so nothing moves when React takes over.
 */
export interface HomeFirstState {
  /** The session as GET /api/session answers it. */
  session: SessionInfo;
  balanceCents: number;
  /** The member's unexpired blocks, as GET /api/get-block-balances answers them. */
  blocks: readonly BlockBalance[];
  /** The member's active flights, in order (active-flights.ts), with their state as the club's clock reads it. */
  activeFlights: readonly { glider: string; state: string }[];
}

const text = escapeHtml;

function header(session: SessionInfo): string {
  const name = `<h1 class="h4 mb-0">${text(session.clubName || 'Choose your activity')}</h1>`;
  if (!isUploadedLogo(session.clubLogo)) return `<header class="d-flex align-items-center gap-3 mb-3">${name}</header>`;
  const logo =
    `<img src="${text(session.clubLogo)}" alt="${text(`${session.clubName || 'Club'} logo`)}" ` + `class="club-logo"/>`;
  const linked = isWebAddress(session.clubLink)
    ? `<a href="${text(session.clubLink)}" target="_blank" rel="noopener noreferrer">${logo}</a>`
    : logo;
  return `<header class="d-flex align-items-center gap-3 mb-3">${linked}${name}</header>`;
}

function menu(session: SessionInfo): string {
  const sections = menuSections(session).map((section) => {
    const items = section.items.map(
      (item) =>
        `<div class="col"><a href="${text(item.to)}" class="btn btn-primary btn-lg w-100 h-100 py-3 ` +
        `d-flex align-items-center justify-content-center">${text(item.label)}</a></div>`,
    );
    const id = text(`menu-${section.title}`);
    return (
      `<section class="mb-3" aria-labelledby="${id}"><h2 id="${id}" class="h6 ` +
      `fw-semibold text-body-secondary mb-2">${text(section.title)}</h2>` +
      `<div class="row row-cols-1 row-cols-sm-2 g-2">${items.join('')}</div></section>`
    );
  });
  return `<nav aria-label="Activities">${sections.join('')}</nav>`;
}

function accountLines(balanceCents: number, blocks: readonly BlockBalance[]): string {
  const danger = balanceCents < 0 ? ' text-danger' : '';
  const balance = `<p class="fs-5 mb-2${danger}">${text(balanceText(balanceCents))}</p>`;
  const blockLines = blocks.map((block) => {
    const expires = block.blockExpires
      ? `<span class="text-body-secondary">, expires <span ` +
        `class="text-nowrap">${text(block.blockExpires.slice(0, 10))}</span></span>`
      : '';
    return `<p class="mb-1">${text(`${block.blockName}: ${blockBalanceText(block)}`)}${expires}</p>`;
  });
  return `<section aria-label="Account" class="mt-4">${balance}${blockLines.join('')}</section>`;
}

function activeFlightList(flights: HomeFirstState['activeFlights']): string {
  if (flights.length === 0) return '';
  const items = flights.map(
    (flight) =>
      `<li class="border rounded px-3 py-2 mb-2 d-flex flex-wrap align-items-baseline ` +
      `column-gap-2"><strong class="fs-5">${text(flight.glider)}</strong><span>${text(flight.state)}</span></li>`,
  );
  return (
    `<section aria-labelledby="active-flights" class="mt-3"><h2 id="active-flights" ` +
    `class="h6 fw-semibold text-body-secondary mb-2">Your active flights</h2>` +
    `<ul class="list-unstyled mb-0">${items.join('')}</ul></section>`
  );
}

/**
 * Home's `<main>` for an active member. The club message goes in as it is:
 * it is HTML the server sanitised before putting it in the session
 * (modules/clubs/club-message.ts), which React also inserts unescaped; every
 * other text is escaped.
 */
export function homePageHtml({ session, balanceCents, blocks, activeFlights }: HomeFirstState): string {
  const message = session.clubMessage
    ? `<div class="club-message border-top pt-3 mt-3">${session.clubMessage}</div>`
    : '';
  const content =
    header(session) + menu(session) + accountLines(balanceCents, blocks) + activeFlightList(activeFlights);
  return `<main class="container page py-3">${content}${message}</main>`;
}
