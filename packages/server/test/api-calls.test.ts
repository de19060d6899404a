import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveAdmin } from '@flightline/domain/api/admin';
import { CALLS, NON_JSON_CALLS } from '@flightline/domain/api/calls';
import { accessLabel, type CallDefinition } from '@flightline/domain/api/define-call';
import { getClubInfo, getClubSettings, updateClubSettings } from '@flightline/domain/api/clubs';
import { createIntro, getIntros } from '@flightline/domain/api/intros';
import {
  getAllTransactions,
  getBalance,
  getBalances,
  reverseTransaction,
  updateAdminParameter,
} from '@flightline/domain/api/ledger';
import { getPilotClubs, inviteMember, session } from '@flightline/domain/api/members';
import { checkVersion } from '@flightline/domain/api/system';
import { createTow, getTugs } from '@flightline/domain/api/tugs';
import { NOT_AUTHORIZED, refusal } from './helpers/api.ts';
import { NEW_ALPHA_SETTINGS, openTwoClubs, type TwoClubs } from './helpers/clubs.ts';
import { createPerson } from './helpers/test-app.ts';

const days = { startDate: '2025-07-01', endDate: '2025-07-10' };
const OTHER_CLUB = 'That club is not your active club';

/**
 * The calls that need a right besides membership: the OpenAPI label each
 * must carry, an input that parses (so the right is what refuses it), the
 * exact refusal, and whether naming another club is refused before the
 * missing right (as each call always has).
 */
const RIGHTS: {
  call: CallDefinition;
  access: string;
  input: Record<string, unknown>;
  message: string;
  clubFirst: boolean;
}[] = [
  {
    call: getClubSettings,
    access: 'admin',
    input: {},
    message: 'Only an admin can see or change the club settings',
    clubFirst: true,
  },
  {
    call: updateClubSettings,
    access: 'admin',
    input: { ...NEW_ALPHA_SETTINGS, paymentMethods: ['Cash'] },
    message: 'Only an admin can see or change the club settings',
    clubFirst: true,
  },
  {
    call: reverseTransaction,
    access: 'admin',
    input: { id: 1 },
    message: 'Only an admin can reverse a transaction',
    clubFirst: true,
  },
  {
    call: getAllTransactions,
    access: 'admin',
    input: days,
    message: 'Only an admin can list all transactions',
    clubFirst: true,
  },
  {
    call: getBalances,
    access: 'admin',
    input: days,
    message: 'Only an admin can see the accounting summary',
    clubFirst: true,
  },
  {
    call: updateAdminParameter,
    access: 'admin',
    input: { parameter: 'lockDate', lockDate: '2025-01-01' },
    message: 'Only an admin can change accounting settings',
    clubFirst: true,
  },
  {
    call: inviteMember,
    access: 'admin',
    input: { email: 'new@alpha.test' },
    message: 'Only an admin can add members',
    clubFirst: false,
  },
  {
    call: createIntro,
    access: 'canAddIntros',
    input: {
      launchType: 'Intro 2000',
      payment: 'Cash',
      recipientFirst: 'Ivy',
      recipientLast: 'Ives',
      staleDate: '2026-07-10',
    },
    message: NOT_AUTHORIZED,
    clubFirst: true,
  },
  { call: getIntros, access: 'canAddIntros', input: {}, message: NOT_AUTHORIZED, clubFirst: true },
  {
    call: serveAdmin,
    access: 'canAddFunds|canAddIntros|canUpdateGliders',
    input: {},
    message: NOT_AUTHORIZED,
    clubFirst: true,
  },
];

/**
 * The calls declared in packages/domain/src/api: the server registers each
 * from its declaration, the OpenAPI document shows who may call it and what
 * it answers, and the answers match what the web app is typed against.
 */
