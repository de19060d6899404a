import { openDatabase } from '../../packages/server/src/db/engine.ts';
import { migrate } from '../../packages/server/src/db/migrate.ts';
import { createPasswordUser } from '../../packages/server/src/seed/demo-club.ts';

/** A club whose admin wrote a hostile message: the browser must show its text and run none of it. */
export const HOSTILE = {
  clubName: 'Hostile Message Club',
  memberEmail: 'reader@hostile.example.org',
  password: 'hostile-club-pass-1',
  message:
    '<p>Field <strong>open</strong> today</p>' +
    '<script>window.__pwned = "script"</script>' +
    '<img src="/x.png" onerror="window.__pwned = \'onerror\'">' +
    '<a href="javascript:window.__pwned=\'link\'">club rules</a>',
} as const;

/**
 * Data the browser tests need that no screen can create yet, written into
 * the data folder before the server opens it (PGlite is single-process).
 */
export async function seedE2eFixtures(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir });
  try {
    await migrate(database.db);
    await database.db.transaction().execute(async (trx) => {
      const club = await trx
        .insertInto('club')
        .values({ name: HOSTILE.clubName, time_zone: 'America/Vancouver', message: HOSTILE.message })
        .returning('id')
        .executeTakeFirstOrThrow();
      const userId = await createPasswordUser(trx, {
        email: HOSTILE.memberEmail,
        first: 'Rita',
        last: 'Reader',
        password: HOSTILE.password,
      });
      await trx.insertInto('profile').values({ user_id: userId, active_club_id: club.id }).execute();
      await trx
        .insertInto('pilot')
        .values({ club_id: club.id, user_id: userId, is_active: true, activated_at: new Date() })
        .execute();
    });
  } finally {
    await database.close();
  }
}
