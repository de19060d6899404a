import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { RESYNC_EVENT, type LiveNotice } from '@flightline/domain/field/live-events';
import { publishNotice } from '../src/modules/live/repo.ts';
import { connectEvents, type EventStreamClient } from './helpers/event-stream.ts';
import { asOwner, createClub, createPerson, createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * A process whose LISTEN connection is lost misses the notices sent until it
 * is back: it tells every stream it holds to read its screens again
 * (`event: resync`), and passes notices on as before.
 */
describe('the live line when the listening connection is lost (PostgreSQL)', () => {
  let t: TestApp;
  let stream: EventStreamClient;
  let club: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    club = await createClub(t.db);
    const member = await createPerson(t.db, { club });
    stream = await connectEvents(`http://127.0.0.1:${port}`, { cookie: await t.signIn(member.email) });
    expect(stream.status).toBe(200);
  });
  afterAll(async () => {
    stream?.close();
    await t?.close();
  });

  it('sends resync to its streams once the listener is back, then the notices again', async () => {
    const ended = await asOwner(
      t.db,
      async (owner) =>
        (
          await sql<{ pid: number }>`
        select pg_terminate_backend(pid) as ended, pid from pg_stat_activity
         where datname = current_database() and query ilike 'listen %'`.execute(owner)
        ).rows,
    );
    expect(ended).toHaveLength(1);
    const resync = await stream.waitFor((event) => event.event === RESYNC_EVENT, 20_000, 'resync');
    expect(resync).toEqual({ id: '', event: RESYNC_EVENT, data: '{}' });

    const after: LiveNotice = { kind: 'tug', change: 'status', tugId: 'C-BACK' };
    await publishNotice(t.db, club, null, after);
    const event = await stream.waitFor(
      (e) => e.data === JSON.stringify(after),
      10_000,
      'the notice after reconnecting',
    );
    expect(Number(event.id)).toBeGreaterThan(0);
  });
});
