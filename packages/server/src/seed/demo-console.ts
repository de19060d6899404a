import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { OLD_PUBLISHED_DEMO_PASSWORD } from './demo-password.ts';
import { seedDemo, type SeasonProgress } from './demo-season.ts';

/** A progress line at most this often: a season takes 15–60 s, and a line a second would bury the rest. */
const PROGRESS_EVERY_MS = 5_000;

/**
 * The demo club as `npm start` seeds it, saying what it does on the console
 * one plain line at a time (it reads the same in a log file): when the season
 * starts, how far it has got every few seconds, what it made, and then how to
 * log in — the password the club was made with, printed again on every start,
 * or a warning when the club still has the old published one.
 */
export async function seedDemoOnConsole(
  db: Kysely<DB>,
  options: { timeZone: string; history: boolean; password: string | undefined },
  log: (line: string) => void,
  clock: () => number = Date.now,
): Promise<void> {
  const startedMs = clock();
  let lastLineMs = startedMs;
  const onProgress = (progress: SeasonProgress) => {
    if (progress.daysDone === 0) {
      log(`Demo club: seeding its last season (${progress.firstDay} to ${progress.lastDay}) …`);
      return;
    }
    if (clock() - lastLineMs < PROGRESS_EVERY_MS) return;
    lastLineMs = clock();
    log(
      `Demo club: … ${progress.daysDone} of ${progress.days} days, ` +
        `${progress.flyingDays} flying days, ${progress.flights} flights`,
    );
  };
  const { demo, season } = await seedDemo(db, { ...options, onProgress });
  if (season) {
    log(
      `Demo club: last season seeded, ${season.firstDay} to ${season.lastDay}: ` +
        `${season.flights} flights on ${season.flyingDays} days, ` +
        (`${season.deposits} deposits, ${season.blocks} blocks, ` +
          `${season.introsSold} intros sold (${season.introsFlown} flown, `) +
        (`${season.introsRefunded} refunded, ${season.introsCancelled} ` +
          `cancelled), ${season.fees} fees, ${season.expenses} expenses, `) +
        `${season.tugSessions} tug sessions in ${((clock() - startedMs) / 1000).toFixed(1)} s`,
    );
  }
  const club = `Demo club "${demo.clubName}"`;
  const { password } = demo;
  if (password.kind === 'known' && demo.created) {
    log(
      `${club} created. Log in as ${demo.adminEmail} with password ` +
        `${password.password} (made at random for this database; each start prints it ` +
        `again)`,
    );
  } else if (password.kind === 'known') {
    log(`${club}: log in as ${demo.adminEmail} with password ${password.password}`);
  } else if (password.kind === 'old-published') {
    log(
      `Warning: ${club} still has the old published password ` +
        `${OLD_PUBLISHED_DEMO_PASSWORD} (older versions printed it in the ` +
        `README): ` +
        (`anyone who can reach this server can log in as ${demo.adminEmail}. Log in ` +
          `as each demo person and change it under Settings → Password.`),
    );
  } else {
    log(`${club}: log in as ${demo.adminEmail} with the password you changed it to (Settings → Password)`);
  }
}
