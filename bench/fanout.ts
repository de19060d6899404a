import type { ChildProcess } from 'node:child_process';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { text as readText } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { openDatabase } from '../packages/server/src/db/engine.ts';
import { migrate } from '../packages/server/src/db/migrate.ts';
import type { DB } from '../packages/server/src/db/schema.ts';
import type { LiveStats } from '../packages/server/src/modules/live/hub.ts';
import { startTempPostgres } from '../scripts/pg-temp.ts';
import type { BenchmarkResult } from './run.ts';
import { freePort } from '../scripts/free-port.ts';
import { startServerProcess, stopServerProcess } from './server-process.ts';

/**
 * FANOUT: `--phones` (2,000) phones in `--clubs` (20) clubs, each signed in
 * with its own session, hold `GET /api/events` streams to ONE server process
 * on PostgreSQL, while the crews of `--busy` (half) of the clubs work their
 * line through the real API — a flight requested, launched, landed, one
 * action every `--every` ms (2,000) per club, with idempotency keys as the
 * field outbox sends them — for `--seconds` (60).
 *
 * For each notice (a row of live_event, made by the triggers in the write's
 * transaction) it prints the delay from the write's commit to the LAST phone
 * of its club that receives it. The commit time is PostgreSQL's own record
 * of it: pg_xact_commit_timestamp(xmin) of the live_event row
 * (track_commit_timestamp = on), on the same machine's clock as the phones'
 * receive times — the moment the change became visible, after which the
 * NOTIFY is delivered. Then p50/p95/p99 (target p95 ≤ 250 ms), that every
 * phone that should have received every notice did (its club's, and its own
 * account's), that none received another club's or another member's, and
 * the server process's memory per connected phone: (RSS with every stream
 * open − RSS before) / phones, and the same for the JS heap, each after a
 * full garbage collection.
 *
 * The phones' side is cheap on purpose (raw keep-alive HTTP requests, SSE
 * `id:` lines picked from the chunks) so that it does not limit the figure;
 * it runs in this process and shares the machine's two cores with the
 * server and PostgreSQL, and the CPU each used is printed. The sessions are
 * rows of `session` with the signed cookie better-auth would set (2,000
 * password checks would add two minutes of server CPU and measure nothing
 * here); the server reads and checks them as any other.
 */

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const OUT = join(ROOT, 'bench/out/fanout.json');
const ZONE = 'America/Toronto';
const TARGET_P95_MS = 250;
const GLIDERS = 10;
/** After the last write, how long the phones keep listening for its notices. */
const SETTLE_MS = 3_000;
const AUTH_SECRET = randomBytes(32).toString('base64url');

