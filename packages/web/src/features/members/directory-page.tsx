import { ComingSoon } from '../placeholders/coming-soon.tsx';

// TEMPORARY scaffold, replaced by the real screen in this issue.
export function DirectoryPage() {
  return <ComingSoon title="Emergency Contacts / Directory" />;
}
