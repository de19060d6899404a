import { ComingSoon } from '../placeholders/coming-soon.tsx';

// TEMPORARY scaffold, replaced by the real screen in this issue.
export function ProfilePage() {
  return <ComingSoon title="Profile" />;
}
