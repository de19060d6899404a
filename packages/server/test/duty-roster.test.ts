import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { dayText } from '@flightline/domain/roster/roster-days';
import { createMailer } from '../src/mail/mailer.ts';
import { flagUntakenSwaps } from '../src/modules/roster/swap-service.ts';
import { NOT_YOUR_CLUB, refusal } from './helpers/api.ts';
import { openTwoClubs, type TwoClubsAndPeople } from './helpers/clubs.ts';
import { insertItems } from './helpers/clubs.ts';

/** 12:00 on Saturday 2025-07-12 in Toronto. */
const NOW = Date.parse('2025-07-12T16:00:00Z');
const START = '2025-07-19';
const END = '2025-08-03';
/** The weekend days of the range: the club's default flying days. */
const WEEKENDS = ['2025-07-19', '2025-07-20', '2025-07-26', '2025-07-27', '2025-08-02', '2025-08-03'];
const SUBJECT = `Alpha Soaring: your duties from ${dayText(START)} to ${dayText(END)}`;

interface Duty {
  dutyId: string;
  day: string;
  roleId: string;
  role: string;
  extra: boolean;
  person: { userID: string; first: string; last: string } | null;
  draft: { userID: string; first: string; last: string } | null;
  published: boolean;
  changed: boolean;
  swap: { swapId: string } | null;
}

