import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashPassword } from 'better-auth/crypto';
import { sql, type Kysely } from 'kysely';
import { clubToday } from '../packages/domain/src/club-time.ts';
import { openDatabase } from '../packages/server/src/db/engine.ts';
import { migrate } from '../packages/server/src/db/migrate.ts';
import type { DB } from '../packages/server/src/db/schema.ts';
import { startTempPostgres } from '../scripts/pg-temp.ts';
import type { BenchmarkResult } from './run.ts';

/**
 * LINE-POLL: the line page's 10-second poll (GET /api/ground-status with
 * pilots) with 200 phones at the field, against PostgreSQL. A throwaway
 * server holds 50 clubs with two years of flights (about 55,000) and the
 * bench club's busy day (40 flights on the line, two tugs with their logs,
 * 200 members). The API runs in its own process as `npm start` runs it;
 * 200 phones, each signed in with its own session and its own keep-alive
 * connection, then
 *   1. poll every 10 s, started at random offsets (the real load: 20
 *      requests/s) — the target: p99 under 25 ms;
 *   2. poll back to back for a few seconds (saturation): the throughput the
 *      process can give, for information.
 *
 * Phase 1 outlasts the session's one-minute cookie cache (auth.ts), so each
 * phone's poll also reads its session from the database about once a minute,
 * and keeps the renewed cookie as a browser does.
 *
 * Options: --seconds=N length of phase 1 (default 90), --phones=N (default 200).
 */

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const OUT = join(ROOT, 'bench/out/line-poll.json');
const ZONE = 'America/Toronto';
const PASSWORD = 'bench-password-42';
const TARGET_P99_MS = 25;
const POLL_MS = 10_000;
const SATURATION_MS = 5_000;

