import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN_EMAIL, DEMO_MEMBERS, seedDemoClub } from '../src/seed/demo-club.ts';
import { seedDemoOnConsole } from '../src/seed/demo-console.ts';
import { OLD_PUBLISHED_DEMO_PASSWORD, storedDemoPassword } from '../src/seed/demo-password.ts';
import { asOwner, openTestDatabase, useTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * A first run that is safe (issue 24 item 6): `npm start` listens on every
 * address, so the demo people get a random password, printed on the console
 * and kept in app_setting so that every later start prints it again — never a
 * known one unless a test server asks for it (DEMO_PASSWORD).
 */

const ORIGIN = 'http://localhost:3000';
const MEMBER = DEMO_MEMBERS.find((m) => m.email.startsWith('member@'))!.email;
const PRINTED =
  /Log in as admin@demo\.flightline\.local with password (\S+) \(made at random for this database; each start prints it again\)$/;

/** One start's demo lines, as the console shows them (without the season: the club alone). */
async function start(t: TestApp): Promise<string[]> {
  const lines: string[] = [];
  await seedDemoOnConsole(t.db, { timeZone: 'America/Toronto', history: false, password: undefined }, (line) =>
    lines.push(line),
  );
  return lines;
}

const signInStatus = async (t: TestApp, email: string, password: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } })).statusCode;

describe('the demo club made by `npm start`', () => {
  const t = useTestApp();

  it(
    'gives its people a random password of 20 characters, not the old ' +
      'published one, printed and kept for the next start',
    async () => {
      const lines = await start(t);
      expect(lines).toHaveLength(1);
      const printed = PRINTED.exec(lines[0]!)?.[1];
      expect(printed).toMatch(/^[a-hjkmnp-z2-9]{5}(-[a-hjkmnp-z2-9]{5}){3}$/);
      expect(printed).not.toBe(OLD_PUBLISHED_DEMO_PASSWORD);
      expect(await storedDemoPassword(t.db)).toBe(printed);

      // The next start changes nothing and says the same password again.
      expect(await start(t)).toEqual([
        `Demo club "Demo Soaring Club": log in as ${DEMO_ADMIN_EMAIL} with password ${printed}`,
      ]);
      expect(await storedDemoPassword(t.db)).toBe(printed);
    },
  );

  it(
    'signs in the demo admin and the demo member with the printed ' + 'password, and nobody with the old published one',
    async () => {
      const password = (await storedDemoPassword(t.db))!;
      expect(await signInStatus(t, DEMO_ADMIN_EMAIL, password)).toBe(200);
      expect(await signInStatus(t, MEMBER, password)).toBe(200);
      expect(await signInStatus(t, DEMO_ADMIN_EMAIL, OLD_PUBLISHED_DEMO_PASSWORD)).toBe(401);
    },
  );

  it('makes another password for another database', async () => {
    const other = await openTestDatabase();
    try {
      const second = await seedDemoClub(other.db);
      expect(second.password.kind).toBe('known');
      expect(second.password).not.toEqual({ kind: 'known', password: await storedDemoPassword(t.db) });
    } finally {
      await other.close();
    }
  });
});

describe('a demo club an older version made (the published password, none kept)', () => {
  const t = useTestApp();

  it("warns that anyone can log in as its admin and how to change it, and changes nobody's password", async () => {
    await seedDemoClub(t.db, { password: OLD_PUBLISHED_DEMO_PASSWORD });
    await asOwner(t.db, (owner) => owner.deleteFrom('app_setting').where('key', '=', 'demo_password').execute());

    expect(await start(t)).toEqual([
      `Warning: Demo club "Demo Soaring Club" still has the old published password ` +
        `${OLD_PUBLISHED_DEMO_PASSWORD} (older versions printed it in the README): ` +
        (`anyone who can reach this server can log in as ${DEMO_ADMIN_EMAIL}. Log in ` +
          `as each demo person and change it under Settings → Password.`),
    ]);
    expect(await storedDemoPassword(t.db)).toBeNull();
    expect(await signInStatus(t, DEMO_ADMIN_EMAIL, OLD_PUBLISHED_DEMO_PASSWORD)).toBe(200);
  });

  it('once the admin has changed it under Settings → Password, neither warns nor prints a password', async () => {
    const cookie = await t.signIn(DEMO_ADMIN_EMAIL, OLD_PUBLISHED_DEMO_PASSWORD);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie, origin: ORIGIN },
      payload: {
        currentPassword: OLD_PUBLISHED_DEMO_PASSWORD,
        newPassword: 'our-own-demo-password',
        revokeOtherSessions: true,
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(await start(t)).toEqual([
      `Demo club "Demo Soaring Club": log in as ${DEMO_ADMIN_EMAIL} with ` +
        `the password you changed it to (Settings → Password)`,
    ]);
  });
});