describe('Who is on duty (issue 29): roles, availability, the roster, swaps, planned flying', () => {
  let c = {} as TwoClubsAndPeople;
  const roles: Record<'instructor' | 'towPilot' | 'dutyPilot', string> = {
    instructor: '',
    towPilot: '',
    dutyPilot: '',
  };
  const get = async (url: string, who: string) => c.api.get(url, c.cookies[who]);
  const post = async (url: string, body: unknown, who: string) => c.api.post(url, body, c.cookies[who]);
  const roster = async (who: string, start = START, end = END) =>
    (await get(`/api/get-roster?start=${start}&end=${end}`, who)).json<{ duties: Duty[] }>().duties;

  /** The decoded mails sent since `since`: to, subject, body. */
  const mailsSince = (since: number) =>
    c.t.mail.messages.slice(since).map((mail) => {
      const [headers = '', ...rest] = mail.raw.split(/\r?\n\r?\n/);
      const text = rest.join('\n\n');
      const body = /quoted-printable/i.test(headers)
        ? text
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
        : text;
      const subject = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(headers)?.[1]?.replace(/\r?\n[ \t]/g, ' ') ?? '';
      return { to: mail.to.join(','), subject, body: body.replace(/\r\n/g, '\n').trim() };
    });
  const emailOf = (who: string) => c.people[who]!.email.toLowerCase();

  beforeAll(async () => {
    c = await openTwoClubs(
      { now: NOW },
      {
        people: ({ alpha, bravo }) => ({
          ada: { club: alpha, first: 'Ada', last: 'Admin', flags: { is_admin: true } },
          irene: { club: alpha, first: 'Irene', last: 'Instructor', flags: { is_instructor: true } },
          ian: { club: alpha, first: 'Ian', last: 'Instructor', flags: { is_instructor: true } },
          tom: { club: alpha, first: 'Tom', last: 'Towpilot', flags: { is_tow_pilot: true } },
          tia: { club: alpha, first: 'Tia', last: 'Towpilot', flags: { is_tow_pilot: true } },
          dan: { club: alpha, first: 'Dan', last: 'Duty' },
          dora: { club: alpha, first: 'Dora', last: 'Duty' },
          rita: { club: alpha, first: 'Rita', last: 'Roster', flags: { can_edit_roster: true } },
          mary: { club: alpha, first: 'Mary', last: 'Member' },
          pat: { club: alpha, first: 'Pat', last: 'Pilot' },
          lee: { club: alpha, first: 'Lee', last: 'Lift' },
          sam: { club: alpha, first: 'Sam', last: 'Student' },
          bo: { club: bravo, first: 'Bo', last: 'Bravo', flags: { is_admin: true, is_instructor: true } },
        }),
      },
    );
    await insertItems(c.t.db, { glider: [{ club_id: c.alpha, id: 'C-GDSA', places: 2, status: 'Ready' }] });
  });
  afterAll(() => c.t?.close());

  it(
    'every club has Instructor, Tow pilot and Duty pilot; an admin adds ' +
      'roles, unique whatever their case; others are refused',
    async () => {
      const answer = (await get('/api/get-duty-roles', 'mary')).json<{
        roles: { roleId: string; name: string; kind: string; active: boolean }[];
      }>();
      expect(answer.roles.map((r) => [r.name, r.kind, r.active])).toEqual([
        ['Instructor', 'instructor', true],
        ['Tow pilot', 'towPilot', true],
        ['Duty pilot', 'dutyPilot', true],
      ]);
      for (const role of answer.roles) roles[role.kind as keyof typeof roles] = role.roleId;
      const bravoRoles = (await get('/api/get-duty-roles', 'bo')).json<{ roles: { roleId: string }[] }>().roles;
      expect(bravoRoles).toHaveLength(3);
      expect(bravoRoles.map((r) => r.roleId)).not.toContain(roles.instructor);

      const winch = randomUUID();
      const made = await post('/api/save-duty-role', { roleId: winch, name: ' Winch driver ' }, 'ada');
      expect(made.json()).toEqual({
        statusCode: 200,
        message: 'Duty role Winch driver saved',
        role: { roleId: winch, name: 'Winch driver', kind: 'custom', active: true },
      });
      // Sent again (a retry), the same answer and still one role.
      expect((await post('/api/save-duty-role', { roleId: winch, name: 'Winch driver' }, 'ada')).json()).toEqual(
        made.json(),
      );
      expect((await post('/api/save-duty-role', { roleId: randomUUID(), name: 'WINCH DRIVER' }, 'ada')).json()).toEqual(
        refusal(409, 'The club already has a duty role named Winch driver'),
      );
      expect((await post('/api/save-duty-role', { roleId: roles.towPilot, name: 'Tuggie' }, 'ada')).json()).toEqual(
        refusal(409, 'Tow pilot is one of the roles every club has: its name stays'),
      );
      expect((await post('/api/save-duty-role', { roleId: randomUUID(), name: 'x'.repeat(41) }, 'ada')).json()).toEqual(
        refusal(400, 'Invalid body: name: A role name is at most 40 characters'),
      );
      expect((await post('/api/save-duty-role', { roleId: randomUUID(), name: 'Cook' }, 'rita')).json()).toEqual(
        refusal(403, 'Only an admin can change the duty roles'),
      );
      // Bravo never sees Alpha's role; inactive, it is drafted for nobody.
      expect(
        (await get('/api/get-duty-roles', 'bo')).json<{ roles: { name: string }[] }>().roles.map((r) => r.name),
      ).not.toContain('Winch driver');
      expect(
        (await post('/api/save-duty-role', { roleId: winch, name: 'Winch driver', active: false }, 'ada')).json(),
      ).toMatchObject({ role: { active: false } });
    },
  );

  it(
    'who may take a role: instructor and tow pilot by the flag (an admin ' +
      'may leave one out), duty pilot by the admin’s choice',
    async () => {
      const set = (userID: string, roleId: string, eligible: boolean, who = 'ada') =>
        post('/api/set-duty-eligibility', { userID, roleId, eligible }, who);
      expect((await set(c.ids.dan!, roles.dutyPilot, true)).json()).toEqual({
        statusCode: 200,
        message: 'Dan Duty may take Duty pilot',
        userID: c.ids.dan,
        roleIds: [roles.dutyPilot],
      });
      await set(c.ids.dora!, roles.dutyPilot, true);
      expect((await set(c.ids.mary!, roles.instructor, true)).json()).toEqual(
        refusal(409, 'Mary Member is not an instructor: set Instructor in Administration first'),
      );
      expect((await set(c.ids.mary!, roles.dutyPilot, true, 'rita')).json()).toEqual(
        refusal(403, 'Only an admin can choose who may take a duty role'),
      );
      // Left out and taken back.
      expect((await set(c.ids.irene!, roles.instructor, false)).json()).toMatchObject({
        message: 'Irene Instructor will not be put on Instructor',
        roleIds: [],
      });
      expect((await set(c.ids.irene!, roles.instructor, true)).json()).toMatchObject({ roleIds: [roles.instructor] });
      const people = (await get('/api/get-duty-roles', 'mary')).json<{
        people: { first: string; roleIds: string[] }[];
      }>().people;
      expect(Object.fromEntries(people.filter((p) => p.roleIds.length).map((p) => [p.first, p.roleIds]))).toEqual({
        Dan: [roles.dutyPilot],
        Dora: [roles.dutyPilot],
        Ian: [roles.instructor],
        Irene: [roles.instructor],
        Tia: [roles.towPilot],
        Tom: [roles.towPilot],
      });
    },
  );

  it(
    'availability: members mark their own days and monthly limit; ' +
      'an admin sets anyone’s; bad input changes nothing',
    async () => {
      const mine = await post('/api/set-blackouts', { add: ['2025-07-19', '2025-07-19'] }, 'ian');
      expect(mine.json()).toEqual({
        statusCode: 200,
        message: 'Blackout days saved: 1 day marked',
        availability: { userID: c.ids.ian, maxPerMonth: null, blackouts: ['2025-07-19'] },
      });
      expect((await post('/api/set-blackouts', { add: ['2025-07-11'] }, 'ian')).json()).toEqual(
        refusal(400, 'Blackout days are from today (2025-07-12) on: 2025-07-11 is before today'),
      );
      expect((await post('/api/set-duty-limit', { maxPerMonth: 32 }, 'tom')).json()).toEqual(
        refusal(400, 'Invalid body: maxPerMonth: Enter 0 to 31 duties a month'),
      );
      expect((await post('/api/set-duty-limit', { userID: c.ids.tom, maxPerMonth: 1 }, 'mary')).json()).toEqual(
        refusal(403, "Only an admin can change another member's availability"),
      );
      expect((await post('/api/set-duty-limit', { userID: c.ids.tom, maxPerMonth: 1 }, 'ada')).json()).toMatchObject({
        message: 'At most 1 duty a month',
      });
      expect((await get(`/api/get-duty-availability?userID=${c.ids.tom}`, 'rita')).json()).toEqual({
        userID: c.ids.tom,
        maxPerMonth: 1,
        blackouts: [],
      });
      expect((await get(`/api/get-duty-availability?userID=${c.ids.tom}`, 'mary')).json()).toEqual(
        refusal(403, "Only an admin or a member with Can Edit Roster can see another member's availability"),
      );
      expect((await get(`/api/get-duty-availability?userID=${c.ids.tom}`, 'bo')).json()).toEqual(
        refusal(404, 'No such member at this club'),
      );
    },
  );

  it(
    'generate: a draft of the flying days by the rules; members see ' +
      'nothing until it is published; only editors may',
    async () => {
      expect((await post('/api/generate-roster', { start: START, end: END }, 'mary')).json()).toEqual(
        refusal(403, 'Only an admin or a member with Can Edit Roster can change the roster'),
      );
      expect((await post('/api/generate-roster', { start: START, end: '2025-10-20' }, 'rita')).json()).toEqual(
        refusal(400, 'Invalid body: end: A roster range is at most 92 days'),
      );
      expect((await post('/api/generate-roster', { start: '2025-07-11', end: END }, 'rita')).json()).toEqual(
        refusal(400, 'A roster is drafted from today (2025-07-12) on: 2025-07-11 is before today'),
      );
      const made = await post('/api/generate-roster', { start: START, end: END }, 'rita');
      expect(made.json()).toEqual({
        statusCode: 200,
        message: 'Drafted 18 duties on 6 days. Publish to tell members.',
        days: WEEKENDS,
        keptDays: [],
        drafted: 18,
        uncovered: 0,
      });
      expect(await roster('mary')).toEqual([]);
      const draft = await roster('rita');
      expect(draft.map((d) => [d.day, d.role])).toEqual(
        WEEKENDS.flatMap((day) => [
          [day, 'Instructor'],
          [day, 'Tow pilot'],
          [day, 'Duty pilot'],
        ]),
      );
      expect(draft.every((d) => d.draft !== null && !d.published && d.person === null && d.changed)).toBe(true);
      // Ian blacked out the 19th; Tom takes at most one a month.
      expect(draft.find((d) => d.day === '2025-07-19' && d.role === 'Instructor')!.draft!.first).toBe('Irene');
      const toms = draft.filter((d) => d.draft!.first === 'Tom').map((d) => d.day.slice(0, 7));
      expect(toms).toEqual(['2025-07', '2025-08']);
      // Nobody twice on a day.
      for (const day of WEEKENDS)
        expect(new Set(draft.filter((d) => d.day === day).map((d) => d.draft!.userID)).size).toBe(3);
    },
  );

  it(
    'set-duty: refuses, naming them, someone who may not take the ' +
      'role, is blacked out or already on duty that day',
    async () => {
      const day = '2025-07-19';
      const draft = await roster('rita');
      const onDuty = draft.find((d) => d.day === day && d.role === 'Tow pilot')!.draft!;
      const set = (roleId: string, userID: string | null, who = 'rita') =>
        post('/api/set-duty', { day, roleId, userID }, who);
      expect((await set(roles.instructor, c.ids.mary!)).json()).toEqual(
        refusal(
          409,
          'Mary Member may not take Instructor: an admin sets Instructor in ' +
            'Administration, and may leave a member out of the role',
        ),
      );
      expect((await set(roles.instructor, c.ids.ian!)).json()).toEqual(
        refusal(409, `Ian Instructor can't do ${dayText(day)}: it is one of their blackout days`),
      );
      await post(
        '/api/set-duty-eligibility',
        { userID: onDuty.userID, roleId: roles.dutyPilot, eligible: true },
        'ada',
      );
      expect((await set(roles.dutyPilot, onDuty.userID)).json()).toEqual(
        refusal(409, `${onDuty.first} ${onDuty.last} is already on duty on ${dayText(day)} as Tow pilot`),
      );
      expect((await set(roles.instructor, c.ids.irene!, 'mary')).json()).toEqual(
        refusal(403, 'Only an admin or a member with Can Edit Roster can change the roster'),
      );
      expect((await roster('rita')).map((d) => d.draft?.userID)).toEqual(draft.map((d) => d.draft?.userID));
    },
  );

  it(
    'publish: members see it, and each person on it gets one ' + 'mail listing their duties; again, nobody is told',
    async () => {
      const since = c.t.mail.messages.length;
      const published = await post('/api/publish-roster', { start: START, end: END }, 'rita');
      const draft = await roster('rita');
      const people = [...new Set(draft.map((d) => d.draft!.userID))];
      expect(published.json()).toEqual({
        statusCode: 200,
        message: `Published 18 duties; ${people.length} people told`,
        published: 18,
        told: people.length,
      });
      const seen = await roster('mary');
      expect(seen.map((d) => d.person!.userID)).toEqual(draft.map((d) => d.draft!.userID));
      expect(seen.every((d) => d.published && !d.changed)).toBe(true);
      const mails = mailsSince(since);
      expect(mails).toHaveLength(people.length);
      for (const id of people) {
        const person = draft.find((d) => d.draft!.userID === id)!.draft!;
        const lines = draft
          .filter((d) => d.draft!.userID === id)
          .map((d) => `  ${dayText(d.day)}: ${d.role}`)
          .join('\n');
        const email = Object.entries(c.ids).find(([, value]) => value === id)![0];
        expect(mails.filter((m) => m.to === emailOf(email))).toEqual([
          {
            to: emailOf(email),
            subject: SUBJECT,
            body:
              `Hello ${person.first},\n\nThe duty roster of Alpha Soaring from ${dayText(START)} to ` +
              `${dayText(END)} is published.\n\nYour duties:\n${lines}\n\nCan't do one? Offer it for a ` +
              `swap: http://localhost:3000/roster`,
          },
        ]);
      }
      const again = await post('/api/publish-roster', { start: START, end: END }, 'rita');
      expect(again.json()).toEqual({
        statusCode: 200,
        message: 'Nothing to publish: members already see this roster',
        published: 0,
        told: 0,
      });
      expect(mailsSince(since)).toHaveLength(people.length);
    },
  );

  it('re-publish tells only those whose duties changed; a generate keeps published days unless asked', async () => {
    const day = '2025-08-03';
    const before = (await roster('rita')).find((d) => d.day === day && d.role === 'Duty pilot')!;
    const other = before.draft!.userID === c.ids.dan ? 'dora' : 'dan';
    const onOther = (await roster('rita')).filter((d) => d.draft!.userID === c.ids[other] && d.day === day);
    expect(onOther).toEqual([]);
    const set = await post('/api/set-duty', { day, roleId: roles.dutyPilot, userID: c.ids[other] }, 'rita');
    expect(set.json()).toMatchObject({
      message: `${other === 'dan' ? 'Dan' : 'Dora'} Duty is on Duty pilot on ${dayText(day)}. Publish to tell members.`,
      duty: { changed: true },
    });
    // Members still see the published one.
    expect((await roster('mary')).find((d) => d.dutyId === before.dutyId)!.person!.userID).toBe(before.draft!.userID);
    const kept = await post('/api/generate-roster', { start: START, end: END }, 'rita');
    expect(kept.json()).toMatchObject({ days: [], keptDays: WEEKENDS, drafted: 0 });
    expect((await roster('rita')).find((d) => d.dutyId === before.dutyId)!.draft!.userID).toBe(c.ids[other]);
    const since = c.t.mail.messages.length;
    expect((await post('/api/publish-roster', { start: START, end: END }, 'rita')).json()).toMatchObject({
      published: 1,
      told: 2,
    });
    expect(
      mailsSince(since)
        .map((m) => m.to)
        .sort(),
    ).toEqual([emailOf('dan'), emailOf('dora')].sort());
    const leaving = mailsSince(since).find((m) => m.to === emailOf(other === 'dan' ? 'dora' : 'dan'))!;
    expect(leaving.body).toContain(`No longer yours:\n  ${dayText(day)}: Duty pilot`);
  });

  it(
    'swaps: offered, taken by someone who may take it, both told; ' +
      'withdrawn before acceptance; another club sees nothing',
    async () => {
      const published = await roster('mary');
      const duty = published.find((d) => d.role === 'Instructor' && d.day === '2025-07-26')!;
      const holder = duty.person!.userID === c.ids.irene ? 'irene' : 'ian';
      const taker = holder === 'irene' ? 'ian' : 'irene';
      const swapId = randomUUID();
      const offer = await post('/api/offer-swap', { swapId, dutyId: duty.dutyId, note: 'Away that weekend' }, holder);
      expect(offer.statusCode).toBe(200);
      expect(offer.json()).toMatchObject({
        message: `Your duty as Instructor on ${dayText('2025-07-26')} is offered for a swap`,
        swap: { state: 'open', note: 'Away that weekend', canAccept: false },
      });
      expect(
        (await post('/api/offer-swap', { swapId, dutyId: duty.dutyId, note: 'Away that weekend' }, holder)).json(),
      ).toEqual(offer.json());
      expect((await post('/api/offer-swap', { swapId: randomUUID(), dutyId: duty.dutyId }, 'mary')).json()).toEqual(
        refusal(409, 'Only a duty of yours that members can see can be offered: you are not on it'),
      );
      const listed = (await get('/api/get-swaps', taker)).json<{ swaps: { swapId: string; canAccept: boolean }[] }>()
        .swaps;
      expect(listed).toEqual([expect.objectContaining({ swapId, canAccept: true })]);
      expect((await get('/api/get-swaps', 'bo')).json()).toEqual({ swaps: [] });
      expect((await post('/api/accept-swap', { swapId }, 'bo')).json()).toEqual(
        refusal(404, 'No such swap offer at this club'),
      );
      expect((await post('/api/accept-swap', { swapId }, 'mary')).json()).toEqual(
        refusal(
          409,
          'Mary Member may not take Instructor: an admin sets Instructor in ' +
            'Administration, and may leave a member out of the role',
        ),
      );
      const since = c.t.mail.messages.length;
      const accepted = await post('/api/accept-swap', { swapId }, taker);
      const [holderName = '', takerName = ''] = [holder, taker].map((p) =>
        p === 'irene' ? 'Irene Instructor' : 'Ian Instructor',
      );
      expect(accepted.json()).toMatchObject({
        message: `You are on duty as Instructor on ${dayText('2025-07-26')}`,
        swap: { state: 'accepted', acceptedBy: { userID: c.ids[taker] } },
      });
      // Sent again: the same answer, nobody told twice.
      expect((await post('/api/accept-swap', { swapId }, taker)).json()).toEqual(accepted.json());
      expect(mailsSince(since)).toEqual([
        {
          to: emailOf(holder),
          subject: `Alpha Soaring: ${takerName} takes your duty on ${dayText('2025-07-26')}`,
          body:
            `Hello ${holderName.split(' ')[0]},\n\n${takerName} accepted your offer: ${takerName} ` +
            `is now on duty as Instructor on ${dayText('2025-07-26')}, and you are not.`,
        },
        {
          to: emailOf(taker),
          subject: `Alpha Soaring: you are on duty on ${dayText('2025-07-26')}`,
          body:
            `Hello ${takerName.split(' ')[0]},\n\nYou took ${holderName}'s duty: you ` +
            `are now on duty as Instructor on ${dayText('2025-07-26')}.`,
        },
      ]);
      expect((await roster('mary')).find((d) => d.dutyId === duty.dutyId)!.person!.userID).toBe(c.ids[taker]);
      expect((await post('/api/withdraw-swap', { swapId }, holder)).json()).toEqual(
        refusal(409, 'Someone already took this duty: the offer can no longer be withdrawn'),
      );

      const next = (await roster('mary')).find((d) => d.person?.userID === c.ids.tia)!;
      const second = randomUUID();
      await post('/api/offer-swap', { swapId: second, dutyId: next.dutyId }, 'tia');
      expect((await post('/api/withdraw-swap', { swapId: second }, 'mary')).json()).toEqual(
        refusal(403, 'Only the member who offered it, or an admin, can withdraw an offer'),
      );
      expect((await post('/api/withdraw-swap', { swapId: second }, 'tia')).json()).toMatchObject({
        swap: { state: 'withdrawn' },
      });
      expect((await post('/api/accept-swap', { swapId: second }, 'tom')).json()).toEqual(
        refusal(409, 'This offer was withdrawn'),
      );
    },
  );

  it('an offer nobody takes is flagged to the admins once, 3 days before, however many processes look', async () => {
    const duty = (await roster('mary')).find((d) => d.day === '2025-07-19' && d.role === 'Duty pilot')!;
    const holder = duty.person!.userID === c.ids.dan ? 'dan' : 'dora';
    await post('/api/offer-swap', { swapId: randomUUID(), dutyId: duty.dutyId }, holder);
    const mailer = createMailer({
      smtpUrl: c.t.mail.url,
      from: 'Flightline <test@flightline.local>',
      db: c.t.db,
      log: () => {},
    });
    const deps = { db: c.t.db, mailer, publicUrl: 'http://localhost:3000', log: () => {} };
    const since = c.t.mail.messages.length;
    // 4 days before: not yet.
    expect(await flagUntakenSwaps(deps, Date.parse('2025-07-15T16:00:00Z'))).toBe(0);
    const at = Date.parse('2025-07-16T16:00:00Z');
    expect((await Promise.all([flagUntakenSwaps(deps, at), flagUntakenSwaps(deps, at)])).reduce((a, b) => a + b)).toBe(
      1,
    );
    expect(await flagUntakenSwaps(deps, at)).toBe(0);
    const name = holder === 'dan' ? 'Dan Duty' : 'Dora Duty';
    expect(mailsSince(since)).toEqual([
      {
        to: emailOf('ada'),
        subject: `Alpha Soaring: nobody has taken ${name}'s duty on ${dayText('2025-07-19')}`,
        body:
          `${name} offered their duty as Duty pilot on ${dayText('2025-07-19')} for a swap, and nobody ` +
          `has taken it yet.\n\nFind someone, or put someone on it in the roster: ` +
          `http://localhost:3000/roster`,
      },
    ]);
  });

  it(
    'planned flying: one plan per member and day; a busy day asks the off-duty ' +
      'tow pilot and instructor once, even for two plans at once',
    async () => {
      const day = '2025-07-20';
      expect(
        (
          await post(
            '/api/update-roster-settings',
            { flyingWeekdays: [0, 6], swapWarningDays: 3, surgeThreshold: 4 },
            'rita',
          )
        ).json(),
      ).toEqual(refusal(403, 'Only an admin can change the roster settings'));
      expect(
        (
          await post(
            '/api/update-roster-settings',
            { flyingWeekdays: [6, 0], swapWarningDays: 3, surgeThreshold: 4 },
            'ada',
          )
        ).json(),
      ).toEqual({
        statusCode: 200,
        message: 'Roster settings saved',
        settings: { flyingWeekdays: [0, 6], swapWarningDays: 3, surgeThreshold: 4 },
      });
      expect((await post('/api/set-flying-plan', { day, gliderId: 'C-XXXX' }, 'mary')).json()).toEqual(
        refusal(400, 'No glider C-XXXX at this club'),
      );
      expect((await post('/api/set-flying-plan', { day: '2025-07-11' }, 'mary')).json()).toEqual(
        refusal(400, 'Plans are for today (2025-07-12) or later: 2025-07-11 is before today'),
      );
      const since = c.t.mail.messages.length;
      await post('/api/set-flying-plan', { day, instruction: true, gliderId: 'C-GDSA' }, 'mary');
      // Sent again with a change: still one plan.
      const changed = await post(
        '/api/set-flying-plan',
        { day, instruction: true, gliderId: 'C-GDSA', tow: false },
        'mary',
      );
      expect(changed.json()).toMatchObject({
        message: `You plan to fly on ${dayText(day)}`,
        flyingDay: { planners: 1, wantInstruction: 1, wantTow: 0 },
      });
      await post('/api/set-flying-plan', { day }, 'pat');
      expect(mailsSince(since)).toEqual([]);
      const [lee, sam] = await Promise.all([
        post('/api/set-flying-plan', { day }, 'lee'),
        post('/api/set-flying-plan', { day }, 'sam'),
      ]);
      expect([lee.statusCode, sam.statusCode]).toEqual([200, 200]);
      const read = (await get(`/api/get-flying-day?day=${day}`, 'pat')).json<{
        planners: number;
        wantInstruction: number;
        wantTow: number;
        plans: { first: string }[];
        duties: Duty[];
      }>();
      expect([read.planners, read.wantInstruction, read.wantTow]).toEqual([4, 1, 3]);
      expect(read.plans.map((p) => p.first)).toEqual(['Lee', 'Mary', 'Pat', 'Sam']);
      const onDay = new Set(read.duties.map((d) => d.person!.userID));
      const offDuty = (a: string, b: string) => (onDay.has(c.ids[a]!) ? b : a);
      const mails = mailsSince(since);
      const tow = offDuty('tom', 'tia');
      const instructor = offDuty('irene', 'ian');
      expect(mails.map((m) => [m.to, m.subject])).toEqual(
        expect.arrayContaining([
          [emailOf(instructor), `Alpha Soaring: help wanted on ${dayText(day)} (Instructor)`],
          [emailOf(tow), `Alpha Soaring: help wanted on ${dayText(day)} (Tow pilot)`],
        ]),
      );
      expect(mails).toHaveLength(2);
      expect(mails.find((m) => m.to === emailOf(tow))!.body).toBe(
        `Hello ${tow === 'tom' ? 'Tom' : 'Tia'},\n\n4 members plan to fly on ${dayText(day)} and only one tow ` +
          `pilot is on duty.\n\nCan you help as Tow pilot? One tap adds you to the day: ` +
          `http://localhost:3000/roster/day/${day}?volunteer=${roles.towPilot}`,
      );
      await post('/api/set-flying-plan', { day }, 'ada');
      expect(mailsSince(since)).toHaveLength(2);

      const volunteered = await post('/api/volunteer-duty', { day, roleId: roles.towPilot }, tow);
      expect(volunteered.json()).toMatchObject({
        message: `Thank you: you are on duty as Tow pilot on ${dayText(day)}`,
        duty: { extra: true, published: true, role: 'Tow pilot' },
      });
      expect((await post('/api/volunteer-duty', { day, roleId: roles.towPilot }, tow)).json()).toMatchObject({
        message: `You are already on duty as Tow pilot on ${dayText(day)}`,
      });
      expect((await post('/api/volunteer-duty', { day, roleId: roles.towPilot }, 'mary')).json()).toEqual(
        refusal(
          409,
          'Mary Member may not take Tow pilot: an admin sets Tow Pilot in ' +
            'Administration, and may leave a member out of the role',
        ),
      );
      const after = (await get(`/api/get-flying-day?day=${day}`, 'pat')).json<{ duties: Duty[] }>();
      expect(after.duties.filter((d) => d.role === 'Tow pilot').map((d) => [d.extra, d.person!.userID])).toEqual([
        [false, c.ids[tow === 'tom' ? 'tia' : 'tom']],
        [true, c.ids[tow]],
      ]);
      expect((await post('/api/withdraw-flying-plan', { day }, 'mary')).json()).toMatchObject({
        flyingDay: { planners: 4, myPlan: null },
      });
    },
  );

  it('live: roster and plan changes send a notice of kind roster; another club’s roster is out of reach', async () => {
    const notices = await c.t.db
      .selectFrom('live_event')
      .select(['club_id', 'notice'])
      .where('club_id', '=', c.alpha)
      .execute();
    const kinds = new Set(notices.map((row) => JSON.stringify(row.notice)).filter((n) => n.includes('"roster"')));
    expect([...kinds].map((n) => JSON.parse(n) as unknown)).toEqual(
      expect.arrayContaining([
        { kind: 'roster', change: 'duties' },
        { kind: 'roster', change: 'swaps' },
        { kind: 'roster', change: 'plans', day: '2025-07-20' },
      ]),
    );
    expect((await get(`/api/get-roster?start=${START}&end=${END}&club=${c.alpha}`, 'bo')).json()).toEqual(
      refusal(403, NOT_YOUR_CLUB),
    );
    expect(await roster('bo')).toEqual([]);
    expect(
      (await post('/api/set-duty', { day: START, roleId: roles.instructor, userID: c.ids.bo }, 'bo')).json(),
    ).toEqual(refusal(404, 'No such duty role at this club'));
  });
});
