import { Link } from '../../lib/router.tsx';
import { Page } from '../../components/page-state.tsx';

export const DEMO_EMAIL = 'hello@flightline.app';

/** The landing page's title and tagline. */
function LandingTitle() {
  return (
    <>
      <h1 className="display-6">Flightline</h1>
      <p className="lead">The flight line management tool for gliding clubs.</p>
    </>
  );
}

/** Awaiting Launches for a visitor (logged out, the landing title and tagline). */
export function LandingTitlePage() {
  return (
    <Page>
      <LandingTitle />
    </Page>
  );
}

/** The signed-out front page. */
export function Landing() {
  return (
    <Page>
      <LandingTitle />
      <p>
        Members queue for launches from their phones, the line crew records launches and landings, tow pilots log their
        tug, and the treasurer gets a real ledger with member accounts, intro flight vouchers, block time and sales tax.
      </p>
      <p>
        Would your club like a demo or a trial? Email us at <a href={`mailto:${DEMO_EMAIL}`}>{DEMO_EMAIL}</a>.
      </p>
      <div className="d-grid gap-2 d-sm-flex my-4">
        <Link to="/signup" className="btn btn-primary btn-lg">
          Sign Up
        </Link>
        <Link to="/login" className="btn btn-outline-primary btn-lg">
          Log In
        </Link>
      </div>
      <p className="small text-body-secondary">
        With thanks to the team behind a related soaring-tasks product, whose work inspired this one.
      </p>
    </Page>
  );
}
