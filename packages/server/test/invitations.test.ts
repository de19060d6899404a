import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusal } from './helpers/api.ts';
import { createPerson, type Person } from './helpers/test-app.ts';
import { openTwoClubs, type TwoClubs } from './helpers/clubs.ts';

/** 12:00 on 2025-07-12 in Toronto. */
const NOW = Date.parse('2025-07-12T16:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

describe(
  'User Administration New (issue 15 item 8; consent, issue 25 item 1): POST ' +
    '/api/invite-member, GET /api/get-invitations, POST /api/accept-invitation',
  () => {
    let { t, api, alpha, bravo } = {} as TwoClubs;
    let admin: Person;
    let treasurer: Person;
    let bravoAdmin: Person;
    const cookie = (person: Person) => t.cookieFor(person.email);
    const invite = async (email: string, as: Person = admin, extra: Record<string, unknown> = {}) =>
      api.post('/api/invite-member', { email, ...extra }, await cookie(as));

    /** The decoded body of the last mail to `to` after `since` messages (quoted-printable undone). */
    const mailTo = (to: string, since = 0) => {
      const mail = t.mail.messages.slice(since).findLast((m) => m.to.includes(to));
      if (!mail) return undefined;
      const [headers, ...body] = mail.raw.split(/\r?\n\r?\n/);
      const text = body.join('\n\n');
      const decoded = /quoted-printable/i.test(headers ?? '')
        ? text
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
        : text;
      return { headers: headers ?? '', body: decoded };
    };
    const linkIn = (body: string) => /http:\/\/localhost:3000\/signup\?invite=([^\s]+)/.exec(body)?.[1];

    /**
     * Sign up through better-auth with an emailed code, as the web app's /signup does; answers the new session's
     * cookie.
     */
    const signUp = async (email: string) => {
      const since = t.mail.messages.length;
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: 'http://localhost:3000' },
        payload: { email, password: 'a-good-password', name: 'Ivy Invitee', firstName: 'Ivy', lastName: 'Invitee' },
      });
      expect(response.statusCode).toBe(200);
      const code = await t.mail.waitForCode(email, since);
      const verified = await t.app.inject({
        method: 'POST',
        url: '/api/auth/email-otp/verify-email',
        headers: { origin: 'http://localhost:3000' },
        payload: { email, otp: code },
      });
      expect(verified.statusCode).toBe(200);
      return ([] as string[])
        .concat(verified.headers['set-cookie'] ?? [])
        .map((c) => c.split(';')[0])
        .join('; ');
    };
    const accept = (invitation: string, sessionCookie: string) =>
      api.post('/api/accept-invitation', { invitation }, sessionCookie);
    const pilotRow = (clubId: string, userId: string) =>
      t.db
        .selectFrom('pilot')
        .select(['is_active', 'activated_at'])
        .where('club_id', '=', clubId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    const activeClub = async (userId: string) =>
      (await t.db.selectFrom('profile').select('active_club_id').where('user_id', '=', userId).executeTakeFirst())
        ?.active_club_id;
    const invitations = (email: string) =>
      t.db.selectFrom('club_invitation').selectAll().where('email', '=', email).orderBy('created_at').execute();
    const userId = async (email: string) =>
      (await t.db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

    beforeAll(async () => {
      ({ t, api, alpha, bravo } = await openTwoClubs({ now: NOW }));
      admin = await createPerson(t.db, { club: alpha, first: 'Ada', last: 'Admin', flags: { is_admin: true } });
      treasurer = await createPerson(t.db, {
        club: alpha,
        first: 'Tess',
        last: 'Treasurer',
        flags: { can_add_funds: true },
      });
      bravoAdmin = await createPerson(t.db, { club: bravo, first: 'Bo', last: 'Bravo', flags: { is_admin: true } });
    });

    afterAll(async () => {
      await t?.close();
    });

    it(
      'consent: an existing account is invited like an unknown email, and a ' +
        'hostile admin of another club learns nothing until it is accepted',
      async () => {
        // Mary is Alpha's member, with contact details she shares with nobody.
        const mary = await createPerson(t.db, {
          club: alpha,
          first: 'Mary',
          last: 'Member',
          email: 'mary.member@example.org',
        });
        await t.db
          .updateTable('profile')
          .set({
            phone: '416-555-0199',
            address: '12 Hidden Lane',
            email: 'mary.private@example.net',
            em_contact: 'Max Member',
            em_phone: '416-555-0123',
            em_note: 'Allergic to bees',
          })
          .where('user_id', '=', mary.userId)
          .execute();
        const bo = await cookie(bravoAdmin);
        const since = t.mail.messages.length;
        const known = await invite('  Mary.Member@Example.org ', bravoAdmin);
        const unknown = await invite('nobody.yet@example.org', bravoAdmin);
        // The same answer, word for word but for the address, whether an account exists or not: no name, no id.
        expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
        expect(known.json()).toEqual({
          status: 'invited',
          message: 'An invitation was sent to mary.member@example.org',
          email: 'mary.member@example.org',
          expiresAt: NOW + 14 * DAY,
        });
        expect(unknown.json()).toEqual({
          status: 'invited',
          message: 'An invitation was sent to nobody.yet@example.org',
          email: 'nobody.yet@example.org',
          expiresAt: NOW + 14 * DAY,
        });

        // Mary is not in Bravo: no pilot row, her active club unchanged, and every read of Bravo's people is without
        // her.
        expect(await pilotRow(bravo, mary.userId)).toBeUndefined();
        expect(await activeClub(mary.userId)).toBe(alpha);
        const notMember = refusal(404, 'No such member at this club');
        expect((await api.get(`/api/get-pilot?userID=${mary.userId}`, bo)).json()).toEqual(notMember);
        expect((await api.get(`/api/get-balance?userID=${mary.userId}`, bo)).json()).toEqual(notMember);
        expect((await api.get(`/api/get-block-balances?userID=${mary.userId}`, bo)).json()).toEqual(notMember);
        expect(
          (
            await api.get(`/api/get-user-transactions?startDate=2025-07-01&endDate=2025-07-31&user=${mary.userId}`, bo)
          ).json(),
        ).toEqual(notMember);
        expect(
          (
            await api.get(
              '/api/get-balances?startDate=2025-07-01&endDate=2025-07-31' +
                `&balance=MemberTransactions&userID=${mary.userId}`,
              bo,
            )
          ).json(),
        ).toEqual(notMember);
        const lists = [
          '/api/list-members',
          '/api/serve-admin',
          '/api/serve-crew',
          '/api/list-items/?type=PILOT',
          '/api/list-items/?type=PILOT&includeInactive=true',
          '/api/get-all-transactions?startDate=2025-07-01&endDate=2025-07-31',
          '/api/get-balances?startDate=2025-07-01&endDate=2025-07-31&balance=MemberTransactions',
        ];
        for (const url of lists) {
          const response = await api.get(url, bo);
          expect([url, response.statusCode]).toEqual([url, 200]);
          for (const secret of [
            mary.userId,
            'Mary',
            'mary.member@example.org',
            '416-555-0199',
            '12 Hidden Lane',
            'Allergic to bees',
          ]) {
            expect([url, response.body.includes(secret)]).toEqual([url, false]);
          }
        }

        // Mary's mail says who invited her where, and how to accept with the account she has.
        const mail = mailTo('mary.member@example.org', since)!;
        const link = linkIn(mail.body)!;
        expect(mail.headers).toContain('Subject: You are invited to join Bravo Gliding on Flightline');
        expect(mail.body.replace(/\r\n/g, '\n')).toBe(
          'Bo Bravo invited you to join Bravo Gliding on Flightline.\n\n' +
            ('You already have a Flightline account with this email address (mary.member@example.org). To join, ' +
              'open this link and log in if asked, or accept the invitation in Flightline under Settings:\n\n') +
            `    http://localhost:3000/signup?invite=${link}\n\n` +
            ('Until you accept, the club sees nothing of your account. The link works once, ' +
              'until 2025-07-26. If you did not expect it, ignore this message.\n'),
        );

        // Settings lists it for Mary (and for nobody else); one tap accepts it.
        const maryCookie = await cookie(mary);
        const open = await api.get('/api/get-invitations', maryCookie);
        expect(open.json()).toEqual({
          invitations: [
            {
              invitation: decodeURIComponent(link),
              clubName: 'Bravo Gliding',
              invitedBy: 'Bo Bravo',
              expiresAt: NOW + 14 * DAY,
            },
          ],
        });
        expect((await api.get('/api/get-invitations', await cookie(treasurer))).json()).toEqual({ invitations: [] });
        expect((await api.get('/api/get-invitations')).statusCode).toBe(401);
        expect((await accept(decodeURIComponent(link), maryCookie)).json()).toEqual({
          status: 'ok',
          message: 'Welcome to Bravo Gliding',
          club: { id: bravo, name: 'Bravo Gliding' },
        });
        expect(await pilotRow(bravo, mary.userId)).toEqual({ is_active: true, activated_at: new Date(NOW) });
        expect(await activeClub(mary.userId)).toBe(bravo);
        expect((await api.get('/api/get-invitations', maryCookie)).json()).toEqual({ invitations: [] });
        // She said yes: Bravo's admin reads her record now, and inviting her again answers that she is a member.
        expect((await api.get(`/api/get-pilot?userID=${mary.userId}`, bo)).json()).toMatchObject({
          userID: mary.userId,
          phone: '416-555-0199',
          isActive: true,
        });
        expect((await invite('mary.member@example.org', bravoAdmin)).json()).toEqual({
          status: 'member',
          message: 'Mary Member is already an active member of Bravo Gliding',
          pilotID: mary.userId,
        });
        // Still Alpha's member too.
        expect(await pilotRow(alpha, mary.userId)).toMatchObject({ is_active: true });
      },
    );

    it('an existing account accepts from the mailed link, signed in with that email', async () => {
      const sam = await createPerson(t.db, {
        club: bravo,
        first: 'Sam',
        last: 'Soarer',
        email: 'sam.soarer@example.org',
      });
      const since = t.mail.messages.length;
      expect((await invite('sam.soarer@example.org')).json()).toMatchObject({
        status: 'invited',
        email: 'sam.soarer@example.org',
      });
      expect(await pilotRow(alpha, sam.userId)).toBeUndefined();
      const code = decodeURIComponent(linkIn(mailTo('sam.soarer@example.org', since)!.body)!);
      expect((await accept(code, await cookie(sam))).json()).toEqual({
        status: 'ok',
        message: 'Welcome to Alpha Soaring',
        club: { id: alpha, name: 'Alpha Soaring' },
      });
      expect(await pilotRow(alpha, sam.userId)).toEqual({ is_active: true, activated_at: new Date(NOW) });
      expect(await activeClub(sam.userId)).toBe(alpha);
    });

    it(
      'a pending membership request, or a deactivated membership, ' + 'stays as it is until the invitation is accepted',
      async () => {
        const rae = await createPerson(t.db, { first: 'Rae', last: 'Request', email: 'rae@example.org' });
        await t.db.insertInto('pilot').values({ club_id: alpha, user_id: rae.userId, is_active: false }).execute();
        const since = t.mail.messages.length;
        expect((await invite('rae@example.org')).json()).toMatchObject({ status: 'invited' });
        expect(await pilotRow(alpha, rae.userId)).toEqual({ is_active: false, activated_at: null });
        expect(await activeClub(rae.userId)).toBeNull();
        const code = decodeURIComponent(linkIn(mailTo('rae@example.org', since)!.body)!);
        expect((await accept(code, await cookie(rae))).statusCode).toBe(200);
        expect(await pilotRow(alpha, rae.userId)).toEqual({ is_active: true, activated_at: new Date(NOW) });
        expect(await activeClub(rae.userId)).toBe(alpha);
      },
    );

    it(
      'an unknown email gets an invitation mail; signing up from the link and ' +
        'confirming it joins the club, active, as the active club',
      async () => {
        const since = t.mail.messages.length;
        const response = await invite('ivy@example.org');
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({
          status: 'invited',
          message: 'An invitation was sent to ivy@example.org',
          email: 'ivy@example.org',
          expiresAt: NOW + 14 * DAY,
        });
        const mail = mailTo('ivy@example.org', since)!;
        expect(mail.headers).toContain('Subject: You are invited to join Alpha Soaring on Flightline');
        expect(mail.body).toContain('Ada Admin invited you to join Alpha Soaring on Flightline.');
        expect(mail.body).toContain('The link works once, until 2025-07-26.');
        const code = decodeURIComponent(linkIn(mail.body)!);
        const [id] = code.split('.');
        expect(await invitations('ivy@example.org')).toMatchObject([
          { id, club_id: alpha, invited_by: admin.userId, accepted_at: null },
        ]);

        const ivyCookie = await signUp('ivy@example.org');
        const ivy = await userId('ivy@example.org');
        // Before the link is confirmed Ivy is in no club.
        expect(await pilotRow(alpha, ivy)).toBeUndefined();
        const accepted = await accept(code, ivyCookie);
        expect(accepted.json()).toEqual({
          status: 'ok',
          message: 'Welcome to Alpha Soaring',
          club: { id: alpha, name: 'Alpha Soaring' },
        });
        expect(await pilotRow(alpha, ivy)).toEqual({ is_active: true, activated_at: new Date(NOW) });
        expect(await activeClub(ivy)).toBe(alpha);
        const session = (await api.get('/api/session', ivyCookie)).json();
        expect(session).toMatchObject({ club: alpha, clubName: 'Alpha Soaring' });
        expect(await invitations('ivy@example.org')).toMatchObject([{ accepted_by: ivy, accepted_at: new Date(NOW) }]);
        // The invitee's retry answers the same; the invitation is used.
        expect((await accept(code, ivyCookie)).json()).toEqual(accepted.json());
        // Inviting Ivy now is adding an existing member.
        expect((await invite('ivy@example.org')).json()).toMatchObject({ status: 'member' });
      },
    );

    it('inviting again is idempotent: one invitation, the same link mailed again', async () => {
      const since = t.mail.messages.length;
      await invite('twice@example.org');
      const first = linkIn(mailTo('twice@example.org', since)!.body);
      const between = t.mail.messages.length;
      const again = await invite('TWICE@example.org');
      expect(again.json()).toEqual({
        status: 'invited',
        message: 'An invitation was sent to twice@example.org',
        email: 'twice@example.org',
        expiresAt: NOW + 14 * DAY,
      });
      expect(linkIn(mailTo('twice@example.org', between)!.body)).toBe(first);
      expect(await invitations('twice@example.org')).toHaveLength(1);
    });

    it('single-use and for its email only: another account can use neither a used link nor an unused one', async () => {
      const since = t.mail.messages.length;
      await invite('owner@example.org');
      const code = decodeURIComponent(linkIn(mailTo('owner@example.org', since)!.body)!);
      const otherCookie = await t.cookieFor(treasurer.email);
      expect((await accept(code, otherCookie)).json()).toEqual(
        refusal(
          403,
          'This invitation was sent to another email address: sign up or log in with the address it was sent to',
        ),
      );
      expect(await pilotRow(alpha, (await userId('owner@example.org').catch(() => 'none')) as string)).toBeUndefined();
      const ownerCookie = await signUp('owner@example.org');
      expect((await accept(code, ownerCookie)).statusCode).toBe(200);
      expect((await accept(code, otherCookie)).json()).toEqual(refusal(409, 'This invitation was already used'));
    });

    it('a forged, altered or unknown link is not valid (404); a malformed one 400', async () => {
      const since = t.mail.messages.length;
      await invite('forged@example.org');
      const code = decodeURIComponent(linkIn(mailTo('forged@example.org', since)!.body)!);
      const forgedCookie = await signUp('forged@example.org');
      const notValid = refusal(
        404,
        'This invitation link is not valid: open the link from the email again, or ask the club for a new invitation',
      );
      const [id, secret] = code.split('.') as [string, string];
      const altered = `${id}.${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
      expect((await accept(altered, forgedCookie)).json()).toEqual(notValid);
      expect((await accept(`00000000-0000-4000-8000-000000000000.${secret}`, forgedCookie)).json()).toEqual(notValid);
      expect((await accept('not-a-link', forgedCookie)).json()).toEqual(
        refusal(
          400,
          'Invalid body: invitation: This invitation link is not complete: open the link from the email again',
        ),
      );
      expect(await pilotRow(alpha, await userId('forged@example.org'))).toBeUndefined();
      // Signed out: 401.
      expect((await api.post('/api/accept-invitation', { invitation: code })).statusCode).toBe(401);
    });

    it('expires: refused after 14 days; inviting again renews the same link', async () => {
      const since = t.mail.messages.length;
      await invite('late@example.org');
      const code = decodeURIComponent(linkIn(mailTo('late@example.org', since)!.body)!);
      const lateCookie = await signUp('late@example.org');
      t.clock.set(NOW + 14 * DAY);
      try {
        expect((await accept(code, lateCookie)).json()).toEqual(
          refusal(409, 'This invitation expired on 2025-07-26: ask the club for a new one'),
        );
        expect(await pilotRow(alpha, await userId('late@example.org'))).toBeUndefined();
        // Settings does not offer an expired invitation.
        expect((await api.get('/api/get-invitations', lateCookie)).json()).toEqual({ invitations: [] });
        // late@ has an account now; inviting again renews the same invitation, and it still waits for the yes.
        expect((await invite('late@example.org')).json()).toEqual({
          status: 'invited',
          message: 'An invitation was sent to late@example.org',
          email: 'late@example.org',
          expiresAt: NOW + 28 * DAY,
        });
        expect(await pilotRow(alpha, await userId('late@example.org'))).toBeUndefined();
        expect((await accept(code, lateCookie)).json()).toMatchObject({ status: 'ok' });
      } finally {
        t.clock.set(NOW);
      }
    });

    it('an expired invitation of an email still unknown is renewed, same link, new date', async () => {
      const since = t.mail.messages.length;
      await invite('renew@example.org');
      const first = linkIn(mailTo('renew@example.org', since)!.body);
      t.clock.set(NOW + 20 * DAY);
      try {
        const between = t.mail.messages.length;
        expect((await invite('renew@example.org')).json()).toMatchObject({
          status: 'invited',
          expiresAt: NOW + 34 * DAY,
        });
        expect(linkIn(mailTo('renew@example.org', between)!.body)).toBe(first);
        expect(await invitations('renew@example.org')).toHaveLength(1);
      } finally {
        t.clock.set(NOW);
      }
    });

    it(
      'club-scoped and admin-only: 403 for a non-admin and for another club ' +
        'named; another club\u2019s link joins only that club',
      async () => {
        const count = async () =>
          (
            await t.db
              .selectFrom('club_invitation')
              .select(({ fn }) => fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n;
        const before = await count();
        expect((await invite('nobody@example.org', treasurer)).json()).toEqual(
          refusal(403, 'Only an admin can add members'),
        );
        expect((await invite('nobody@example.org', admin, { club: bravo })).json()).toEqual(
          refusal(403, 'That club is not your active club'),
        );
        expect((await invite('not an email')).json()).toEqual(
          refusal(400, 'Invalid body: email: Enter a valid email address'),
        );
        expect(Number(await count())).toBe(Number(before));

        const since = t.mail.messages.length;
        await invite('both@example.org', bravoAdmin);
        const code = decodeURIComponent(linkIn(mailTo('both@example.org', since)!.body)!);
        const bothCookie = await signUp('both@example.org');
        expect((await accept(code, bothCookie)).json()).toMatchObject({ club: { id: bravo } });
        const both = await userId('both@example.org');
        expect(await pilotRow(bravo, both)).toMatchObject({ is_active: true });
        expect(await pilotRow(alpha, both)).toBeUndefined();
      },
    );
  },
);
