import { useSyncExternalStore } from 'react';
import { notifications, type NotificationItem } from '../lib/notifications-store.ts';

/** How many times the same message came: one box for them all (lib/notifications-store.ts). */
function Repeats({ count }: { count: number }) {
  return (
    <span className="badge rounded-pill text-bg-secondary align-self-center">
      <span aria-hidden="true">×{count}</span>
      <span className="visually-hidden">Shown {count} times</span>
    </span>
  );
}

/**
 * An alert (top, role alert) or a toast (bottom, role status): the same box, a toast's a little tighter; a repeated
 * one counts.
 */
function Item({ item }: { item: NotificationItem }) {
  const alert = item.kind === 'alert';
  return (
    <div
      className={
        `alert alert-${item.status} ${alert ? 'shadow-sm' : 'shadow'} ` +
        `d-flex align-items-start gap-2${alert ? '' : ' mb-2 py-2'}`
      }
      role={alert ? 'alert' : 'status'}
    >
      <div className="flex-grow-1">
        {item.heading &&
          (alert ? (
            <h4 className="alert-heading h6">{item.heading}</h4>
          ) : (
            <strong className="d-block">{item.heading}</strong>
          ))}
        {item.message}
      </div>
      {item.count > 1 && <Repeats count={item.count} />}
      {item.dismissible && (
        <button type="button" className="btn-close" aria-label="Close" onClick={() => notifications.remove(item.id)} />
      )}
    </div>
  );
}

/** The stacked toasts (bottom) and alerts (top), rendered once in the shell. Plain markup: no transition library. */
export function Notifications() {
  const state = useSyncExternalStore(notifications.subscribe, notifications.getState, notifications.getState);
  return (
    <>
      <div className="notification-stack position-fixed top-0 start-50 translate-middle-x mt-2">
        {state.alerts.map((item) => (
          <Item key={item.id} item={item} />
        ))}
      </div>
      <div className="notification-stack position-fixed bottom-0 start-50 translate-middle-x mb-2" aria-live="polite">
        {state.toasts.map((item) => (
          <Item key={item.id} item={item} />
        ))}
      </div>
    </>
  );
}
