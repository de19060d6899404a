import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { notifications } from '../lib/notifications-store.ts';
import { Notifications } from './notifications.tsx';

describe('the notification stacks', () => {
  it('draw an alert at the top and a toast at the bottom, each with its heading, and Close only where dismissible', () => {
    const alert = notifications.alert({ status: 'danger', heading: 'Could not save', message: 'Try again.' })!;
    const toast = notifications.toast({ status: 'success', heading: 'Saved', message: 'All good.', autohide: false })!;
    const html = renderToStaticMarkup(<Notifications />);
    notifications.remove(alert);
    notifications.remove(toast);
    expect(html).toContain(
      '<div class="alert alert-danger shadow-sm d-flex align-items-start gap-2" role="alert"><div class="flex-grow-1"><h4 class="alert-heading h6">Could not save</h4>Try again.</div></div>',
    );
    expect(html).toContain(
      '<div class="alert alert-success shadow d-flex align-items-start gap-2 mb-2 py-2" role="status"><div class="flex-grow-1"><strong class="d-block">Saved</strong>All good.</div><button type="button" class="btn-close" aria-label="Close"></button></div>',
    );
  });
});
