import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '../../lib/router.tsx';
import type { ClubSummary, PilotClub, SessionInfo } from '@flightline/domain/api/types';
import { Loading, LoadError, Page } from '../../components/page-state.tsx';
import { NO_CLUB_NOTICE } from '../../components/require-member.tsx';
import { errorMessage } from '../../lib/api.ts';
import { confirmDialog } from '../../lib/confirm-store.ts';
import { notifications } from '../../lib/notifications-store.ts';
import { failedToLoad } from '../../lib/offline-status.ts';
import { useRefreshSession, useSession } from '../../lib/session.ts';
import { requestMembership, switchClub, useAllClubs, usePilotClubs } from './api.ts';
import type { FilterOption } from '../../lib/filter-options.ts';
import { FilterSelect } from '../../components/filter-select.tsx';
import { afterMembershipChange } from '../../lib/api/clubs.ts';
import { Invitations } from './invitations.tsx';

const STATUS_TEXT: Record<PilotClub['status'], string | undefined> = {
  active: undefined,
  inactive: 'Inactive',
  pending: 'Pending approval',
};

/** `/settings`, User settings: account links and club membership. */
export function SettingsPage() {
  const session = useSession();
  const s = session.data;
  const userID = s?.userID;
  if (!s || !userID)
    return (
      <Page title="Settings">
        <Loading text="Retrieving your data...." />
      </Page>
    );
  // From the session, not the redirect's location.state: that state outlives a club
  // switch (it stays on the history entry), and the notice would then be false.
  const showNotice = !s.club;

  return (
    <Page title="Settings">
      {showNotice && (
        <div className="alert alert-warning" role="alert">
          {NO_CLUB_NOTICE}
        </div>
      )}
      <Invitations />
      <section className="mb-4" aria-labelledby="settings-account">
        <h2 id="settings-account" className="h5">
          Account
        </h2>
        <div className="d-grid gap-2 d-sm-flex">
          <Link
            to="/settings/password"
            className="btn btn-outline-primary d-flex align-items-center justify-content-center"
          >
            Change password
          </Link>
          <Link
            to="/settings/profile"
            className="btn btn-outline-primary d-flex align-items-center justify-content-center"
          >
            Profile
          </Link>
          {s.club && (
            <Link
              to="/roster/notifications"
              className="btn btn-outline-primary d-flex align-items-center justify-content-center"
            >
              Notifications
            </Link>
          )}
        </div>
      </section>
      <ClubMembership session={s} userID={userID} />
    </Page>
  );
}

function ClubMembership({ session, userID }: { session: SessionInfo; userID: string }) {
  const pilotClubs = usePilotClubs(userID);
  const allClubs = useAllClubs();
  const refresh = useRefreshSession();
  const client = useQueryClient();
  const [error, setError] = useState<unknown>(null);

  const switching = useMutation({
    mutationFn: (club: PilotClub) => switchClub(club.id),
    onMutate: () => setError(null),
    onSuccess: async (_, club) => {
      await refresh();
      notifications.toast({ status: 'success', message: `Your active club is now ${club.name}.` });
    },
    onError: (e) => setError(e),
  });

  const requesting = useMutation({
    mutationFn: (club: ClubSummary) =>
      requestMembership({ clubId: club.id, userID, first: session.first, last: session.last }),
    onMutate: () => setError(null),
    onSuccess: async (_, club) => {
      await afterMembershipChange(client);
      notifications.toast({
        status: 'success',
        message: `Membership requested at ${club.name}. A club admin must activate your account.`,
      });
    },
    onError: (e) => setError(e),
  });

  const busy = switching.isPending || requesting.isPending;
  const mine = pilotClubs.data?.clubs ?? [];
  const mineIds = new Set(mine.map((c) => c.id));
  const others = (allClubs.data?.clubs ?? []).filter((c) => !mineIds.has(c.id));

  const switchOptions: FilterOption[] = mine.map((c) => ({
    value: c.id,
    label: c.name,
    detail: c.id === session.club ? 'Active club' : STATUS_TEXT[c.status],
    disabled: c.id === session.club,
  }));
  const requestOptions: FilterOption[] = others.map((c) => ({
    value: c.id,
    label: c.name,
    detail: c.shortName || undefined,
  }));

  const askSwitch = async (id: string) => {
    const club = mine.find((c) => c.id === id);
    if (!club) return;
    const yes = await confirmDialog.ask({
      heading: 'Switch Active Club',
      message: `Switch your active club to ${club.name}?`,
    });
    if (yes) switching.mutate(club);
  };
  const askRequest = async (id: string) => {
    const club = others.find((c) => c.id === id);
    if (!club) return;
    const yes = await confirmDialog.ask({
      heading: 'Request Membership at Club',
      message: `Request membership at ${club.name}?`,
    });
    if (yes) requesting.mutate(club);
  };

  return (
    <section aria-labelledby="settings-club">
      <h2 id="settings-club" className="h5">
        Club Membership
      </h2>
      <p>
        Active Club: <strong>{session.club ? session.clubName || session.clubShortName : 'None'}</strong>
        {session.club && !session.userIsActive && <span className="text-body-secondary"> (not activated yet)</span>}
      </p>
      {error !== null && (
        <div className="alert alert-danger" role="alert">
          {errorMessage(error)}
        </div>
      )}
      {busy && <Loading text={switching.isPending ? 'Switching club' : 'Sending request'} />}
      {pilotClubs.isPending ? (
        <Loading text="Loading your clubs" />
      ) : failedToLoad(pilotClubs) ? (
        <LoadError error={pilotClubs.error} prefix="Could not load your clubs." />
      ) : (
        <FilterSelect
          label="Switch Active Club"
          placeholder="Choose one of your clubs"
          options={switchOptions}
          onSelect={(id) => void askSwitch(id)}
          disabled={busy}
          emptyText="You do not belong to any club yet. Request membership at a club below."
        />
      )}
      {allClubs.isPending || pilotClubs.isPending ? (
        <Loading text="Loading clubs" />
      ) : failedToLoad(allClubs) ? (
        <LoadError error={allClubs.error} prefix="Could not load the clubs." />
      ) : (
        <FilterSelect
          label="Request Membership at Club"
          placeholder="Choose a club"
          options={requestOptions}
          onSelect={(id) => void askRequest(id)}
          disabled={busy}
          emptyText="There are no other clubs to join."
        />
      )}
    </section>
  );
}