function option(args: string[], name: string, fallback: number): number {
  const found = args.find((a) => a.startsWith(`--${name}=`));
  const value = found ? Number(found.split('=')[1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

/**
 * The session cookie better-auth sets: the token and its HMAC-SHA256 under the auth secret (better-call's
 * signCookieValue).
 */
function sessionCookie(token: string): string {
  const signature = createHmac('sha256', AUTH_SECRET).update(token).digest('base64');
  return `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

interface Phone {
  index: number;
  club: number;
  userId: string;
  cookie: string;
}

/** `clubs` clubs with `perClub` active members each (a session per member), 10 gliders, a tug and a launch type. */
async function seed(
  db: Kysely<DB>,
  clubCount: number,
  perClub: number,
): Promise<{ clubIds: string[]; phones: Phone[] }> {
  const clubs = await db
    .insertInto('club')
    // The crews fly all afternoon without deposits: the minimum balance is far below what they spend.
    .values(
      Array.from({ length: clubCount }, (_, i) => ({
        name: `Fanout Club ${i + 1}`,
        time_zone: ZONE,
        minimum_level_cents: -100_000_000,
        warning_level_cents: -100_000_000,
      })),
    )
    .returning('id')
    .execute();
  const clubIds = clubs.map((c) => c.id);
  await db.transaction().execute(async (trx) => {
    await sql`
      insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt", "firstName", "lastName")
      select 'fan-' || c.n || '-' || g, 'Pilot ' || g, 'pilot' || g || '@club' || c.n || '.fanout.invalid',
      true, now(), now(), 'Pilot', 'Number ' || g
      from unnest(${clubIds}::uuid[]) with ordinality as c(id, n) cross join generate_series(1, ${perClub}::int)
      g`.execute(trx);
    await sql`
      insert into pilot (club_id, user_id, is_active, activated_at)
      select c.id, 'fan-' || c.n || '-' || g, true, now()
      from unnest(${clubIds}::uuid[]) with ordinality as c(id, n) cross join generate_series(1, ${perClub}::int)
      g`.execute(trx);
    await sql`
      insert into profile (user_id, active_club_id)
      select 'fan-' || c.n || '-' || g, c.id
      from unnest(${clubIds}::uuid[]) with ordinality as c(id, n) cross join generate_series(1, ${perClub}::int)
      g`.execute(trx);
    await sql`
      insert into session (id, "expiresAt", token, "createdAt", "updatedAt", "userId")
      select 'fan-session-' || u.id, now() + interval '1 day', 'fan-token-' || u.id || '-' ||
      md5(random()::text), now(), now(), u.id
      from "user" u where u.id like 'fan-%'`.execute(trx);
    await sql`
      insert into glider (club_id, id, places, status, rate_cents_per_minute)
      select c, 'C-G' || lpad(g::text, 3, '0'), 2, 'Ready', 50 from unnest(${clubIds}::uuid[]) c cross join
      generate_series(1, ${GLIDERS}::int) g`.execute(trx);
    await sql`insert into tug (club_id, id, status) select c, 'C-FTOW', 'Ready' from unnest(${clubIds}::uuid[])
          c`.execute(trx);
    await sql`insert into launch_type (club_id, id, kind, price_cents, height) select c, '2000 ft', 'fixed',
          4000, 2000 from unnest(${clubIds}::uuid[]) c`.execute(trx);
  });
  await sql`analyze`.execute(db);
  const sessions = await db
    .selectFrom('session')
    .select(['userId', 'token'])
    .where('userId', 'like', 'fan-%')
    .execute();
  const tokens = new Map(sessions.map((s) => [s.userId, s.token]));
  const phones: Phone[] = [];
  for (let c = 0; c < clubCount; c++) {
    for (let g = 1; g <= perClub; g++) {
      const userId = `fan-${c + 1}-${g}`;
      phones.push({ index: phones.length, club: c, userId, cookie: sessionCookie(tokens.get(userId)!) });
    }
  }
  return { clubIds, phones };
}

function startServer(databaseUrl: string, port: number): Promise<ChildProcess> {
  return startServerProcess(join(ROOT, 'bench/fanout-server.ts'), {
    databaseUrl,
    port,
    nodeArgs: ['--expose-gc'],
    env: { AUTH_SECRET },
    ipc: true,
  });
}

type ServerStats = LiveStats & { cpuMicros: { user: number; system: number } };

function serverStats(server: ChildProcess): Promise<ServerStats> {
  return new Promise((resolve) => {
    server.once('message', (message) => resolve(message as ServerStats));
    server.send('stats');
  });
}

/** Wall-clock milliseconds with sub-millisecond precision, on the clock PostgreSQL's commit timestamps use. */
const nowMs = () => performance.timeOrigin + performance.now();

interface OpenStream {
  /** Notices received: event id → receive time. */
  received: Map<number, number>;
  close(): void;
  ended: boolean;
}

/** A phone's stream: a raw GET with its cookie, the `id:` of each event taken from the chunks as they come. */
function openStream(port: number, agent: Agent, phone: Phone): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/events',
        agent,
        headers: { cookie: phone.cookie, accept: 'text/event-stream' },
      },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`GET /api/events for ${phone.userId} answered ${res.statusCode}`));
          res.resume();
          return;
        }
        const stream: OpenStream = { received: new Map(), close: () => req.destroy(), ended: false };
        let rest = '';
        let opened = false;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          const at = nowMs();
          const text = rest + chunk;
          const lines = text.split('\n');
          rest = lines.pop()!;
          for (const line of lines) {
            if (line.startsWith('id: ')) stream.received.set(Number(line.slice(4)), at);
            else if (!opened && line.startsWith('retry:')) {
              opened = true;
              resolve(stream);
            }
          }
        });
        res.on('end', () => (stream.ended = true));
        res.on('aborted', () => (stream.ended = true));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

interface Answer {
  status: number;
  text: string;
}

function post(port: number, agent: Agent, phone: Phone, path: string, body: unknown): Promise<Answer> {
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
          cookie: phone.cookie,
          origin: `http://127.0.0.1:${port}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => resolve(readText(res).then((received) => ({ status: res.statusCode ?? 0, text: received }))),
    );
    req.on('error', reject);
    req.end(payload);
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

const round = (n: number, digits = 1) => Number(n.toFixed(digits));

export async function run(args: string[]): Promise<BenchmarkResult> {
  const phoneCount = option(args, 'phones', 2000);
  const clubCount = option(args, 'clubs', 20);
  const seconds = option(args, 'seconds', 60);
  const busyCount = Math.min(clubCount, option(args, 'busy', Math.max(1, Math.floor(clubCount / 2))));
  const everyMs = option(args, 'every', 2000);
  const perClub = Math.floor(phoneCount / clubCount);
  if (perClub < 2) throw new Error('--phones / --clubs must be at least 2 (a crew and a pilot in each club)');

  // The commit time of every write, kept by PostgreSQL itself (a server setting: it takes a restart).
  const postgres = await startTempPostgres({ durable: true });
  let server: ChildProcess | undefined;
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  try {
    const admin = await openDatabase({ databaseUrl: postgres.url, poolSize: 1 });
    await sql`alter system set track_commit_timestamp = on`.execute(admin.db);
    await admin.close();
    await postgres.kill();
    await postgres.start();

    const database = await openDatabase({ databaseUrl: postgres.url, poolSize: 2 });
    await migrate(database.db);
    const seedStarted = Date.now();
    const { phones } = await seed(database.db, clubCount, perClub);
    console.log(
      `Seeded ${clubCount} clubs with ${perClub} members each, a session per ` +
        `member (${((Date.now() - seedStarted) / 1000).toFixed(1)} s)`,
    );

    const port = await freePort();
    server = await startServer(postgres.url, port);
    // Warm: the code paths of a stream and a session read compiled, the pools' connections open, before the baseline.
    const warmAgent = new Agent({ keepAlive: false });
    for (const phone of phones.slice(0, 10)) (await openStream(port, warmAgent, phone)).close();
    warmAgent.destroy();
    await new Promise((r) => setTimeout(r, 500));
    const before = await serverStats(server);

    // Every phone opens its stream, 50 at a time (as phones opening the app over a minute would, faster).
    const openStarted = Date.now();
    const streams: OpenStream[] = new Array<OpenStream>(phones.length);
    const queue = [...phones];
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        for (let phone = queue.shift(); phone; phone = queue.shift())
          streams[phone.index] = await openStream(port, agent, phone);
      }),
    );
    const withStreams = await serverStats(server);
    if (withStreams.streams !== phones.length)
      throw new Error(`the server holds ${withStreams.streams} streams, not ${phones.length}`);
    console.log(
      `${phones.length} streams open (${((Date.now() - openStarted) / 1000).toFixed(1)} s); ` +
        `the server holds ${withStreams.streams} streams in ${withStreams.clubs} clubs`,
    );

    // Notices made before the streams opened (the fleet's seeding) are not the benchmark's.
    const firstId = Number(
      (await sql<{ next: string }>`select coalesce(max(id), 0) + 1 as next from live_event`.execute(database.db))
        .rows[0]!.next,
    );

    // The crews: in each busy club, one member requests a flight for a pilot of the club, launches it and lands it,
    // one action every `everyMs`, started at random offsets; each line action carries an idempotency key.
    let writes = 0;
    const failed: string[] = [];
    const windowStart = nowMs();
    const stopAt = Date.now() + seconds * 1000;
    const serverCpuStart = withStreams.cpuMicros;
    const clientCpuStart = process.cpuUsage();
    const crewAgents = Array.from({ length: busyCount }, () => new Agent({ keepAlive: true, maxSockets: 1 }));
    const crews = Array.from({ length: busyCount }, async (_, c) => {
      const crewAgent = crewAgents[c]!;
      const members = phones.filter((p) => p.club === c);
      const crew = members[0]!;
      const act = async (path: string, body: unknown) => {
        await new Promise((r) => setTimeout(r, everyMs));
        const answer = await post(port, crewAgent, crew, path, body);
        if (answer.status === 200) writes += 1;
        else failed.push(`${path} ${answer.status} ${answer.text.slice(0, 200)}`);
      };
      await new Promise((r) => setTimeout(r, Math.random() * everyMs));
      for (let turn = 0; Date.now() < stopAt; turn++) {
        const pilot = members[1 + (turn % (members.length - 1))]!;
        const id = randomUUID();
        const glider = `C-G${String(1 + (turn % GLIDERS)).padStart(3, '0')}`;
        await act('/api/update-item/', {
          type: 'FLIGHT',
          id,
          data: { user: pilot.userId, flyWith: 'Alone', glider, launchType: '2000 ft', weight: 80 },
        });
        await act('/api/update-flight/', { id, action: 'Launch', tug: 'C-FTOW', idempotencyKey: randomUUID() });
        await act('/api/update-flight/', { id, action: 'Landing', idempotencyKey: randomUUID() });
      }
    });
    await Promise.all(crews);
    const windowEnd = nowMs();
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const after = await serverStats(server);
    const clientCpu = process.cpuUsage(clientCpuStart);
    const busySeconds = (windowEnd - windowStart) / 1000;
    const endedEarly = streams.filter((s) => s.ended).length;
    for (const stream of streams) stream.close();
    for (const crewAgent of crewAgents) crewAgent.destroy();

    // Every notice the writes made, with its commit time and who should have received it.
    const events = await sql<{
      id: string;
      club_id: string;
      member_id: string | null;
      kind: string;
      committed_ms: number;
    }>`
      select id, club_id, member_id, notice->>'kind' as kind, extract(epoch from pg_xact_commit_timestamp(xmin))
      * 1000 as committed_ms
      from live_event where id >= ${firstId} order by id`.execute(database.db);
    const clubIds = await database.db.selectFrom('club').select(['id', 'name']).execute();
    await database.close();
    const clubIndex = new Map(clubIds.map((c) => [c.id, Number(c.name.replace('Fanout Club ', '')) - 1]));
    const byClub = new Map<number, Phone[]>();
    for (const phone of phones) byClub.set(phone.club, [...(byClub.get(phone.club) ?? []), phone]);

    const delays: number[] = [];
    const byKind = new Map<string, number>();
    let missed = 0;
    let deliveries = 0;
    const missedExamples: string[] = [];
    for (const event of events.rows) {
      const id = Number(event.id);
      const committed = Number(event.committed_ms);
      const club = clubIndex.get(event.club_id)!;
      const expected = (byClub.get(club) ?? []).filter((p) => event.member_id === null || p.userId === event.member_id);
      let last = 0;
      for (const phone of expected) {
        const at = streams[phone.index]!.received.get(id);
        if (at === undefined) {
          missed += 1;
          if (missedExamples.length < 5)
            missedExamples.push(`event ${id} (${event.kind}) not received by ${phone.userId}`);
        } else {
          deliveries += 1;
          last = Math.max(last, at);
        }
      }
      if (expected.length && last) {
        delays.push(last - committed);
        byKind.set(event.kind, (byKind.get(event.kind) ?? 0) + 1);
      }
    }
    // A phone must receive only its club's notices, and of account notices only its own.
    const eventById = new Map(events.rows.map((e) => [Number(e.id), e]));
    let foreign = 0;
    let unknown = 0;
    for (const phone of phones) {
      for (const id of streams[phone.index]!.received.keys()) {
        const event = eventById.get(id);
        if (id < firstId) continue;
        if (!event) unknown += 1;
        else if (
          clubIndex.get(event.club_id) !== phone.club ||
          (event.member_id !== null && event.member_id !== phone.userId)
        )
          foreign += 1;
      }
    }

    const sorted = [...delays].sort((a, b) => a - b);
    const figures = {
      notices: events.rows.length,
      deliveries,
      p50Ms: round(percentile(sorted, 50)),
      p95Ms: round(percentile(sorted, 95)),
      p99Ms: round(percentile(sorted, 99)),
      maxMs: round(sorted.at(-1) ?? Number.NaN),
      minMs: round(sorted[0] ?? Number.NaN),
    };
    // RSS right after the streams opened keeps what the openings allocated (the sizing figure: the larger); a minute
    // later, with the streams still open, the heap is what they hold and RSS what the process gave back.
    const memory = {
      rssBeforeMb: round(before.rssBytes / 2 ** 20),
      rssWithStreamsMb: round(withStreams.rssBytes / 2 ** 20),
      rssPerPhoneKb: round((withStreams.rssBytes - before.rssBytes) / phones.length / 1024),
      heapBeforeMb: round(before.heapUsedBytes / 2 ** 20),
      heapWithStreamsMb: round(withStreams.heapUsedBytes / 2 ** 20),
      heapPerPhoneKb: round((withStreams.heapUsedBytes - before.heapUsedBytes) / phones.length / 1024),
      rssAfterWritesMb: round(after.rssBytes / 2 ** 20),
      heapAfterWritesMb: round(after.heapUsedBytes / 2 ** 20),
      heapPerPhoneAfterWritesKb: round((after.heapUsedBytes - before.heapUsedBytes) / phones.length / 1024),
    };
    const serverCpuPercent = round(
      ((after.cpuMicros.user + after.cpuMicros.system - serverCpuStart.user - serverCpuStart.system) /
        1e6 /
        busySeconds) *
        100,
    );
    const clientCpuPercent = round(((clientCpu.user + clientCpu.system) / 1e6 / busySeconds) * 100);

    console.log(
      `\n${phones.length} phones in ${clubCount} clubs on one server process; crews in ${busyCount} clubs, ` +
        (`an action every ${everyMs} ms each, for ${round(busySeconds)} s: ` +
          `${writes} writes (${round(writes / busySeconds)}/s), `) +
        `${figures.notices} notices (${[...byKind].map(([k, n]) => `${n} ${k}`).join(', ')}), ${deliveries} ` +
        `deliveries`,
    );
    console.log(
      'Delay from the commit (pg_xact_commit_timestamp) to the last phone of the club that received the notice:',
    );
    console.table({
      'commit → last phone': { p50Ms: figures.p50Ms, p95Ms: figures.p95Ms, p99Ms: figures.p99Ms, maxMs: figures.maxMs },
    });
    console.log(
      `Missed: ${missed}${missedExamples.length ? ` (${missedExamples.join('; ')})` : ''}; another club's or ` +
        `member's notice received: ${foreign}; unknown ids: ${unknown}; streams ended early: ${endedEarly}`,
    );
    console.log(
      `Server memory per phone: RSS ${memory.rssBeforeMb} → ${memory.rssWithStreamsMb} MB as ${phones.length} ` +
        `streams opened (${memory.rssPerPhoneKb} kB per phone), heap ${memory.heapBeforeMb} → ` +
        `${memory.heapWithStreamsMb} MB (${memory.heapPerPhoneKb} kB per phone); after the writes, streams ` +
        (`still open: RSS ${memory.rssAfterWritesMb} MB, heap ` +
          `${memory.heapAfterWritesMb} MB (${memory.heapPerPhoneAfterWritesKb} `) +
        `kB per phone)`,
    );
    console.log(
      `CPU while the crews wrote (of one core; the machine has 2): server process ` +
        `${serverCpuPercent}%, the phones' and crews' side ${clientCpuPercent}%`,
    );
    if (failed.length) console.log(`Failed writes: ${failed.length}, e.g. ${failed.slice(0, 3).join(' | ')}`);
    const p95Met = figures.p95Ms <= TARGET_P95_MS;
    const targetsMet =
      p95Met &&
      missed === 0 &&
      foreign === 0 &&
      unknown === 0 &&
      endedEarly === 0 &&
      failed.length === 0 &&
      delays.length > 0;
    console.log(
      `Target: p95 ≤ ${TARGET_P95_MS} ms — ${figures.p95Ms} ms: ${p95Met ? 'met' : 'NOT met'}; no phone ` +
        `missed a notice or heard another club's: ${missed === 0 && foreign === 0 ? 'met' : 'NOT met'}`,
    );
    mkdirSync(join(ROOT, 'bench/out'), { recursive: true });
    writeFileSync(
      OUT,
      JSON.stringify(
        {
          date: new Date().toISOString(),
          phones: phones.length,
          clubs: clubCount,
          busyClubs: busyCount,
          everyMs,
          seconds: round(busySeconds),
          writes,
          failedWrites: failed.length,
          noticesByKind: Object.fromEntries(byKind),
          ...figures,
          missed,
          foreign,
          unknown,
          endedEarly,
          memory,
          serverCpuPercent,
          clientCpuPercent,
          commitTime: 'pg_xact_commit_timestamp(xmin) of the live_event row (track_commit_timestamp = on)',
          targetP95Ms: TARGET_P95_MS,
        },
        null,
        2,
      ),
    );
    return { targetsMet };
  } finally {
    agent.destroy();
    await stopServerProcess(server);
    await postgres.stop();
  }
}
