import { DEMO_ADMIN_EMAIL, DEMO_CLUB_NAME, DEMO_MEMBERS } from '../../packages/server/src/seed/demo-club.ts';

/** The seeded "Demo Soaring Club" (packages/server/src/seed/demo-club.ts). */
export { DEMO_ADMIN_EMAIL, DEMO_CLUB_NAME, DEMO_MEMBERS };

/**
 * Every demo account's password on a test or bench server: given to the server as DEMO_PASSWORD (server.ts) or to
 * seedDemoClub, in place of the random one `npm start` makes.
 */
export const DEMO_PASSWORD = 'e2e-demo-password';

type Flag = 'is_admin' | 'is_instructor' | 'is_tow_pilot' | 'ground_only';

/** The demo member whose flags in the club are exactly `flags`. */
function withFlags(...flags: Flag[]): string {
  const found = DEMO_MEMBERS.find((m) => {
    const set = Object.entries(m.flags)
      .filter(([, on]) => on)
      .map(([name]) => name);
    return set.length === flags.length && flags.every((f) => set.includes(f));
  });
  if (!found) throw new Error(`no demo member with exactly ${flags.join(', ') || 'no flags'}`);
  return found.email;
}

/** The demo accounts by role. */
export const DEMO = {
  admin: DEMO_ADMIN_EMAIL,
  instructor: withFlags('is_instructor'),
  towPilot: withFlags('is_tow_pilot'),
  ground: withFlags('ground_only'),
  member: withFlags(),
} as const;
