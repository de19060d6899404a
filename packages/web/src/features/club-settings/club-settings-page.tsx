import { Link } from '../../lib/router.tsx';
import { Loading, LoadError, Page } from '../../components/page-state.tsx';
import { useSession } from '../../lib/session.ts';
import { useClubSettings } from './api.ts';
import { SettingsEditor } from './settings-editor.tsx';
import { BackLink, TITLE } from './settings-page-parts.tsx';

const NOT_AUTHORIZED = 'User is not authorized (603)';

/** `/admin/club`: everything an admin sets for the club as a whole. */
export function ClubSettingsPage() {
  const { data: session } = useSession();
  // RequireMember has loaded the session and checked the club before this renders.
  if (!session?.club) return null;
  if (!session.userIsAdmin) {
    return (
      <Page title={TITLE}>
        <div className="alert alert-danger" role="alert">
          {NOT_AUTHORIZED}
        </div>
        <Link to="/" className="btn btn-outline-secondary d-inline-flex align-items-center">
          Home
        </Link>
      </Page>
    );
  }
  return <SettingsLoader club={session.club} clubMessage={session.clubMessage} />;
}

function SettingsLoader({ club, clubMessage }: { club: string; clubMessage: string }) {
  const settings = useClubSettings(club);
  if (settings.isPending)
    return (
      <Page title={TITLE}>
        <Loading text="Retrieving the club settings...." />
      </Page>
    );
  if (settings.isError) {
    return (
      <Page title={TITLE}>
        <LoadError error={settings.error} prefix="Could not load the club settings." />
        <BackLink />
      </Page>
    );
  }
  return <SettingsEditor key={club} club={club} initial={settings.data} clubMessage={clubMessage} />;
}
