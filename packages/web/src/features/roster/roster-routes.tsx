import { Route, Switch } from 'wouter';
import { preloadable } from '../../lib/preloadable.tsx';
import { AvailabilityPage } from './availability-page.tsx';
import { RosterDayPage } from './day-page.tsx';
import { RosterPage } from './roster-page.tsx';
// The list groups, badges and cards the roster screens draw with (the member shell's Bootstrap leaves them out).
import '../../app/back-office.scss';
import './roster.css';

// The editor is back office (desk width, not precached: src/pwa/precache-files.ts): its own chunk.
const RosterEditorPage = preloadable(async () => (await import('./roster-editor-page.tsx')).RosterEditorPage);
// Settings → Notifications: push, the choices per kind and the calendar feed, all about duties and the line.
const NotificationsPage = preloadable(async () => (await import('./notifications-page.tsx')).NotificationsPage);

/**
 * `/roster` and its pages, behind one route of the app's router: one entry
 * there instead of five keeps the member home's bundle (which carries the
 * route table) within its budget.
 */
export function RosterRoutes() {
  return (
    <Switch>
      <Route path="/roster/day/:day" component={RosterDayPage} />
      <Route path="/roster/availability" component={AvailabilityPage} />
      <Route path="/roster/edit" component={RosterEditorPage} />
      <Route path="/roster/notifications" component={NotificationsPage} />
      <Route path="/roster" component={RosterPage} />
    </Switch>
  );
}
