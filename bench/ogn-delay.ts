import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { text as readText } from 'node:stream/consumers';
import { parseBeacon } from '@flightline/domain/ogn/beacon';
import { createFlightDetector } from '@flightline/domain/ogn/detector';
import { percentile } from '@flightline/domain/ogn/scenario-score';
import { generateDay, SCENARIO_AIRFIELD, type TrueFlight } from '@flightline/domain/ogn/scenarios';
import type { ReceivedLine } from '@flightline/domain/ogn/scenario-radio';
import { buildApp } from '../packages/server/src/app.ts';
import { openDatabase } from '../packages/server/src/db/engine.ts';
import { migrate } from '../packages/server/src/db/migrate.ts';
import { createMailer } from '../packages/server/src/mail/mailer.ts';
import { startAprsServer } from '../packages/server/test/helpers/aprs-server.ts';
import { freePort } from '../scripts/free-port.ts';
import { startTempPostgres } from '../scripts/pg-temp.ts';

/**
 * Beacon to phone (docs/ogn.md "Proof of the feed"): the API on a temporary
 * PostgreSQL with a club in record mode whose gliders and tugs carry the
 * scenario's FLARM IDs, the feed connected to a replay APRS-IS server on
 * 127.0.0.1, and a member's phone holding GET /api/events. A flying day's
 * feed lines are written in order of receipt, a request put on the line for
 * each glider flight a minute before its takeoff. A detector of our own over
 * the same lines says which line settles each release (the launch, which
 * waits for the tow to be known) and each landing; that line is written on
 * its own once the feed has read and recorded everything before it, and the
 * delay runs from its write to the flight's change notice (`launched`,
 * `landed`) arriving on the phone's stream: parse, detect, the line
 * actions' transaction, NOTIFY, the stream.
 *
 * The app runs in this process with an injected clock (the day is replayed
 * faster than it flew; each line is received at its own time of receipt, as
 * the feed test does); the replay server and the phone are light. The
 * quiet-feed tick is off, so every event is settled by a line (a landing
 * heard last on final is settled by the tick, 5 s later at most: not
 * measured here).
 */

const ZONE = 'America/Toronto';
const TUGS = ['DDB201', 'C0B202'];
const AUTH_SECRET = randomBytes(32).toString('base64url');
export const TARGET_DELAY_P95_MS = 2_000;
/** Lines sent at once between the measured ones: 5 s of receipt, the clock at the last. */
const CHUNK_MS = 5_000;

export interface DelayFigures {
  measured: number[];
  releases: number;
  landings: number;
  /** Events whose notice came before their line was written (settled by an earlier line than our detector's). */
  early: number;
  /** Events no notice followed within 10 s. */
  missed: string[];
  requests: number;
  refusedRequests: string[];
  lines: number;
}

