import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusal } from './helpers/api.ts';
import { openAlpha, type AlphaClub } from './helpers/clubs.ts';
import { connectEvents, type EventStreamClient } from './helpers/event-stream.ts';
import { createClub, createPerson, type Person } from './helpers/test-app.ts';
import { MAX_STREAMS_PER_SESSION, TOO_MANY_STREAMS } from '../src/modules/live/stream-service.ts';

const ORIGIN = 'http://localhost:3000';
/** Generous for a loaded machine: the notice that ends a stream is sent at the commit. */
const ENDS_WITHIN_MS = 5_000;

/** Resolves true when the stream ends within `ms`, false when it is still open then. */
const endsWithin = (stream: EventStreamClient, ms = ENDS_WITHIN_MS) =>
  Promise.race([
    stream.ended.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);
const stillOpen = async (stream: EventStreamClient) => expect(await endsWithin(stream, 300)).toBe(false);

/**
 * A stream ends with its access (docs/live.md "Who"): checked against the
 * database when it opens, and ended within seconds of a sign-out, a session
 * revoked, the membership deactivated, a change of rights or of active club;
 * at most MAX_STREAMS_PER_SESSION per session.
 */
describe('live streams end with access', () => {
  let { t, api, alpha } = {} as AlphaClub;
  let baseUrl: string;
  const open: EventStreamClient[] = [];
  const connect = async (cookie: string) => {
    const client = await connectEvents(baseUrl, { cookie });
    open.push(client);
    return client;
  };
  /** A fresh member of Alpha, signed in: a session of their own. */
  const member = async (): Promise<Person & { cookie: string }> => {
    const person = await createPerson(t.db, { club: alpha });
    return { ...person, cookie: await t.signIn(person.email) };
  };

  beforeAll(async () => {
    ({ t, api, alpha } = await openAlpha({ live: { heartbeatMs: 200 } }));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    for (const client of open) client.close();
    await t.close();
  });

  it("sign-out ends the session's streams, and its cookie — cache and all — opens no new one", async () => {
    const pat = await member();
    const other = await member();
    const stream = await connect(pat.cookie);
    const bystander = await connect(other.cookie);
    expect(stream.status).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: pat.cookie, origin: ORIGIN },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect(await endsWithin(stream)).toBe(true);
    await stillOpen(bystander);
    // The old cookie still holds a fresh signed session cache: a read may use it (decision 0006), a stream may not.
    const again = await connect(pat.cookie);
    expect(again.status).toBe(401);
  });

  it(
    'a session revoked elsewhere (its row deleted: a password ' + 'reset, "sign out other devices") ends its streams',
    async () => {
      const pat = await member();
      const phone = await connect(pat.cookie);
      const laptopCookie = await t.signIn(pat.email);
      const laptop = await connect(laptopCookie);
      const laptopSession = await t.db
        .selectFrom('session')
        .select('id')
        .where('userId', '=', pat.userId)
        .orderBy('createdAt', 'desc')
        .executeTakeFirstOrThrow();
      await t.db.deleteFrom('session').where('userId', '=', pat.userId).where('id', '!=', laptopSession.id).execute();
      expect(await endsWithin(phone)).toBe(true);
      await stillOpen(laptop);
    },
  );

  it("deactivating the membership ends the member's streams; other members' stay open", async () => {
    const pat = await member();
    const mo = await member();
    const patStream = await connect(pat.cookie);
    const moStream = await connect(mo.cookie);
    await t.db.updateTable('pilot').set({ is_active: false }).where('user_id', '=', pat.userId).execute();
    expect(await endsWithin(patStream)).toBe(true);
    await stillOpen(moStream);
    expect((await connect(pat.cookie)).status).toBe(403);
  });

  it('a change of rights, and a change of active club, end the streams (the reconnect is checked again)', async () => {
    const pat = await member();
    const promoted = await connect(pat.cookie);
    await t.db.updateTable('pilot').set({ is_admin: true }).where('user_id', '=', pat.userId).execute();
    expect(await endsWithin(promoted)).toBe(true);
    const before = await connect(pat.cookie);
    expect(before.status).toBe(200);
    // Writing a column no access depends on leaves it open.
    await t.db.updateTable('profile').set({ phone: '555-0100' }).where('user_id', '=', pat.userId).execute();
    await stillOpen(before);
    const other = await createClub(t.db, { name: 'Other Soaring' });
    await t.db.updateTable('profile').set({ active_club_id: other }).where('user_id', '=', pat.userId).execute();
    expect(await endsWithin(before)).toBe(true);
  });

  it(`at most ${MAX_STREAMS_PER_SESSION} streams per session: the next answers 429 until one closes`, async () => {
    const pat = await member();
    const streams: EventStreamClient[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) streams.push(await connect(pat.cookie));
    expect(streams.map((stream) => stream.status)).toEqual(Array(MAX_STREAMS_PER_SESSION).fill(200));
    const fifth = await api.get('/api/events', pat.cookie);
    expect([fifth.statusCode, fifth.json()]).toEqual([
      429,
      { ...refusal(429, TOO_MANY_STREAMS), error: 'Too Many Requests' },
    ]);
    expect(fifth.headers['retry-after']).toBe('30');
    // Another session of the same person has its own four.
    const laptop = await connect(await t.signIn(pat.email));
    expect(laptop.status).toBe(200);
    streams[0]!.close();
    await expect.poll(async () => (await connect(pat.cookie)).status, { timeout: ENDS_WITHIN_MS }).toBe(200);
  });
});