describe('declared API calls', () => {
  let { t, api, alpha: club, bravo: otherClub } = {} as TwoClubs;
  let cookie: string;
  let tomId: string;

  beforeAll(async () => {
    ({ t, api, alpha: club, bravo: otherClub } = await openTwoClubs({ now: Date.parse('2025-07-10T15:00:00Z') }));
    await t.db
      .insertInto('tug')
      .values({ club_id: club, id: 'C-GTUG', aircraft_type: 'Piper Pawnee', status: 'Ready' })
      .execute();
    const tom = await createPerson(t.db, { email: 'tom@alpha.test', first: 'Tom', last: 'Towpilot', club });
    tomId = tom.userId;
    cookie = await t.cookieFor(tom.email);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the OpenAPI document lists every declared call with its access and its answer schema', async () => {
    const document = (await api.get('/api/openapi.json')).json() as {
      paths: Record<
        string,
        Record<
          string,
          {
            'x-access': string;
            responses: Record<
              string,
              { content?: { 'application/json': { schema: { properties?: Record<string, unknown> } } } }
            >;
          }
        >
      >;
    };
    for (const call of CALLS) {
      // OpenAPI writes a path parameter `:id` as `{id}`.
      const operation = document.paths[call.path.replace(/:([A-Za-z]+)/g, '{$1}')]?.[call.method.toLowerCase()];
      expect(operation?.['x-access'], `${call.method} ${call.path}`).toBe(accessLabel(call));
      expect(operation?.responses['200']?.content?.['application/json'].schema).toBeDefined();
    }
    expect(
      Object.keys(
        document.paths['/api/get-tugs']!.get!.responses['200']!.content!['application/json'].schema.properties!,
      ),
    ).toEqual(['tugs', 'towPilots']);
  });

  it(
    'every route of the OpenAPI document is a declared call; the ' + 'image and the event stream show no JSON answer',
    async () => {
      type Operation = { 'x-access': string; responses: Record<string, unknown> };
      const document = (await api.get('/api/openapi.json')).json() as {
        paths: Record<string, Record<string, Operation>>;
      };
      const routeOf = (call: { method: string; path: string }) =>
        `${call.method} ${call.path.replace(/:([A-Za-z]+)/g, '{$1}')}`;
      const declared = new Set([...CALLS, ...NON_JSON_CALLS].map(routeOf));
      const listed = Object.entries(document.paths).flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
      );
      expect(listed.filter((route) => !declared.has(route))).toEqual([]);
      for (const call of NON_JSON_CALLS) {
        const operation = document.paths[call.path.replace(/:([A-Za-z]+)/g, '{$1}')]?.[call.method.toLowerCase()];
        expect(operation?.['x-access'], routeOf(call)).toBe(accessLabel(call));
        expect(operation?.responses['200']).toEqual({ description: 'Success' });
      }
    },
  );

  it(
    'the OpenAPI document shows a declared path parameter, and ' + 'the call answers exactly its declared shape',
    async () => {
      const document = (await api.get('/api/openapi.json')).json() as {
        paths: Record<string, Record<string, { parameters: unknown[] }>>;
      };
      expect(document.paths['/api/get-pilot-clubs/{id}']!.get!.parameters).toEqual([
        { name: 'id', in: 'path', required: true, schema: expect.objectContaining({ type: 'string', maxLength: 100 }) },
      ]);
      const clubs = await api.get(`/api/get-pilot-clubs/${tomId}`, cookie);
      expect(getPilotClubs.answer.parse(clubs.json())).toEqual({
        clubs: [{ id: club, name: 'Alpha Soaring', shortName: '', status: 'active' }],
      });
    },
  );

  /** The call as a member with no rights sends it, naming `named` as the club. */
  function send(call: CallDefinition, input: Record<string, unknown>, named: string) {
    const withClub = { ...input, club: named };
    if (call.method === 'GET')
      return api.get(`${call.path}?${new URLSearchParams(withClub as Record<string, string>)}`, cookie);
    return api.post(call.path, withClub, cookie);
  }

  it(
    'a call needing a right shows it in the OpenAPI document and refuses a member without it ' +
      'with 403 and its exact message, after the club check where it always came after',
    async () => {
      const document = (await api.get('/api/openapi.json')).json() as {
        paths: Record<string, Record<string, { 'x-access': string }>>;
      };
      for (const { call, access, input, message, clubFirst } of RIGHTS) {
        const name = `${call.method} ${call.path}`;
        expect(document.paths[call.path]?.[call.method.toLowerCase()]?.['x-access'], name).toBe(access);
        expect((call.query ?? call.body)?.safeParse({ ...input, club }).success, name).toBe(true);
        const refused = await send(call, input, club);
        expect([refused.statusCode, refused.json()], name).toEqual([403, refusal(403, message)]);
        const elsewhere = await send(call, input, otherClub);
        expect(elsewhere.json(), name).toEqual(refusal(403, clubFirst ? OTHER_CLUB : message));
      }
    },
  );

  it('get-tugs and create-tow answer exactly their declared shapes', async () => {
    const page = await api.get(`/api/get-tugs?club=${club}`, cookie);
    expect(page.statusCode).toBe(200);
    expect(getTugs.answer.parse(page.json())).toEqual(page.json());
    const logged = await api.post('/api/create-tow/', { data: { tug: 'C-GTUG', hobbs: 1200.5, fuel: 20 } }, cookie);
    expect(logged.statusCode, logged.body).toBe(200);
    expect(createTow.answer.parse(logged.json())).toEqual(logged.json());
    expect(logged.json().tug).toMatchObject({ id: 'C-GTUG', lastHobbs: 1200.5, lastFuelHobbs: 1200.5 });
  });

  it(
    'check-version, the session (signed in or not), get-club-info and ' +
      'get-balance answer exactly their declared shapes',
    async () => {
      const version = await api.get('/api/check-version?version=1.0.0');
      expect(checkVersion.answer.parse(version.json())).toEqual(version.json());
      const anonymous = await api.get('/api/session');
      expect(session.answer.parse(anonymous.json())).toEqual(anonymous.json());
      expect(anonymous.json()).toMatchObject({ isAuthenticated: false, userID: null, club: null });
      const signedIn = await api.get('/api/session', cookie);
      expect(session.answer.parse(signedIn.json())).toMatchObject({ isAuthenticated: true, club });
      const info = await api.get(`/api/get-club-info?club=${club}`, cookie);
      expect(getClubInfo.answer.parse(info.json())).toEqual(info.json());
      const balance = await api.get(`/api/get-balance?club=${club}`, cookie);
      expect(getBalance.answer.parse(balance.json())).toEqual({ userID: tomId, balanceCents: 0 });
    },
  );
});
