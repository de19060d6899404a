import type { Kysely } from 'kysely';
import type { Auth } from '../auth/auth.ts';
import type { Database } from '../db/engine.ts';
import type { DB } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { PushSender } from '../push/push-sender.ts';

/**
 * What every module's routes are given. This file sits below every module and
 * imports none: a module adds what only it is given by augmenting this
 * interface (the live hub: live/hub.ts).
 */
export interface ModuleDeps {
  db: Kysely<DB>;
  auth: Auth;
  database: Database;
  mailer: Mailer;
  /** Web Push to the members' installed apps (src/push). */
  push: PushSender;
  /** The server's clock (a test's injected one). */
  now: () => number;
  /** The server's secret (BETTER_AUTH_SECRET): invitation links are signed with it. */
  authSecret: string;
  /** The address the app is served at (PUBLIC_URL): links in mail point there. */
  publicUrl: string;
  minClientVersion: string;
  /** Set once the process is shutting down: GET /api/health answers 503 from then on. */
  lifecycle: { readonly draining: boolean };
}
