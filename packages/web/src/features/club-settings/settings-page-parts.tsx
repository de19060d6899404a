import { Link } from '../../lib/router.tsx';
import type { FormErrors, SettingsForm } from './settings-form.ts';

/** Small pieces the club settings page and its sections share. */

export const TITLE = 'Club Settings';
export const REMOVE_WIDTH = '5.25rem';

/** Changes the form and clears the errors under the given keys. */
export type UpdateSettings = (change: Partial<SettingsForm>, ...cleared: string[]) => void;

export function BackLink() {
  return (
    <Link to="/admin/" className="btn btn-outline-secondary d-flex align-items-center justify-content-center">
      Back to Admin
    </Link>
  );
}

/** What the editable lists (tax rates, payment methods) get from the editor. */
export interface ListProps {
  form: SettingsForm;
  errors: FormErrors;
  addedRow: string | null;
  update: UpdateSettings;
  onAdd: (rowKey: string) => void;
}
