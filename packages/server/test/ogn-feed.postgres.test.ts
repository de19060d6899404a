import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCENARIO_AIRFIELD } from '@flightline/domain/ogn/scenarios';
import { openDatabase, type Database } from '../src/db/engine.ts';
import { startAprsServer, until, type AprsTestServer } from './helpers/aprs-server.ts';
import { ROOT, startServer, stopServer, type ServerProcess } from './helpers/server-process.ts';
import { createClub, createPostgresTestDatabase } from './helpers/test-app.ts';

/**
 * One OGN connection for the installation (docs/ogn.md "The feed"): two real
 * server processes on one PostgreSQL, a club with the feed on, a replay
 * APRS-IS server. Only the process holding the lease row logs in; when it
 * dies without a word (SIGKILL: no shutdown, no lease given up), the other
 * takes the expired lease and logs in — the lease lasts 20 s, renewed and
 * tried every 5 s, so within 25 s; the test allows 30 on a loaded machine.
 */

describe('the OGN feed on two server processes', { timeout: 180_000 }, () => {
  let database: Database;
  let aprs: AprsTestServer;
  let servers: ServerProcess[] = [];

  /** The pid in the lease's holder (`host:pid:random`), or null when nobody holds it. */
  const leaseHolderPid = async () => {
    const row = await database.db.selectFrom('ogn_feed_lease').select('holder').executeTakeFirst();
    return row ? Number(row.holder.split(':').at(-2)) : null;
  };

  beforeAll(async () => {
    aprs = await startAprsServer();
    const urls = await createPostgresTestDatabase();
    database = await openDatabase({ databaseUrl: urls.appUrl, poolSize: 2 });
    const club = await createClub(database.db, { name: 'Lease Field Soaring' });
    await database.db
      .updateTable('club')
      .set({
        ogn_mode: 'record',
        ogn_latitude: SCENARIO_AIRFIELD.latitude,
        ogn_longitude: SCENARIO_AIRFIELD.longitude,
        ogn_elevation_metres: 250,
        ogn_radius_km: 10,
      })
      .where('id', '=', club)
      .execute();
    const env = {
      DATABASE_URL: urls.appUrl,
      MIGRATION_DATABASE_URL: urls.ownerUrl,
      WEB_DIST: `${ROOT}/no-web-app-here`,
      OGN_APRS_SERVER: aprs.address,
    };
    servers = await Promise.all([startServer(env), startServer(env)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => stopServer(server)));
    await database?.close();
    await aprs?.close();
  });

  it('only the lease holder logs in; killed, the other logs in within 30 s', async () => {
    await until(() => aprs.logins.length >= 1, 30_000, 'the first login');
    expect(aprs.logins[0]).toMatch(
      /^user FL[0-9A-F]{6} pass -1 vers flightline \S+ filter r\/44\.1000\/-79\.6000\/10$/,
    );
    // Several renewals later (every 5 s), still one login, one connection, and the lease is the connected process's.
    await new Promise((resolve) => setTimeout(resolve, 12_000));
    expect(aprs.logins).toHaveLength(1);
    expect(aprs.clients).toBe(1);
    const holderPid = await leaseHolderPid();
    const holder = servers.find((server) => server.child.pid === holderPid);
    const other = servers.find((server) => server.child.pid !== holderPid);
    expect(holder, `lease holder pid ${holderPid}`).toBeDefined();

    const exited = new Promise((resolve) => holder!.child.once('exit', resolve));
    holder!.child.kill('SIGKILL');
    await exited;
    const killedAt = Date.now();
    await until(() => aprs.logins.length >= 2, 30_000, 'the other process to log in');
    const takeoverMs = Date.now() - killedAt;
    console.log(`OGN feed taken over ${(takeoverMs / 1000).toFixed(1)} s after the holder's SIGKILL`);
    expect(aprs.logins[1]).toMatch(/ filter r\/44\.1000\/-79\.6000\/10$/);
    expect(await leaseHolderPid()).toBe(other!.child.pid);
    await until(() => aprs.clients === 1, 5_000, 'one connection');
    expect(aprs.logins).toHaveLength(2);
  });
});
