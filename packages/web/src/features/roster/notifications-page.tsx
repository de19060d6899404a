import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NoticeChoices, NoticeKind } from '@flightline/domain/schemas/notifications';
import { Loading, LoadError, Page } from '../../components/page-state.tsx';
import { call, errorMessage } from '../../lib/api.ts';
import { notifications } from '../../lib/notifications-store.ts';
import { Link } from '../../lib/router.tsx';
import { useSession } from '../../lib/session.ts';
import '../../app/bootstrap/tables.scss';

// The schema's NOTICE_KINDS, spelled out: importing its value would load zod with this page.
const NOTICE_KINDS: readonly NoticeKind[] = ['roster', 'swaps', 'help', 'next'];

const KIND_LABELS: Record<NoticeKind, string> = {
  roster: 'Roster published or changed',
  swaps: 'Swaps',
  help: 'Help wanted',
  next: 'You are next on the line',
};

const settingsKey = (club: string) => ['notification-settings', club] as const;

/** The browser's push subscription of this app, if it can have one. */
async function currentSubscription(): Promise<PushSubscription | null> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

const keyBytes = (base64url: string) =>
  Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

/**
 * `/roster/notifications` (Settings → Notifications): push on this phone, which notices by which channel, and the
 * calendar link.
 */
export function NotificationsPage() {
  const s = useSession().data;
  if (!s?.club)
    return (
      <Page title="Notifications">
        <Loading />
      </Page>
    );
  return <Notifications club={s.club} />;
}

function Notifications({ club }: { club: string }) {
  const client = useQueryClient();
  const settings = useQuery({
    queryKey: settingsKey(club),
    queryFn: ({ signal }) => call('GET /api/get-notification-settings', { club }, signal),
  });
  const refresh = () => client.invalidateQueries({ queryKey: settingsKey(club) });
  const fail = (error: unknown) => notifications.toast({ status: 'danger', message: errorMessage(error) });
  const done = (answer: { message: string }) => notifications.toast({ status: 'success', message: answer.message });
  const choose = useMutation({
    mutationFn: (choices: NoticeChoices) => call('POST /api/update-notification-settings', { choices }),
    onSuccess: done,
    onError: fail,
    onSettled: refresh,
  });
  const rotate = useMutation({
    mutationFn: () => call('POST /api/rotate-calendar-feed', {}),
    onSuccess: done,
    onError: fail,
    onSettled: refresh,
  });
  if (settings.isPending)
    return (
      <Page title="Notifications">
        <Loading />
      </Page>
    );
  if (!settings.data)
    return (
      <Page title="Notifications">
        <LoadError error={settings.error} />
      </Page>
    );
  const { choices, pushKey, calendarUrl } = settings.data;
  const toggle = (kind: NoticeKind, channel: 'email' | 'push', on: boolean) =>
    choose.mutate({ ...choices, [kind]: { ...choices[kind], [channel]: on } });
  return (
    <Page title="Notifications">
      <p>
        <Link to="/settings">‹ Settings</Link>
      </p>
      <PushSwitch pushKey={pushKey} onChange={refresh} />
      <section className="mb-4" aria-labelledby="notice-kinds">
        <h2 id="notice-kinds" className="h5">
          What to tell me
        </h2>
        <table className="table align-middle">
          <thead>
            <tr>
              <th scope="col">Notice</th>
              <th scope="col" className="text-center">
                Email
              </th>
              <th scope="col" className="text-center">
                Push
              </th>
            </tr>
          </thead>
          <tbody>
            {NOTICE_KINDS.map((kind) => (
              <tr key={kind}>
                <th scope="row" className="fw-normal">
                  {KIND_LABELS[kind]}
                </th>
                {(['email', 'push'] as const).map((channel) => (
                  <td key={channel} className="text-center">
                    <input
                      type="checkbox"
                      className="form-check-input"
                      aria-label={`${KIND_LABELS[kind]} by ${channel}`}
                      checked={choices[kind][channel]}
                      disabled={choose.isPending}
                      onChange={(e) => toggle(kind, channel, e.target.checked)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-labelledby="calendar-feed">
        <h2 id="calendar-feed" className="h5">
          Calendar
        </h2>
        <p className="text-body-secondary">
          Your published duties in your phone's calendar: subscribe to this address. Anyone with it can read your
          duties; a new address ends the old one.
        </p>
        {calendarUrl && (
          <div className="input-group mb-2">
            <input
              className="form-control"
              readOnly
              value={calendarUrl}
              aria-label="Calendar address"
              onFocus={(e) => e.target.select()}
            />
            <button
              type="button"
              className="btn btn-outline-primary"
              onClick={() =>
                navigator.clipboard.writeText(calendarUrl).then(
                  () => notifications.toast({ status: 'success', message: 'Calendar address copied' }),
                  () =>
                    notifications.toast({
                      status: 'warning',
                      message: 'Could not copy: select the address and copy it',
                    }),
                )
              }
            >
              Copy
            </button>
          </div>
        )}
        <button
          type="button"
          className="btn btn-outline-secondary"
          disabled={rotate.isPending}
          onClick={() => rotate.mutate()}
        >
          {calendarUrl ? 'New address' : 'Make calendar address'}
        </button>
      </section>
    </Page>
  );
}

/**
 * Push notifications on this phone: the browser's PushManager subscribes with the server's key, and the
 * subscription is sent to the server.
 */
function PushSwitch({ pushKey, onChange }: { pushKey: string; onChange: () => void }) {
  const supported =
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window;
  const [subscription, setSubscription] = useState<PushSubscription | null | undefined>(undefined);
  useEffect(() => {
    void currentSubscription().then(setSubscription, () => setSubscription(null));
  }, []);
  const toggle = useMutation({
    mutationFn: async (on: boolean) => {
      if (!on) {
        const current = await currentSubscription();
        if (current) {
          await call('POST /api/unsubscribe-push', { endpoint: current.endpoint });
          await current.unsubscribe();
        }
        return null;
      }
      if ((await Notification.requestPermission()) !== 'granted')
        throw new Error('Notifications are blocked for this site: allow them in the browser settings');
      const registration = await navigator.serviceWorker.ready;
      const made = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(pushKey),
      });
      const json = made.toJSON();
      await call('POST /api/subscribe-push', {
        endpoint: made.endpoint,
        expirationTime: null,
        keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
      });
      return made;
    },
    onSuccess: (made) => {
      setSubscription(made);
      notifications.toast({
        status: 'success',
        message: made ? 'Notifications are on for this device' : 'Notifications are off for this device',
      });
    },
    onError: (error) => notifications.toast({ status: 'danger', message: errorMessage(error) }),
    onSettled: onChange,
  });
  return (
    <section className="mb-4" aria-labelledby="push-switch">
      <h2 id="push-switch" className="h5">
        On this device
      </h2>
      {!supported ? (
        <p className="text-body-secondary">
          This browser cannot show push notifications. Install the app to the home screen, or use email.
        </p>
      ) : (
        <div className="form-check form-switch">
          <input
            id="push-on"
            className="form-check-input"
            type="checkbox"
            role="switch"
            checked={Boolean(subscription)}
            disabled={subscription === undefined || toggle.isPending}
            onChange={(e) => toggle.mutate(e.target.checked)}
          />
          <label htmlFor="push-on" className="form-check-label">
            Push notifications
          </label>
        </div>
      )}
    </section>
  );
}