function option(args: string[], name: string, fallback: number): number {
  const found = args.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.split('=')[1]) : fallback;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function seed(db: Kysely<DB>, phones: number): Promise<{ emails: string[]; today: string }> {
  const today = clubToday(ZONE, Date.now());
  const hash = await hashPassword(PASSWORD);
  const clubs = await db
    .insertInto('club')
    .values(Array.from({ length: 50 }, (_, i) => ({ name: `Bench Club ${i}`, time_zone: ZONE })))
    .returning('id')
    .execute();
  const clubIds = clubs.map((c) => c.id);
  const benchClub = clubIds[0]!;
  await db.transaction().execute(async (trx) => {
    // Members: the bench club's 200 phones, and 20 members in every other club.
    await sql`
      insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt", "firstName", "lastName")
      select 'bench-' || c.n || '-' || g, 'Pilot ' || g, 'pilot' || g || '@club' || c.n || '.bench.invalid', true, now(), now(), 'Pilot', 'Number ' || g
      from unnest(${clubIds}::uuid[]) with ordinality as c(id, n)
      cross join lateral generate_series(1, case when c.n = 1 then ${phones}::int else 20 end) g`.execute(trx);
    await sql`
      insert into account (id, "accountId", "providerId", "userId", password, "createdAt", "updatedAt")
      select 'acct-' || id, id, 'credential', id, ${hash}, now(), now() from "user" where id like 'bench-%'`.execute(trx);
    await sql`
      insert into pilot (club_id, user_id, is_active, is_tow_pilot, activated_at)
      select c.id, u.id, true, (split_part(u.id, '-', 3)::int % 10 = 0), now()
      from unnest(${clubIds}::uuid[]) with ordinality as c(id, n)
      join "user" u on u.id like 'bench-' || c.n || '-%'`.execute(trx);
    await sql`
      insert into profile (user_id, active_club_id)
      select u.id, c.id from unnest(${clubIds}::uuid[]) with ordinality as c(id, n)
      join "user" u on u.id like 'bench-' || c.n || '-%'`.execute(trx);
    // Fleet: 30 gliders, 2 tugs and a fixed launch per club.
    await sql`
      insert into glider (club_id, id, places, status, rate_cents_per_minute)
      select c, 'C-G' || lpad(g::text, 3, '0'), 1 + g % 2, 'Ready', 50 from unnest(${clubIds}::uuid[]) c cross join generate_series(1, 30) g`.execute(trx);
    await sql`insert into tug (club_id, id, status) select c, t, 'Ready' from unnest(${clubIds}::uuid[]) c cross join unnest(array['C-FTOW', 'C-FTUG']) t`.execute(trx);
    await sql`insert into launch_type (club_id, id, kind, price_cents, height) select c, '2000 ft', 'fixed', 4000, 2000 from unnest(${clubIds}::uuid[]) c`.execute(trx);
    // Two years of finished flights: about 1,100 per club, landed 30 min after launch.
    await sql`
      insert into flight (club_id, id, day, user_id, fly_with, glider, launch_type, submitted_at, launched_at, landed_at, release_height)
      select c.id, gen_random_uuid(), d.day, 'bench-' || c.n || '-' || (1 + (d.i * 7 + k) % 20), 'Alone',
             'C-G' || lpad((1 + k % 30)::text, 3, '0'), '2000 ft',
             (d.day + time '13:00') at time zone ${ZONE}, (d.day + time '13:05') at time zone ${ZONE}, (d.day + time '13:35') at time zone ${ZONE}, 2000
      from unnest(${clubIds}::uuid[]) with ordinality as c(id, n)
      cross join lateral (select (${today}::date - (i * 2 + 1)) as day, i from generate_series(1, 365) i) d
      cross join generate_series(1, 3) k`.execute(trx);
    // The bench club's busy day: 25 landed, 5 flying, 10 waiting (in submission order).
    await sql`
      insert into flight (club_id, id, day, user_id, fly_with, glider, launch_type, submitted_at, launched_at, landed_at, release_height, tug, tow_pilot)
      select ${benchClub}::uuid, gen_random_uuid(), ${today}::date, 'bench-1-' || g,
             'Alone', 'C-G' || lpad((1 + g % 30)::text, 3, '0'), '2000 ft',
             now() - make_interval(mins => 300 - g * 5),
             case when g <= 30 then now() - make_interval(mins => 290 - g * 5) end,
             case when g <= 25 then now() - make_interval(mins => 260 - g * 5) end,
             case when g <= 25 then 2000 else 0 end,
             case when g <= 30 then 'C-FTOW' end,
             case when g <= 30 then 'bench-1-10' end
      from generate_series(1, 40) g`.execute(trx);
    await sql`
      insert into tow_event (club_id, tug, happened_at, kind, hobbs_hundredths, fuel_centilitres, pilot)
      select ${benchClub}::uuid, t, now() - make_interval(days => 200 - g), case when g % 3 = 0 then 'refuel' when g % 3 = 1 then 'checkIn' else 'checkOut' end,
             100000 + g * 50, case when g % 3 = 0 then 4000 else 0 end, case when g % 3 = 1 then 'bench-1-10' end
      from unnest(array['C-FTOW', 'C-FTUG']) t cross join generate_series(1, 199) g`.execute(trx);
  });
  await sql`analyze`.execute(db);
  const emails = Array.from({ length: phones }, (_, i) => `pilot${i + 1}@club1.bench.invalid`);
  return { emails, today };
}

