import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusal } from './helpers/api.ts';
import { openTwoClubs, type TwoClubs } from './helpers/clubs.ts';
import { lockDateValues } from '../src/modules/clubs/repo.ts';
import { depositFor, flightBody } from './helpers/flights.ts';
import { createLinePeople, type LinePeople } from './helpers/line-people.ts';
import { createPerson, type Person } from './helpers/test-app.ts';

/** 12:00 on 2025-07-12 in Toronto (EDT, UTC−4). */
const NOW = Date.parse('2025-07-12T16:00:00Z');
const TODAY = '2025-07-12';
const GROUND = `/api/ground-status?day=${TODAY}&includePilots=true`;
const AWAITING = `/api/list-items/?type=FLIGHT&day=${TODAY}`;
const TUGS = '/api/get-tugs';

/**
 * Cheap line reads (issue 14, item 3; decision 0013): the polled line reads
 * answer a strong ETag and 304 Not Modified while nothing they show has
 * changed, a new ETag after any write that changes them, one per person and
 * club; the session and club context of a read cost one query, the line's
 * answer one more.
 */
describe('line reads: ETag and 304, and the queries a read costs', () => {
  let { t, api, alpha, bravo } = {} as TwoClubs;
  let { crew, pat, admin } = {} as LinePeople;
  let bravoCrew: Person;
  let flightId: string;
  /** The statements run during the current `counted` call (one request at a time; nothing else runs meanwhile). */
  let counting: string[] | undefined;

  const cookie = (person: Person) => t.cookieFor(person.email);
  const read = async (url: string, as: Person, etag?: string, extra: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { cookie: await cookie(as), ...(etag ? { 'if-none-match': etag } : {}), ...extra },
    });
  /** A read whose answer is new: 200 with a tag unlike `previous`. */
  const changed = async (url: string, as: Person, previous: string) => {
    const response = await read(url, as, previous);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers.etag).not.toBe(previous);
    return response.headers.etag as string;
  };
  const unchanged = async (url: string, as: Person, etag: string) => {
    const response = await read(url, as, etag);
    expect(response.statusCode, response.body).toBe(304);
    expect(response.body).toBe('');
    expect(response.headers.etag).toBe(etag);
  };
  const counted = async <T>(work: () => Promise<T>): Promise<{ result: T; queries: string[] }> => {
    const queries: string[] = [];
    counting = queries;
    try {
      return { result: await work(), queries };
    } finally {
      counting = undefined;
    }
  };

  beforeAll(async () => {
    ({ t, api, alpha, bravo } = await openTwoClubs(
      { now: NOW, onQuery: (sql) => counting?.push(sql) },
      { fleet: true },
    ));
    ({ crew, pat, admin } = await createLinePeople(t.db, { alpha, bravo }, ['crew', 'pat', 'admin']));
    bravoCrew = await createPerson(t.db, { club: bravo, first: 'Bea', last: 'Bravo' });
    await depositFor(t.db, alpha, pat.userId, 50_000, NOW - 86_400_000);
    const body = flightBody(pat.userId);
    expect((await api.post('/api/update-item/', body, await cookie(pat))).statusCode).toBe(200);
    flightId = body.id;
  });
  afterAll(() => t.close());

  it(
    'answers a strong ETag with Cache-Control: private, ' + 'no-cache, and 304 with no body while nothing changed',
    async () => {
      for (const url of [GROUND, AWAITING, TUGS]) {
        const first = await read(url, crew);
        expect(first.statusCode, url).toBe(200);
        expect(first.headers.etag, url).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
        expect(first.headers['cache-control'], url).toBe('private, no-cache');
        const etag = first.headers.etag as string;
        const again = await read(url, crew, etag);
        expect(again.statusCode, url).toBe(304);
        expect(again.body, url).toBe('');
        expect(again.headers['cache-control'], url).toBe('private, no-cache');
        // A list of tags, and a weak form of the same tag, match too (RFC 9110 §13.1.2).
        expect((await read(url, crew, `"other", W/${etag}`)).statusCode, url).toBe(304);
        // Another tag: the answer in full, the same tag.
        const other = await read(url, crew, '"not-the-tag"');
        expect(other.statusCode, url).toBe(200);
        expect(other.headers.etag, url).toBe(etag);
        expect(other.json(), url).toEqual(first.json());
      }
    },
  );

  it(
    'a new ETag right after each write that changes the line: a line ' +
      'action, a tug event, a glider change, another member’s request',
    async () => {
      let ground = (await read(GROUND, crew)).headers.etag as string;
      let awaiting = (await read(AWAITING, crew)).headers.etag as string;
      let tugs = (await read(TUGS, crew)).headers.etag as string;

      // A line action (by this very phone).
      const launch = await api.post(
        '/api/update-flight/',
        { id: flightId, action: 'Launch', tug: 'C-GTOW' },
        await cookie(crew),
      );
      expect(launch.statusCode, launch.body).toBe(200);
      ground = await changed(GROUND, crew, ground);
      awaiting = await changed(AWAITING, crew, awaiting);
      await unchanged(GROUND, crew, ground);

      // A tug event.
      const tow = await api.post(
        '/api/create-tow/',
        { idempotencyKey: randomUUID(), data: { tug: 'C-GTOW', hobbs: 1234.5, pilot: crew.userId } },
        await cookie(crew),
      );
      expect(tow.statusCode, tow.body).toBe(200);
      ground = await changed(GROUND, crew, ground);
      tugs = await changed(TUGS, crew, tugs);
      await unchanged(TUGS, crew, tugs);

      // A glider change in the back office.
      const glider = await api.post(
        '/api/update-item/',
        { type: 'GLIDER', id: 'Blanik', data: { status: 'Ready' } },
        await cookie(admin),
      );
      expect(glider.statusCode, glider.body).toBe(200);
      ground = await changed(GROUND, crew, ground);

      // Another member's flight request.
      const request = await api.post(
        '/api/update-item/',
        flightBody(admin.userId, { glider: 'DG-1000' }),
        await cookie(admin),
      );
      expect(request.statusCode, request.body).toBe(200);
      ground = await changed(GROUND, crew, ground);
      awaiting = await changed(AWAITING, crew, awaiting);
      await unchanged(GROUND, crew, ground);
      await unchanged(AWAITING, crew, awaiting);
    },
  );

  it('a new ETag when something shown changes outside the API: a name, a membership, the lock date', async () => {
    let ground = (await read(GROUND, crew)).headers.etag as string;
    await t.db.updateTable('user').set({ firstName: 'Patricia' }).where('id', '=', pat.userId).execute();
    ground = await changed(GROUND, crew, ground);
    expect(((await read(GROUND, crew)).json() as { pilots: { first: string }[] }).pilots.map((p) => p.first)).toContain(
      'Patricia',
    );
    await t.db
      .updateTable('pilot')
      .set({ is_tow_pilot: true })
      .where('club_id', '=', alpha)
      .where('user_id', '=', pat.userId)
      .execute();
    ground = await changed(GROUND, crew, ground);
    await t.db
      .updateTable('club')
      .set(lockDateValues('2025-07-01', 'America/Toronto'))
      .where('id', '=', alpha)
      .execute();
    ground = await changed(GROUND, crew, ground);
    // Another club's change leaves this club's tag as it was.
    await t.db
      .updateTable('glider')
      .set({ status: 'Not ready' })
      .where('club_id', '=', bravo)
      .where('id', '=', 'ASK-21')
      .execute();
    await unchanged(GROUND, crew, ground);
  });

  it('a tag per person and per club: another member’s tag, or another club’s, is not a match', async () => {
    const crewTag = (await read(GROUND, crew)).headers.etag as string;
    const pats = await read(GROUND, pat);
    // Pat sees the costs of Pat's own flight; the crew does not.
    expect(pats.json()).not.toEqual((await read(GROUND, crew)).json());
    expect(pats.headers.etag).not.toBe(crewTag);
    expect((await read(GROUND, pat, crewTag)).statusCode).toBe(200);
    const bravos = await read(GROUND, bravoCrew, crewTag);
    expect(bravos.statusCode).toBe(200);
    expect(bravos.headers.etag).not.toBe(crewTag);
    expect(bravos.headers.etag).not.toBe(pats.headers.etag);
  });

  it(
    'a tag is checked after access: a deactivated member is ' + 'refused, not told 304; another club named is refused',
    async () => {
      const sleeper = await createPerson(t.db, { club: alpha, first: 'Sam', last: 'Sleeper' });
      const tag = (await read(GROUND, sleeper)).headers.etag as string;
      await unchanged(GROUND, sleeper, tag);
      await t.db
        .updateTable('pilot')
        .set({ is_active: false })
        .where('club_id', '=', alpha)
        .where('user_id', '=', sleeper.userId)
        .execute();
      const refused = await read(GROUND, sleeper, tag);
      expect(refused.statusCode).toBe(403);
      expect(refused.headers.etag).toBeUndefined();

      const crewTag = (await read(GROUND, crew)).headers.etag as string;
      const foreign = await read(`${GROUND}&club=${bravo}`, crew, crewTag);
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json()).toEqual(refusal(403, 'That club is not your active club'));
      expect(foreign.headers.etag).toBeUndefined();
    },
  );

  it('another encoding is another representation: its own tag', async () => {
    const plain = await read(GROUND, crew);
    const brotli = await read(GROUND, crew, undefined, { 'accept-encoding': 'br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.etag).not.toBe(plain.headers.etag);
    expect((await read(GROUND, crew, plain.headers.etag as string, { 'accept-encoding': 'br' })).statusCode).toBe(200);
    const again = await read(GROUND, crew, brotli.headers.etag as string, { 'accept-encoding': 'br' });
    expect(again.statusCode).toBe(304);
  });

  it(
    'the session and club context cost one query with the cookie ' +
      'cache; ground-status one more, once per club and change',
    async () => {
      const cookies = await cookie(crew);
      expect(cookies).toContain('better-auth.session_data=');
      const tag = (await read(GROUND, crew)).headers.etag as string;

      const revalidated = await counted(() => read(GROUND, crew, tag));
      expect(revalidated.result.statusCode).toBe(304);
      expect(revalidated.queries).toHaveLength(1);

      // A change: the first full read after it reads the line in one statement…
      await t.db
        .updateTable('glider')
        .set({ status: 'Not ready' })
        .where('club_id', '=', alpha)
        .where('id', '=', 'DG-1000')
        .execute();
      const full = await counted(() => read(GROUND, crew));
      expect(full.result.statusCode).toBe(200);
      expect(full.queries).toHaveLength(2);
      expect(full.queries[1]).toMatch(/json_agg/);
      // …which the club's other phones are answered from until the next change (each with its own costs).
      const other = await counted(() => read(GROUND, pat));
      expect(other.result.statusCode).toBe(200);
      expect(other.queries).toHaveLength(1);
      const ownFlight = (other.result.json() as { flights: { id: string; launchCost: number | null }[] }).flights.find(
        (f) => f.id === flightId,
      )!;
      expect(ownFlight.launchCost).toBe(4000);
      expect(
        (full.result.json() as { flights: { id: string; launchCost: number | null }[] }).flights.find(
          (f) => f.id === flightId,
        )!.launchCost,
      ).toBeNull();
      await t.db
        .updateTable('glider')
        .set({ status: 'Ready' })
        .where('club_id', '=', alpha)
        .where('id', '=', 'DG-1000')
        .execute();
      const afterChange = await counted(() => read(GROUND, pat));
      expect(afterChange.queries).toHaveLength(2);

      for (const url of [AWAITING, TUGS]) {
        const first = await read(url, crew);
        const again = await counted(() => read(url, crew, first.headers.etag as string));
        expect(again.result.statusCode, url).toBe(304);
        expect(again.queries, url).toHaveLength(1);
      }
    },
  );

  it(
    'without the cookie cache (once a minute a phone renews it), the ' +
      'session is one query more: session and user joined',
    async () => {
      const sessionOnly = (await cookie(crew))
        .split('; ')
        .filter((pair) => pair.startsWith('better-auth.session_token='))
        .join('; ');
      const tag = (await read(GROUND, crew)).headers.etag as string;
      const revalidated = await counted(() =>
        t.app.inject({ method: 'GET', url: GROUND, headers: { cookie: sessionOnly, 'if-none-match': tag } }),
      );
      expect(revalidated.result.statusCode).toBe(304);
      // The renewed cache goes back to the phone.
      expect(String(revalidated.result.headers['set-cookie'])).toContain('better-auth.session_data=');
      expect(revalidated.queries).toHaveLength(2);
      expect(revalidated.queries[0]).toMatch(/from "session".*join "user"/is);
    },
  );

  it('a write reads the session from the database (no cookie cache), and the club context once', async () => {
    const crewCookie = await cookie(crew);
    const signedIn = await counted(() =>
      t.app.inject({
        method: 'POST',
        url: '/api/update-flight/',
        payload: { id: flightId, action: 'UndoLaunch' },
        headers: { cookie: crewCookie },
      }),
    );
    expect(signedIn.result.statusCode, signedIn.result.body).toBe(200);
    expect(signedIn.queries.filter((sql) => /from "session"/i.test(sql))).toHaveLength(1);
    expect(signedIn.queries.filter((sql) => /from "profile"/i.test(sql))).toHaveLength(1);
  });
  it('every table bumps the club’s counter, but those no club read shows (a new table must choose)', async () => {
    // Sign-in and its limits, mail, settings, the migrations, the counter itself, the event streams' notices,
    // the OGN feed's own state, and the "you are next" decisions a listener makes after a write (0026).
    const notClubData = [
      'account',
      'app_setting',
      'auth_attempt',
      'club_version',
      'live_event',
      'mail_outbox',
      'rateLimit',
      'schema_migrations',
      'session',
      'verification',
      'ogn_device',
      'ogn_feed_lease',
      'ogn_feed_state',
      'flight_next_notice',
    ];
    const tables = await sql<{ table_name: string; bumps: boolean }>`
      select t.table_name,
             exists (select 1 from pg_trigger g where g.tgrelid = format('%I', t.table_name)::regclass
                       and g.tgname = t.table_name || '_club_version' and g.tgdeferrable and g.tginitdeferred) as bumps
        from information_schema.tables t
       where t.table_schema = 'public' and t.table_type = 'BASE TABLE'
       order by t.table_name`.execute(t.db);
    const unclassified = tables.rows
      .filter((row) => !row.bumps && !notClubData.includes(row.table_name))
      .map((row) => row.table_name);
    expect(unclassified).toEqual([]);
    const bumping = tables.rows.filter((row) => row.bumps).map((row) => row.table_name);
    expect(bumping).toEqual(
      expect.arrayContaining([
        'club',
        'user',
        'profile',
        'pilot',
        'flight',
        'flight_correction',
        'tug',
        'tow_event',
        'glider',
        'posting',
      ]),
    );
  });
});