function sessionCookie(token: string): string {
  const signature = createHmac('sha256', AUTH_SECRET).update(token).digest('base64');
  return `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

interface Notice {
  kind: string;
  change?: string;
  flightId?: string;
}

/** The phone: GET /api/events, each notice's arrival time (performance.now()) by `flightId:change`. */
function openStream(port: number, cookie: string): Promise<{ arrivals: Map<string, number>; close(): void }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/api/events', headers: { cookie, accept: 'text/event-stream' } },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`GET /api/events answered ${res.statusCode}`));
          res.resume();
          return;
        }
        const arrivals = new Map<string, number>();
        let rest = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          const at = performance.now();
          const lines = (rest + chunk).split('\n');
          rest = lines.pop()!;
          for (const line of lines) {
            if (line.startsWith('retry:')) resolve({ arrivals, close: () => req.destroy() });
            if (!line.startsWith('data: ')) continue;
            const notice = JSON.parse(line.slice(6)) as Notice;
            if (notice.kind === 'flight' && notice.flightId) {
              const key = `${notice.flightId}:${notice.change}`;
              if (!arrivals.has(key)) arrivals.set(key, at);
            }
          }
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

function post(
  port: number,
  agent: Agent,
  cookie: string,
  path: string,
  body: unknown,
): Promise<{ status: number; text: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        agent,
        headers: {
          cookie,
          origin: `http://127.0.0.1:${port}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => resolve(readText(res).then((text) => ({ status: res.statusCode ?? 0, text }))),
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Which line (its index) settles each release and landing of the club's gliders, by a detector of our own. */
function settlingLines(
  lines: readonly ReceivedLine[],
  gliders: ReadonlySet<string>,
): Map<number, { kind: 'release' | 'landing'; address: string }[]> {
  const detector = createFlightDetector(SCENARIO_AIRFIELD);
  const settling = new Map<number, { kind: 'release' | 'landing'; address: string }[]>();
  lines.forEach(({ line, receivedMs }, index) => {
    const beacon = parseBeacon(line, receivedMs);
    if (!beacon) return;
    for (const event of detector.push(beacon)) {
      if ((event.kind === 'release' || event.kind === 'landing') && gliders.has(event.address)) {
        settling.set(index, [...(settling.get(index) ?? []), { kind: event.kind, address: event.address }]);
      }
    }
  });
  return settling;
}

export async function measurePhoneDelay(seed: number, dayIndex: number): Promise<DelayFigures> {
  const day = generateDay(seed, dayIndex);
  const gliderFlights = day.flights.filter((f) => f.role === 'glider');
  const gliderAddresses = [...new Set(gliderFlights.map((f) => f.address))].sort();
  const settling = settlingLines(day.lines, new Set(gliderAddresses));

  const postgres = await startTempPostgres();
  const aprs = await startAprsServer();
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  let clock = day.lines[0]!.receivedMs - 3_600_000;
  const database = await openDatabase({ databaseUrl: postgres.url, poolSize: 10 });
  let built: Awaited<ReturnType<typeof buildApp>> | undefined;
  let phone: Awaited<ReturnType<typeof openStream>> | undefined;
  try {
    await migrate(database.db);
    const db = database.db;
    const club = (
      await db
        .insertInto('club')
        .values({
          name: 'OGN Bench Soaring',
          time_zone: ZONE,
          minimum_level_cents: -100_000_000,
          warning_level_cents: -100_000_000,
          ogn_mode: 'record',
          ogn_latitude: SCENARIO_AIRFIELD.latitude,
          ogn_longitude: SCENARIO_AIRFIELD.longitude,
          ogn_elevation_metres: SCENARIO_AIRFIELD.elevationMetres,
          ogn_radius_km: SCENARIO_AIRFIELD.radiusKm,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    // A pilot per glider (one unfinished flight each), a tow pilot, and the phone's member with a session.
    const people = ['crew', 'tow', ...gliderAddresses.map((a) => `pilot-${a}`)];
    for (const name of people) {
      const id = `ogn-bench-${name}`;
      await db
        .insertInto('user')
        .values({
          id,
          name,
          email: `${name}@ogn-bench.invalid`,
          emailVerified: true,
          createdAt: new Date(),
          updatedAt: new Date(),
          firstName: 'Bench',
          lastName: name,
        })
        .execute();
      await db
        .insertInto('pilot')
        .values({ club_id: club, user_id: id, is_active: true, activated_at: new Date(clock) })
        .execute();
      await db.insertInto('profile').values({ user_id: id, active_club_id: club }).execute();
    }
    const token = `ogn-bench-token-${randomUUID()}`;
    await db
      .insertInto('session')
      .values({
        id: randomUUID(),
        expiresAt: new Date(Date.now() + 365 * 86_400_000),
        token,
        createdAt: new Date(),
        updatedAt: new Date(),
        userId: 'ogn-bench-crew',
      })
      .execute();
    const cookie = sessionCookie(token);
    await db
      .insertInto('glider')
      .values(
        gliderAddresses.map((address) => ({
          club_id: club,
          id: `G-${address}`,
          places: 2,
          status: 'Ready',
          rate_cents_per_minute: 50,
          flarm_id: address,
        })),
      )
      .execute();
    await db
      .insertInto('tug')
      .values(TUGS.map((address) => ({ club_id: club, id: `T-${address}`, status: 'Ready', flarm_id: address })))
      .execute();
    await db
      .insertInto('launch_type')
      .values({ club_id: club, id: '2000 ft', kind: 'fixed', price_cents: 4000, height: 2000 })
      .execute();
    for (const address of TUGS) {
      await db
        .insertInto('tow_event')
        .values({
          club_id: club,
          tug: `T-${address}`,
          happened_at: new Date(clock),
          by: 'ogn-bench-tow',
          kind: 'checkIn',
          hobbs_hundredths: 100_000,
          pilot: 'ogn-bench-tow',
        })
        .execute();
    }

    const mailer = createMailer({ smtpUrl: undefined, from: 'bench@flightline.local', db, log: () => {} });
    const port = await freePort();
    built = await buildApp({
      database,
      mailer,
      authSecret: AUTH_SECRET,
      publicUrl: `http://127.0.0.1:${port}`,
      webDist: undefined,
      logger: false,
      now: () => clock,
      ogn: { server: aprs.address, tickMs: 24 * 3_600_000 },
    });
    await built.app.listen({ port, host: '127.0.0.1' });
    const feed = built.ogn!;
    const deadline = Date.now() + 60_000;
    while (aprs.clients === 0) {
      if (Date.now() > deadline) throw new Error('the feed did not log in to the replay server within 60 s');
      await pause(20);
    }
    phone = await openStream(port, cookie);

    // Each glider flight is requested a minute before its takeoff (the previous one of the glider has landed by then,
    // or it is refused).
    const requests = [...gliderFlights]
      .sort((a, b) => a.takeoffMs - b.takeoffMs)
      .map((flight) => ({ flight, atMs: flight.takeoffMs - 60_000 }));
    const flightOf = new Map<string, string>();
    const refusedRequests: string[] = [];
    let nextRequest = 0;
    const request = async (flight: TrueFlight, atMs: number) => {
      clock = Math.max(clock, atMs);
      const id = randomUUID();
      const body = {
        type: 'FLIGHT',
        id,
        data: {
          user: `ogn-bench-pilot-${flight.address}`,
          flyWith: 'Alone',
          glider: `G-${flight.address}`,
          launchType: '2000 ft',
          weight: 80,
          towSpeed: 0,
        },
      };
      const answer = await post(port, agent, cookie, '/api/update-item/', body);
      if (answer.status === 200) flightOf.set(flight.address, id);
      else refusedRequests.push(`${flight.address} ${answer.status} ${answer.text.slice(0, 120)}`);
    };

    let sent = 0;
    let buffer: ReceivedLine[] = [];
    const flush = async () => {
      if (buffer.length === 0) return;
      clock = Math.max(clock, buffer[buffer.length - 1]!.receivedMs);
      await aprs.send(buffer.map((l) => l.line));
      // The server's own `#` lines are read but not counted as lines.
      sent += buffer.filter((l) => !l.line.startsWith('#')).length;
      buffer = [];
      const readBy = Date.now() + 30_000;
      while (feed.linesRead < sent) {
        if (Date.now() > readBy) {
          throw new Error(
            `the feed stopped reading: ${feed.linesRead} of ${sent} lines read, ` +
              `${aprs.clients} connected, ${aprs.logins.length} logins, leader ${feed.leader}`,
          );
        }
        await pause(1);
      }
    };

    const figures: DelayFigures = {
      measured: [],
      releases: 0,
      landings: 0,
      early: 0,
      missed: [],
      requests: 0,
      refusedRequests,
      lines: day.lines.length,
    };
    for (let index = 0; index < day.lines.length; index++) {
      const line = day.lines[index]!;
      while (nextRequest < requests.length && requests[nextRequest]!.atMs <= line.receivedMs) {
        await flush();
        await feed.settled();
        const { flight, atMs } = requests[nextRequest++]!;
        await request(flight, atMs);
        figures.requests++;
      }
      const events = settling.get(index);
      if (!events) {
        buffer.push(line);
        if (line.receivedMs - buffer[0]!.receivedMs >= CHUNK_MS) await flush();
        continue;
      }
      // Everything before the line read and recorded, its notices out: then the line alone, timed.
      await flush();
      await feed.settled();
      await pause(20);
      const expected = events.flatMap(({ kind, address }) => {
        const flightId = flightOf.get(address);
        return flightId ? [{ kind, key: `${flightId}:${kind === 'release' ? 'launched' : 'landed'}` }] : [];
      });
      clock = Math.max(clock, line.receivedMs);
      const writtenAt = performance.now();
      await aprs.send([line.line]);
      if (!line.line.startsWith('#')) sent++;
      for (const { kind, key } of expected) {
        const earlier = phone.arrivals.get(key);
        if (earlier !== undefined && earlier < writtenAt) {
          figures.early++;
          continue;
        }
        const waitUntil = performance.now() + 10_000;
        while (!phone.arrivals.has(key) && performance.now() < waitUntil) await pause(1);
        const arrived = phone.arrivals.get(key);
        if (arrived === undefined) figures.missed.push(`${kind} ${key}`);
        else {
          figures.measured.push(arrived - writtenAt);
          if (kind === 'release') figures.releases++;
          else figures.landings++;
        }
      }
    }
    await flush();
    await feed.settled();
    return figures;
  } finally {
    phone?.close();
    agent.destroy();
    await built?.app.close();
    await database.close();
    await aprs.close();
    await postgres.stop();
  }
}

/** The figures as the bench prints them, and whether p95 meets the goal (at least 30 events). */
export function delayRows(f: DelayFigures): [string, string, string, boolean][] {
  const sorted = [...f.measured].sort((a, b) => a - b);
  const ms = (p: number) => Math.round(percentile(sorted, p));
  return [
    [
      'beacon → phone events',
      `${sorted.length} (${f.releases} releases → launched, ${f.landings} landings → landed)`,
      '≥ 30',
      sorted.length >= 30 && f.missed.length === 0,
    ],
    ['beacon → phone p50', `${ms(50)} ms`, '', true],
    [
      'beacon → phone p95',
      `${ms(95)} ms (max ${Math.round(sorted[sorted.length - 1] ?? Number.NaN)} ms)`,
      `≤ ${TARGET_DELAY_P95_MS} ms`,
      ms(95) <= TARGET_DELAY_P95_MS,
    ],
  ];
}
