import { Page } from './page-state.tsx';

/** What a member without the admin flag sees on the accounting screens. */
export function NotAuthorized({ title }: { title: string }) {
  return (
    <Page title={title}>
      <div className="alert alert-danger" role="alert">
        User is not authorized (603)
      </div>
    </Page>
  );
}
