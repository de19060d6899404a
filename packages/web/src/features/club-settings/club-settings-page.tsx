import { ComingSoon } from '../placeholders/coming-soon.tsx';

// TEMPORARY scaffold, replaced by the real screen in this issue.
export function ClubSettingsPage() {
  return <ComingSoon title="Club Settings" />;
}
