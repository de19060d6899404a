import type { ReactNode } from 'react';
import { Link, useSearchParams } from '../../lib/router.tsx';
import type { DirectoryEntry } from '@flightline/domain/api/types';
import { Loading, LoadError, Page } from '../../components/page-state.tsx';
import { failedToLoad } from '../../lib/offline-status.ts';
import { useSession } from '../../lib/session.ts';
import type { FilterOption } from '../../lib/filter-options.ts';
import { FilterSelect } from '../../components/filter-select.tsx';
import { useMembers } from './api.ts';

const TITLE = 'Emergency Contacts / Directory';

const fullName = (p: Pick<DirectoryEntry, 'first' | 'last'>) => `${p.first} ${p.last}`.trim();

/** A member-typed link is followed only when it is a web address. */
function isWebAddress(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

/** A dialable tel: address: digits and a leading + only. */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** `/emergency/`: Emergency Contacts & Member Directory. */
export function DirectoryPage() {
  const session = useSession();
  const club = session.data?.club;
  if (!club)
    return (
      <Page title={TITLE}>
        <Loading text="Retrieving your data...." />
      </Page>
    );
  return <Directory club={club} me={session.data?.userID ?? null} />;
}

function Directory({ club, me }: { club: string; me: string | null }) {
  const members = useMembers(club);
  // The chosen pilot lives in the address, so Back and a shared link keep it.
  const [params, setParams] = useSearchParams();
  const chosenId = params.get('pilot');

  if (members.isPending)
    return (
      <Page title={TITLE}>
        <Loading />
      </Page>
    );
  if (!members.data || failedToLoad(members))
    return (
      <Page title={TITLE}>
        <LoadError error={members.error} prefix="Could not load the member directory." />
      </Page>
    );

  const pilots = members.data.pilots.filter((p) => p.isActive).sort((a, b) => fullName(a).localeCompare(fullName(b)));
  const chosen = pilots.find((p) => p.userID === chosenId);
  const options: FilterOption[] = pilots.map((p) => ({
    value: p.userID,
    label: fullName(p),
    detail: p.userID === me ? 'me' : undefined,
  }));

  return (
    <Page title={TITLE}>
      <FilterSelect
        label="Pilot"
        placeholder="Choose a member"
        options={options}
        selectedLabel={chosen ? fullName(chosen) : undefined}
        onSelect={(id) => setParams({ pilot: id }, { replace: Boolean(chosenId) })}
        emptyText="No active members."
      />
      {chosen ? (
        <MemberDetails pilot={chosen} isMe={chosen.userID === me} />
      ) : (
        <p className="text-body-secondary">Choose a member to see their contact details and emergency contact.</p>
      )}
    </Page>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="row mb-2">
      <dt className="col-3 fw-normal text-body-secondary">{label}</dt>
      <dd className="col-9 mb-0 text-break" style={{ whiteSpace: 'pre-line' }}>
        {children}
      </dd>
    </div>
  );
}

function MemberDetails({ pilot, isMe }: { pilot: DirectoryEntry; isMe: boolean }) {
  const hasContact = Boolean(pilot.email || pilot.phone || pilot.address);
  const hasEmergency = Boolean(pilot.emContact || pilot.emPhone || pilot.emRelation || pilot.emNote || pilot.emLink);
  return (
    <article className="border rounded p-3" aria-label={fullName(pilot)}>
      <h2 className="h5 mb-3">{fullName(pilot)}</h2>
      {hasContact ? (
        <dl className="mb-3">
          {pilot.email && (
            <Row label="Email">
              <a href={`mailto:${pilot.email}`}>{pilot.email}</a>
            </Row>
          )}
          {pilot.phone && (
            <Row label="Phone">
              <a href={telHref(pilot.phone)}>{pilot.phone}</a>
            </Row>
          )}
          {pilot.address && <Row label="Address">{pilot.address}</Row>}
        </dl>
      ) : (
        <p className="text-body-secondary">No shared contact details.</p>
      )}
      <h3 className="h6 fw-semibold text-body-secondary">Emergency contact</h3>
      {hasEmergency ? (
        <dl className="mb-0">
          {pilot.emContact && <Row label="Contact">{pilot.emContact}</Row>}
          {pilot.emPhone && (
            <Row label="Phone">
              <a href={telHref(pilot.emPhone)}>{pilot.emPhone}</a>
            </Row>
          )}
          {pilot.emRelation && <Row label="Relation">{pilot.emRelation}</Row>}
          {pilot.emNote && <Row label="Note">{pilot.emNote}</Row>}
          {pilot.emLink && (
            <Row label="Link">
              {isWebAddress(pilot.emLink) ? (
                <a href={pilot.emLink} target="_blank" rel="noopener noreferrer">
                  {pilot.emLink}
                </a>
              ) : (
                pilot.emLink
              )}
            </Row>
          )}
        </dl>
      ) : (
        <p className="text-body-secondary mb-0">No emergency contact recorded.</p>
      )}
      {isMe && (
        <Link to="/settings/profile" className="btn btn-outline-primary mt-3 d-inline-flex align-items-center">
          Update my personal info
        </Link>
      )}
    </article>
  );
}
