import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { dayText } from '@flightline/domain/roster/roster-days';
import { DEFAULT_NOTICE_CHOICES } from '@flightline/domain/schemas/notifications';
import { tellNextPilot } from '../src/modules/notifications/next-flight.ts';
import { refusal } from './helpers/api.ts';
import { openTwoClubs, type TwoClubsAndPeople } from './helpers/clubs.ts';
import { checkInTowPilot, flightBody } from './helpers/flights.ts';
import { startPushService, verifyVapid, type PushService, type TestSubscriber } from './helpers/push-service.ts';

/** 12:00 on Saturday 2025-07-12 in Toronto. */
const NOW = Date.parse('2025-07-12T16:00:00Z');
const TODAY = '2025-07-12';
const DAY = '2025-07-19';
const DAY2 = '2025-07-20';

interface Settings {
  choices: typeof DEFAULT_NOTICE_CHOICES;
  pushKey: string;
  pushDevices: number;
  calendarUrl: string | null;
}

describe('Telling members (issue 29 item 5): email, Web Push, the calendar feed, you are next', () => {
  let c = {} as TwoClubsAndPeople;
  let push = {} as PushService;
  const browsers = {} as Record<'tom' | 'mary' | 'tia', TestSubscriber>;
  const roles = { instructor: '', towPilot: '' };
  const get = async (url: string, who: string) => c.api.get(url, c.cookies[who]);
  const post = async (url: string, body: unknown, who: string) => c.api.post(url, body, c.cookies[who]);
  const settingsOf = async (who: string) => (await get('/api/get-notification-settings', who)).json<Settings>();
  /** The messages received since `since`, each checked (VAPID) and decrypted with its browser's own keys. */
  const pushesSince = async (since: number) => {
    const key = (await settingsOf('ada')).pushKey;
    return push.received.slice(since).map((message) => {
      verifyVapid(message.headers, key, push.origin, Date.now());
      expect(message.headers['content-encoding']).toBe('aes128gcm');
      const browser = Object.values(browsers).find((b) => b.name === message.name)!;
      return { to: message.name, ...(push.decrypt(message, browser) as object) };
    });
  };
  const mailsTo = (since: number) => c.t.mail.messages.slice(since).map((m) => m.to.join(','));
  const setDuty = async (day: string, roleId: string, who: string) =>
    expect((await post('/api/set-duty', { day, roleId, userID: c.ids[who] }, 'ada')).statusCode).toBe(200);

  beforeAll(async () => {
    push = await startPushService();
    c = await openTwoClubs(
      { now: NOW, pushAllowHttpLoopback: true },
      {
        fleet: true,
        people: ({ alpha, bravo }: { alpha: string; bravo: string }) => ({
          ada: { club: alpha, first: 'Ada', last: 'Admin', flags: { is_admin: true } },
          tom: { club: alpha, first: 'Tom', last: 'Towpilot', flags: { is_tow_pilot: true } },
          tia: { club: alpha, first: 'Tia', last: 'Towpilot', flags: { is_tow_pilot: true } },
          mary: { club: alpha, first: 'Mary', last: 'Member' },
          pat: { club: alpha, first: 'Pat', last: 'Pilot' },
          bo: { club: bravo, first: 'Bo', last: 'Bravo', flags: { is_admin: true } },
        }),
      },
    );
    for (const name of ['tom', 'mary', 'tia'] as const) browsers[name] = push.subscriber(name);
    const answer = (await get('/api/get-duty-roles', 'ada')).json<{ roles: { roleId: string; kind: string }[] }>();
    roles.instructor = answer.roles.find((r) => r.kind === 'instructor')!.roleId;
    roles.towPilot = answer.roles.find((r) => r.kind === 'towPilot')!.roleId;
  });
  afterAll(async () => {
    await c.t?.close();
    await push?.close();
  });

  it(
    'a member starts with the defaults, the installation’s VAPID ' + 'key and no feed; the key is made once and kept',
    async () => {
      const settings = await settingsOf('mary');
      expect(settings).toEqual({
        choices: DEFAULT_NOTICE_CHOICES,
        pushKey: expect.stringMatching(/^[\w-]{87}$/),
        pushDevices: 0,
        calendarUrl: null,
      });
      expect(Buffer.from(settings.pushKey, 'base64url')).toHaveLength(65);
      expect((await settingsOf('bo')).pushKey).toBe(settings.pushKey);
      const kept = await c.t.db.selectFrom('app_setting').select('value').where('key', '=', 'vapid_keys').execute();
      expect(kept.map((row) => (JSON.parse(row.value) as { publicKey: string }).publicKey)).toEqual([settings.pushKey]);
    },
  );

  it(
    'a browser subscribes (sent again: one row) and unsubscribes; ' +
      'an endpoint that is not a push service is refused',
    async () => {
      for (const name of ['tom', 'mary', 'tia'] as const) {
        const answer = await post('/api/subscribe-push', browsers[name].subscription, name);
        expect(answer.json()).toEqual({
          statusCode: 200,
          message: 'Notifications are on for this device',
          pushDevices: 1,
        });
      }
      expect((await post('/api/subscribe-push', browsers.mary.subscription, 'mary')).json()).toMatchObject({
        pushDevices: 1,
      });
      const local = { ...browsers.mary.subscription, endpoint: 'http://10.0.0.5/push/x' };
      expect((await post('/api/subscribe-push', local, 'mary')).json()).toEqual(
        refusal(400, "That subscription's endpoint is not a push service (an https address)"),
      );
      const other = push.subscriber('pat');
      await post('/api/subscribe-push', other.subscription, 'pat');
      expect((await post('/api/unsubscribe-push', { endpoint: other.subscription.endpoint }, 'pat')).json()).toEqual({
        statusCode: 200,
        message: 'Notifications are off for this device',
        pushDevices: 0,
      });
    },
  );

  it('publishing tells each changed person by email and push, as each chose: Mary turned roster mail off', async () => {
    const choices = { ...DEFAULT_NOTICE_CHOICES, roster: { email: false, push: true } };
    expect((await post('/api/update-notification-settings', { choices }, 'mary')).json()).toEqual({
      statusCode: 200,
      message: 'Notification choices saved',
      choices,
    });
    expect((await settingsOf('mary')).choices).toEqual(choices);
    await setDuty(DAY, roles.towPilot, 'tom');
    await post(
      '/api/set-duty-eligibility',
      { userID: c.ids.mary, roleId: await dutyPilotRole(), eligible: true },
      'ada',
    );
    await setDuty(DAY, await dutyPilotRole(), 'mary');
    const [mails, pushes] = [c.t.mail.messages.length, push.received.length];
    const published = await post('/api/publish-roster', { start: DAY, end: DAY }, 'ada');
    expect(published.json()).toEqual({
      statusCode: 200,
      message: 'Published 2 duties; 2 people told',
      published: 2,
      told: 2,
    });
    expect(mailsTo(mails)).toEqual([c.people.tom!.email.toLowerCase()]);
    await push.waitFor(pushes + 2);
    const received = await pushesSince(pushes);
    expect(received.sort((a, b) => a.to.localeCompare(b.to))).toEqual([
      {
        to: 'mary',
        title: 'Alpha Soaring: your duties',
        body: `${dayText(DAY)}: Duty pilot`,
        url: '/roster',
        tag: 'roster',
      },
      {
        to: 'tom',
        title: 'Alpha Soaring: your duties',
        body: `${dayText(DAY)}: Tow pilot`,
        url: '/roster',
        tag: 'roster',
      },
    ]);
  });

  it('a swap taken tells both; a 410 Gone from the push service removes that subscription', async () => {
    const roster = (await get(`/api/get-roster?start=${DAY}&end=${DAY}`, 'tom')).json<{
      duties: { dutyId: string; roleId: string; person: { userID: string } | null }[];
    }>();
    const duty = roster.duties.find((d) => d.roleId === roles.towPilot)!;
    const swapId = crypto.randomUUID();
    expect((await post('/api/offer-swap', { swapId, dutyId: duty.dutyId }, 'tom')).statusCode).toBe(200);
    push.gone('tom');
    const pushes = push.received.length;
    expect((await post('/api/accept-swap', { swapId }, 'tia')).statusCode).toBe(200);
    await push.waitFor(pushes + 1);
    expect(await pushesSince(pushes)).toEqual([
      {
        to: 'tia',
        title: `You are on duty on ${dayText(DAY)}`,
        body: 'Tow pilot, from Tom Towpilot',
        url: `/roster/day/${DAY}`,
        tag: `swap-${swapId}`,
      },
    ]);
    expect((await settingsOf('tom')).pushDevices).toBe(0);
    expect((await settingsOf('tia')).pushDevices).toBe(1);
  });

  it(
    'the calendar feed: made and rotated from Settings, the member’s published ' +
      'duties read back with ical.js, stable UIDs, the old address 404',
    async () => {
      await setDuty(DAY2, roles.towPilot, 'tia');
      await post('/api/publish-roster', { start: DAY2, end: DAY2 }, 'ada');
      const made = (await post('/api/rotate-calendar-feed', {}, 'tia')).json<{
        message: string;
        calendarUrl: string;
      }>();
      expect(made).toEqual({
        statusCode: 200,
        message: 'Calendar address made: add it to your calendar app',
        calendarUrl: expect.stringMatching(/^http:\/\/localhost:3000\/api\/calendar\/[\w-]{32}\.ics$/),
      });
      expect((await settingsOf('tia')).calendarUrl).toBe(made.calendarUrl);
      const fetchFeed = async (url: string) => c.t.app.inject({ method: 'GET', url: new URL(url).pathname });
      const first = await fetchFeed(made.calendarUrl);
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('text/calendar; charset=utf-8');
      const events = (text: string) =>
        new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((v) => {
          const event = new ICAL.Event(v);
          return {
            uid: event.uid,
            summary: event.summary,
            start: event.startDate.toString(),
            allDay: event.startDate.isDate,
            end: event.endDate.toString(),
            stamp: v.getFirstPropertyValue('dtstamp')?.toString(),
          };
        });
      const read = events(first.body);
      expect(read.map(({ uid: _uid, stamp: _stamp, ...rest }) => rest)).toEqual([
        { summary: 'Tow pilot — Alpha Soaring', start: DAY, allDay: true, end: DAY2 },
        { summary: 'Tow pilot — Alpha Soaring', start: DAY2, allDay: true, end: '2025-07-21' },
      ]);
      expect(read.every((e) => /Z$/.test(e.stamp ?? ''))).toBe(true);
      expect(events((await fetchFeed(made.calendarUrl)).body).map((e) => e.uid)).toEqual(read.map((e) => e.uid));
      expect(read.map((e) => e.uid)).toEqual([
        expect.stringMatching(/@flightline$/),
        expect.stringMatching(/@flightline$/),
      ]);
      const rotated = (await post('/api/rotate-calendar-feed', {}, 'tia')).json<{
        message: string;
        calendarUrl: string;
      }>();
      expect(rotated.message).toBe('New calendar address: the old one no longer works');
      expect((await fetchFeed(made.calendarUrl)).statusCode).toBe(404);
      expect(events((await fetchFeed(rotated.calendarUrl)).body).map((e) => e.uid)).toEqual(read.map((e) => e.uid));
      expect((await c.t.app.inject({ method: 'GET', url: '/api/calendar/not-a-token.ics' })).statusCode).toBe(404);
    },
  );

  it(
    '“You are next — DG-1000”: told once to the pilot whose flight ' +
      'becomes next, whatever retries or second processes do',
    async () => {
      await checkInTowPilot(c.t.db, c.alpha, 'C-GTOW', c.ids.tom!, NOW - 3600_000);
      const pats = flightBody(c.ids.pat!);
      const marys = flightBody(c.ids.mary!, { glider: 'DG-1000' });
      const pushes = push.received.length;
      c.t.clock.set(NOW - 120_000);
      expect((await post('/api/update-item/', pats, 'pat')).statusCode).toBe(200);
      c.t.clock.set(NOW - 60_000);
      expect((await post('/api/update-item/', marys, 'mary')).statusCode).toBe(200);
      c.t.clock.set(NOW);
      const launch = { id: pats.id, action: 'Launch', tug: 'C-GTOW', idempotencyKey: crypto.randomUUID() };
      expect((await post('/api/update-flight/', launch, 'ada')).statusCode).toBe(200);
      await push.waitFor(pushes + 1);
      expect(await pushesSince(pushes)).toEqual([
        {
          to: 'mary',
          title: 'You are next — DG-1000',
          body: 'Your flight in DG-1000 is next in Awaiting Launches at Alpha Soaring.',
          url: '/awaiting/',
          tag: `next-${marys.id}`,
        },
      ]);
      // The launch sent again, and a second process hearing the same notice: nobody is told twice.
      expect((await post('/api/update-flight/', launch, 'ada')).statusCode).toBe(200);
      const deps = { db: c.t.db, mailer: { send: async () => {} }, publicUrl: 'http://localhost:3000', log: () => {} };
      expect(
        await tellNextPilot(deps, { club: c.alpha, change: 'launched', flightId: pats.id, day: TODAY }, NOW),
      ).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(push.received.length).toBe(pushes + 1);
      // Pat's flight was next the moment Pat asked for it: recorded, and Pat not told.
      const decided = await c.t.db
        .selectFrom('flight_next_notice')
        .select(['flight_id', 'user_id'])
        .orderBy('decided_at')
        .execute();
      expect(decided).toEqual([
        { flight_id: pats.id, user_id: c.ids.pat },
        { flight_id: marys.id, user_id: c.ids.mary },
      ]);
    },
  );

  async function dutyPilotRole(): Promise<string> {
    const answer = (await get('/api/get-duty-roles', 'ada')).json<{ roles: { roleId: string; kind: string }[] }>();
    return answer.roles.find((r) => r.kind === 'dutyPilot')!.roleId;
  }
});
