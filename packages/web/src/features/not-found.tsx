import { Link } from '../lib/router.tsx';
import { Page } from '../components/page-state.tsx';

export function NotFound() {
  return (
    <Page>
      <h1 className="h3">Sorry, page not found!</h1>
      <Link to="/">Go to the home page</Link>
    </Page>
  );
}
