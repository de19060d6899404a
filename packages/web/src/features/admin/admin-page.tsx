import '../../app/back-office.scss';
import './admin.css';
import '../../components/touch-checks.css';
import { useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from '../../lib/router.tsx';
import type { ServeAdmin, SessionInfo } from '@flightline/domain/api/types';
import { Loading, Page } from '../../components/page-state.tsx';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { useServeAdmin } from './api.ts';
import { BlockEditor } from './blocks/block-editor.tsx';
import { GliderEditor } from './gliders/glider-editor.tsx';
import { IntroLaunchEditor } from './intro-launches/intro-launch-editor.tsx';
import { ItemDropdown } from './items/item-dropdown.tsx';
import { itemSections, type Editing } from './items/item-sections.ts';
import { LaunchEditor } from './launches/launch-editor.tsx';
import { MembershipRequests } from './members/membership-requests.tsx';
import { NewMemberDialog } from './members/new-member-dialog.tsx';
import { PilotDropdown } from './members/pilot-dropdown.tsx';
import { PilotEditor } from './members/pilot-editor.tsx';
import { TugEditor } from './tugs/tug-editor.tsx';
import { hasAdminRights, NOT_AUTHORIZED, visibleSections, type AdminSection } from './sections.ts';

const TITLE = 'Administration';

/** `/admin/`: the sections this person's rights allow, each with New and Edit. */
export function AdminPage() {
  const session = useSession();
  const s = session.data;
  if (!s?.club)
    return (
      <Page title={TITLE}>
        <Loading text="Retrieving your data...." />
      </Page>
    );
  if (!hasAdminRights(s)) {
    return (
      <Page title={TITLE}>
        <div className="alert alert-danger" role="alert">
          {NOT_AUTHORIZED}
        </div>
      </Page>
    );
  }
  return <AdminContent session={s} club={s.club} />;
}

function AdminContent({ session, club }: { session: SessionInfo; club: string }) {
  const admin = useServeAdmin(club);
  if (admin.isPending)
    return (
      <Page title={TITLE}>
        <Loading />
      </Page>
    );
  if (admin.isError) {
    const status = admin.error instanceof ApiError ? admin.error.status : 0;
    return (
      <Page title={TITLE}>
        <div className="alert alert-danger" role="alert">
          {status === 403 ? NOT_AUTHORIZED : `Could not load content (${status})`}
        </div>
      </Page>
    );
  }
  return <AdminSections session={session} data={admin.data} />;
}

function AdminSections({ session, data }: { session: SessionInfo; data: ServeAdmin }) {
  const [editing, setEditing] = useState<Editing | null>(null);
  const [addingMember, setAddingMember] = useState(false);
  const close = () => setEditing(null);
  const isAdmin = session.userIsAdmin;
  const shown = new Set<AdminSection>(visibleSections(session, data.introLaunches.length));

  return (
    <Page title={TITLE}>
      {shown.has('users') && (
        <AdminCard id="users" title="User Administration">
          <div className="row g-2">
            {isAdmin && (
              <div className="col-6">
                <Button variant="primary" className="w-100" onClick={() => setAddingMember(true)}>
                  New
                </Button>
              </div>
            )}
            <div className={isAdmin ? 'col-6' : 'col-12'}>
              <PilotDropdown
                pilots={data.pilots}
                onSelect={(userID) => {
                  const pilot = data.pilots.find((p) => p.userID === userID);
                  if (pilot) setEditing({ kind: 'pilot', item: pilot });
                }}
              />
            </div>
          </div>
          {isAdmin && <MembershipRequests pilots={data.pilots} />}
          {addingMember && <NewMemberDialog onClose={() => setAddingMember(false)} />}
        </AdminCard>
      )}
      {itemSections(data)
        .filter((card) => shown.has(card.section))
        .map((card) => (
          <AdminCard key={card.id} id={card.id} title={card.title}>
            <NewAndEdit
              what={card.what}
              onNew={() => setEditing(card.editing(null))}
              items={card.choices}
              onEdit={(id) => setEditing(card.editing(id))}
            />
          </AdminCard>
        ))}
      {shown.has('introManagement') && (
        <AdminCard id="intro-management" title="Intro Management">
          <LinkList
            links={[
              ['New Intro Flight', '/intro/'],
              ['Refund Intro', '/intro/refund/'],
              ['Cancel Intro', '/intro/cancel/'],
            ]}
          />
        </AdminCard>
      )}
      {shown.has('exports') && (
        <AdminCard id="exports" title="Exports">
          <LinkList links={[['Club Data Exports', '/export/']]} />
        </AdminCard>
      )}
      <nav aria-label="More administration" className="mt-2">
        <LinkList
          links={[['Check in Tow Pilot', '/fuel/'], ...(isAdmin ? ([['Club Settings', '/admin/club']] as const) : [])]}
        />
      </nav>
      <EditorFor editing={editing} data={data} session={session} onClose={close} />
    </Page>
  );
}

function EditorFor({
  editing,
  data,
  session,
  onClose,
}: {
  editing: Editing | null;
  data: ServeAdmin;
  session: SessionInfo;
  onClose: () => void;
}) {
  if (!editing) return null;
  // A key per item, so opening another item starts its editor afresh.
  const key = `${editing.kind}:${editing.kind === 'pilot' ? editing.item.userID : (editing.item?.id ?? 'new')}`;
  switch (editing.kind) {
    case 'glider':
      return (
        <GliderEditor key={key} glider={editing.item} data={data} isAdmin={session.userIsAdmin} onClose={onClose} />
      );
    case 'tug':
      return <TugEditor key={key} tug={editing.item} data={data} onClose={onClose} />;
    case 'launch':
      return <LaunchEditor key={key} launch={editing.item} data={data} onClose={onClose} />;
    case 'introLaunch':
      return <IntroLaunchEditor key={key} introLaunch={editing.item} data={data} onClose={onClose} />;
    case 'block':
      return <BlockEditor key={key} block={editing.item} data={data} onClose={onClose} />;
    case 'pilot':
      return (
        <PilotEditor
          key={key}
          pilot={editing.item}
          data={data}
          isAdmin={session.userIsAdmin}
          clubTimeZone={session.clubTimeZone}
          onClose={onClose}
        />
      );
  }
}

function AdminCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card mb-3" aria-labelledby={`admin-${id}`}>
      <div className="card-body">
        <h2 id={`admin-${id}`} className="h5 card-title mb-3">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

interface NewAndEditProps {
  what: string;
  onNew: () => void;
  items: { value: string; label: string }[];
  onEdit: (value: string) => void;
}

function NewAndEdit({ what, onNew, items, onEdit }: NewAndEditProps) {
  return (
    <div className="row g-2">
      <div className="col-6">
        <Button variant="primary" className="w-100" onClick={onNew}>
          New
        </Button>
      </div>
      <div className="col-6">
        <ItemDropdown what={what} choices={items} onSelect={onEdit} />
      </div>
    </div>
  );
}

function LinkList({ links }: { links: readonly (readonly [string, string])[] }) {
  return (
    <div className="row row-cols-1 row-cols-sm-2 g-2">
      {links.map(([label, to]) => (
        <div key={to} className="col">
          <Link
            to={to}
            className="btn btn-outline-primary w-100 h-100 d-flex align-items-center justify-content-center"
          >
            {label}
          </Link>
        </div>
      ))}
    </div>
  );
}
