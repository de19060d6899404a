import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { notifications } from '../lib/notifications-store.ts';
import { Notifications } from './notifications.tsx';

describe('the notification stacks', () => {
  it(
    'draw an alert at the top and a toast at the bottom, each with ' + 'its heading, and Close only where dismissible',
    () => {
      const alert = notifications.alert({ status: 'danger', heading: 'Could not save', message: 'Try again.' })!;
      const toast = notifications.toast({
        status: 'success',
        heading: 'Saved',
        message: 'All good.',
        autohide: false,
      })!;
      const html = renderToStaticMarkup(<Notifications />);
      notifications.remove(alert);
      notifications.remove(toast);
      expect(html).toContain(
        '<div class="alert alert-danger shadow-sm d-flex align-items-start gap-2" role="alert"><div ' +
          'class="flex-grow-1"><h4 class="alert-heading h6">Could not save</h4>Try again.</div></div>',
      );
      expect(html).toContain(
        '<div class="alert alert-success shadow d-flex align-items-start gap-2 mb-2 py-2" role="status"><div ' +
          'class="flex-grow-1"><strong class="d-block">Saved</strong>All good.</div><button type="button" ' +
          'class="btn-close" aria-label="Close"></button></div>',
      );
    },
  );

  it('draw a message given five times once, with its count for the eye and for a screen reader', () => {
    const ids = [1, 2, 3, 4, 5].map(() =>
      notifications.alert({
        status: 'danger',
        heading: 'Could not reverse transaction #41',
        message: 'Post it again instead.',
      })!,
    );
    const html = renderToStaticMarkup(<Notifications />);
    for (const id of ids) notifications.remove(id);
    expect(html.match(/role="alert"/g)).toHaveLength(1);
    expect(html).toContain(
      '<div class="alert alert-danger shadow-sm d-flex align-items-start gap-2" role="alert"><div ' +
        'class="flex-grow-1"><h4 class="alert-heading h6">Could not reverse transaction #41</h4>Post it again ' +
        'instead.</div><span class="badge rounded-pill text-bg-secondary align-self-center"><span ' +
        'aria-hidden="true">×5</span><span class="visually-hidden">Shown 5 times</span></span></div>',
    );
  });
});