function startServer(databaseUrl: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/line-poll-server.ts')], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('READY')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

interface Phone {
  agent: Agent;
  cookie: string;
}

function call(port: number, phone: Phone | undefined, method: string, path: string, body?: unknown): Promise<{ status: number; cookies: string[]; ms: number }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: phone?.agent,
        headers: {
          ...(phone ? { cookie: phone.cookie } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => {
          const ms = Number(process.hrtime.bigint() - started) / 1e6;
          resolve({ status: res.statusCode ?? 0, cookies: ([] as string[]).concat(res.headers['set-cookie'] ?? []), ms });
        });
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

/**
 * The phone keeps what the server sets, as a browser does: the session's
 * cookie cache lasts a minute (auth.ts), and the poll that finds it expired
 * reads the session from the database and sends a new one.
 */
/** Answers that renewed a phone's cookies. */
let renewals = 0;

function keepCookies(phone: Phone, setCookies: string[]): void {
  if (!setCookies.length) return;
  renewals += 1;
  const jar = new Map(phone.cookie.split('; ').filter(Boolean).map((pair) => [pair.slice(0, pair.indexOf('=')), pair] as const));
  for (const header of setCookies) {
    const pair = header.split(';')[0]!;
    const name = pair.slice(0, pair.indexOf('='));
    if (/;\s*max-age=0\b/i.test(header)) jar.delete(name);
    else jar.set(name, pair);
  }
  phone.cookie = [...jar.values()].join('; ');
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function summarise(latencies: number[], seconds: number) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    p50Ms: Number(percentile(sorted, 50).toFixed(2)),
    p99Ms: Number(percentile(sorted, 99).toFixed(2)),
    maxMs: Number(sorted.at(-1)!.toFixed(2)),
    perSecond: Number((sorted.length / seconds).toFixed(1)),
  };
}

export async function run(args: string[]): Promise<BenchmarkResult> {
  const seconds = option(args, 'seconds', 90);
  const phoneCount = option(args, 'phones', 200);
  const postgres = await startTempPostgres();
  let server: ChildProcess | undefined;
  try {
    const database = await openDatabase({ databaseUrl: postgres.url });
    await migrate(database.db);
    const seedStarted = Date.now();
    const { emails, today } = await seed(database.db, phoneCount);
    const flights = await database.db.selectFrom('flight').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    await database.close();
    console.log(`Seeded 50 clubs, ${flights.n} flights, ${phoneCount} phones in the bench club (${((Date.now() - seedStarted) / 1000).toFixed(1)} s)`);

    const port = await freePort();
    server = await startServer(postgres.url, port);
    const phones: Phone[] = [];
    for (const email of emails) {
      const signIn = await call(port, undefined, 'POST', '/api/auth/sign-in/email', { email, password: PASSWORD });
      if (signIn.status !== 200) throw new Error(`sign-in of ${email} answered ${signIn.status}`);
      phones.push({ agent: new Agent({ keepAlive: true, maxSockets: 1 }), cookie: signIn.cookies.map((c) => c.split(';')[0]).join('; ') });
    }
    const path = `/api/ground-status?day=${today}&includePilots=true`;
    const first = await call(port, phones[0], 'GET', path);
    if (first.status !== 200) throw new Error(`ground-status answered ${first.status}`);
    // Warm-up: every phone opens its connection and polls once.
    await Promise.all(phones.map((phone) => call(port, phone, 'GET', path)));

    // Phase 1: every phone polls every 10 s from a random offset.
    const polled: number[] = [];
    let failures = 0;
    const end = Date.now() + seconds * 1000;
    await Promise.all(
      phones.map(async (phone) => {
        let next = Date.now() + Math.random() * POLL_MS;
        for (;;) {
          await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
          if (Date.now() >= end) return;
          const answer = await call(port, phone, 'GET', path);
          keepCookies(phone, answer.cookies);
          if (answer.status === 200) polled.push(answer.ms);
          else failures += 1;
          next += POLL_MS;
        }
      }),
    );

    // Phase 2: back to back, for the throughput one process gives.
    const saturated: number[] = [];
    const stopAt = Date.now() + SATURATION_MS;
    await Promise.all(
      phones.map(async (phone) => {
        while (Date.now() < stopAt) {
          const answer = await call(port, phone, 'GET', path);
          keepCookies(phone, answer.cookies);
          if (answer.status === 200) saturated.push(answer.ms);
          else failures += 1;
        }
      }),
    );

    const poll = summarise(polled, seconds);
    const saturation = summarise(saturated, SATURATION_MS / 1000);
    console.log(`\n${phoneCount} phones polling GET /api/ground-status (40 flights on the line, 2 tugs, ${phoneCount} members) every 10 s for ${seconds} s:`);
    console.table({ 'every 10 s': poll, 'back to back': saturation });
    console.log(`${renewals} answers renewed a phone's session cookie cache (read the session from the database)`);
    const targetsMet = poll.p99Ms < TARGET_P99_MS && failures === 0;
    console.log(`Target: p99 under ${TARGET_P99_MS} ms at the 10-second poll — ${poll.p99Ms} ms: ${targetsMet ? 'met' : 'NOT met'}${failures ? ` (${failures} failed requests)` : ''}`);
    mkdirSync(join(ROOT, 'bench/out'), { recursive: true });
    writeFileSync(OUT, JSON.stringify({ date: new Date().toISOString(), phones: phoneCount, seconds, poll, saturation, failures, targetP99Ms: TARGET_P99_MS }, null, 2));
    for (const phone of phones) phone.agent.destroy();
    return { targetsMet };
  } finally {
    if (server && server.exitCode === null) {
      await new Promise<void>((resolve) => {
        server!.once('exit', () => resolve());
        server!.kill('SIGTERM');
        setTimeout(() => server!.kill('SIGKILL'), 5_000).unref();
      });
    }
    await postgres.stop();
  }
}
