import { useEffect } from 'react';
import { Link, Navigate } from '../../lib/router.tsx';
import type { SessionInfo } from '@flightline/domain/api/types';
import {
  balanceText,
  blockBalanceText,
  isUploadedLogo,
  isWebAddress,
  menuSections,
} from '@flightline/domain/pages/home-menu';
import { OfflineNotice } from '../../components/offline-notice.tsx';
import { Loading, LoadError, Page } from '../../components/page-state.tsx';
import { ServedPage } from '../../components/served-page.tsx';
import { NO_CLUB_NOTICE, NOT_ACTIVATED_NOTICE } from '../../components/require-member.tsx';
import { clubToday } from '../../lib/club-dates.ts';
import { holdsServedPage, releaseServedPage } from '../../lib/first-paint.ts';
import { failedToLoad } from '../../lib/offline-status.ts';
import { optionalPart } from '../../lib/optional-part.tsx';
import { useSession } from '../../lib/session.ts';
import { ActiveFlights, useFlightsOfDay } from './active-flights.tsx';
import { useBalance, useBlockBalances } from './api.ts';

// The member's duties: loaded after the page, so Home's own bundle stays within its budget.
const MyDuties = optionalPart(async () => (await import('./my-duties.tsx')).MyDuties);

// The first screen on a phone, counted in the bundle budget: plain JSX with
// Bootstrap classes, no react-bootstrap, date or form library. The server
// draws the same for an active member in the HTML (domain home-page-html.ts;
// static-shell.test.tsx compares the two).

/** `/` signed in: Home. */
export function HomePage() {
  const session = useSession();
  const activeMember =
    Boolean(session.data?.club && session.data.userID && session.data.userIsActive) && !failedToLoad(session);
  // Not Home of an active member after all: the page the server drew is not shown again.
  useEffect(() => {
    if (!session.isPending && !activeMember) releaseServedPage();
  }, [session.isPending, activeMember]);
  if (session.isPending)
    return holdsServedPage('/') ? (
      <ServedPage />
    ) : (
      <Page>
        <Loading text="Retrieving your data...." />
      </Page>
    );
  if (!session.data || failedToLoad(session))
    return (
      <Page>
        <LoadError error={session.error} />
      </Page>
    );
  const s = session.data;
  if (!s.club || !s.userID) return <Navigate to="/settings" replace state={{ notice: NO_CLUB_NOTICE }} />;
  if (!s.userIsActive) {
    return (
      <Page>
        <ClubHeader session={s} />
        <div className="alert alert-warning" role="alert">
          {NOT_ACTIVATED_NOTICE}
        </div>
      </Page>
    );
  }
  return <MemberHome session={s} club={s.club} userID={s.userID} />;
}

/**
 * Home of an active member. Its reads are made here, once, and handed to the
 * lines that show them: the page the server drew stays until they have
 * answered, so the balance, blocks and flights never flash away and come back.
 */
function MemberHome({ session: s, club, userID }: { session: SessionInfo; club: string; userID: string }) {
  const balance = useBalance(club, userID);
  const blocks = useBlockBalances(club, userID);
  const flights = useFlightsOfDay(club, clubToday(s.clubTimeZone));
  const holding = holdsServedPage('/') && [balance, blocks, flights].some((read) => read.isPending);
  useEffect(() => {
    if (!holding) releaseServedPage();
  }, [holding]);
  if (holding) return <ServedPage />;
  return (
    <Page>
      <ClubHeader session={s} />
      <OfflineNotice />
      <nav aria-label="Activities">
        {menuSections(s).map((section) => (
          <section key={section.title} className="mb-3" aria-labelledby={`menu-${section.title}`}>
            <h2 id={`menu-${section.title}`} className="h6 fw-semibold text-body-secondary mb-2">
              {section.title}
            </h2>
            <div className="row row-cols-1 row-cols-sm-2 g-2">
              {section.items.map((item) => (
                <div key={item.to} className="col">
                  <Link
                    to={item.to}
                    className="btn btn-primary btn-lg w-100 h-100 py-3 d-flex align-items-center justify-content-center"
                  >
                    {item.label}
                  </Link>
                </div>
              ))}
            </div>
          </section>
        ))}
      </nav>
      <AccountLines balance={balance} blocks={blocks} />
      <ActiveFlights flights={flights} userID={userID} timeZone={s.clubTimeZone} />
      {s.clubMessage && (
        // Sanitised by the server (modules/clubs/club-message.ts) before it is put in the session.
        <div className="club-message border-top pt-3 mt-3" dangerouslySetInnerHTML={{ __html: s.clubMessage }} />
      )}
      {/* Last: it comes after the page is drawn, so nothing the server drew moves when it does. */}
      <MyDuties />
    </Page>
  );
}

function ClubHeader({ session }: { session: SessionInfo }) {
  const logo = isUploadedLogo(session.clubLogo) ? (
    // Sized by its class (app/styles.scss), not a style attribute: the server draws it too, and the
    // Content-Security-Policy refuses those.
    <img src={session.clubLogo} alt={`${session.clubName || 'Club'} logo`} className="club-logo" />
  ) : null;
  return (
    <header className="d-flex align-items-center gap-3 mb-3">
      {logo && isWebAddress(session.clubLink) ? (
        <a href={session.clubLink} target="_blank" rel="noopener noreferrer">
          {logo}
        </a>
      ) : (
        logo
      )}
      <h1 className="h4 mb-0">{session.clubName || 'Choose your activity'}</h1>
    </header>
  );
}

function AccountLines({
  balance,
  blocks,
}: {
  balance: ReturnType<typeof useBalance>;
  blocks: ReturnType<typeof useBlockBalances>;
}) {
  return (
    <section aria-label="Account" className="mt-4">
      {balance.isPending ? (
        // The balance line's own size, so the club message below does not move when the balance comes.
        <div className="fs-5 mb-2 d-flex align-items-center gap-2" role="status">
          <span className="spinner-border spinner-border-sm" aria-hidden="true" />
          <span>Retrieving your balance....</span>
        </div>
      ) : !balance.data || failedToLoad(balance) ? (
        <LoadError error={balance.error} prefix="Could not load your balance." />
      ) : (
        <p className={`fs-5 mb-2${balance.data.balanceCents < 0 ? ' text-danger' : ''}`}>
          {balanceText(balance.data.balanceCents)}
        </p>
      )}
      {failedToLoad(blocks) ? (
        <LoadError error={blocks.error} prefix="Could not load your blocks." />
      ) : (
        blocks.data?.blocks.map((block) => (
          <p key={block.blockId} className="mb-1">
            {`${block.blockName}: ${blockBalanceText(block)}`}
            {block.blockExpires && (
              <span className="text-body-secondary">
                , expires <span className="text-nowrap">{block.blockExpires.slice(0, 10)}</span>
              </span>
            )}
          </p>
        ))
      )}
    </section>
  );
}
