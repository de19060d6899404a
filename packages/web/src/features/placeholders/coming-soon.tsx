import { Link } from '../../lib/router.tsx';
import { Page } from '../../components/page-state.tsx';

/** A screen of the spec that a later issue builds; says so plainly instead of showing nothing. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <Page title={title}>
      <div className="alert alert-info">This screen is not available yet in this version of Flightline.</div>
      <Link to="/" className="btn btn-outline-primary">
        Back to Home
      </Link>
    </Page>
  );
}
