import { join } from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import serverLayers from './server-layers.js';

RuleTester.describe = describe;
RuleTester.it = it;

// The server is TypeScript: `import type` is parsed (and checked) too.
const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
});
const server = (file: string) => join(process.cwd(), 'packages/server/src', file);
/** Three layers, bottom first, and what sits above the modules. */
const options = [{ modules: [['clubs'], ['members', 'fleet'], ['flights']], above: ['app.ts', 'app', 'cli'] }];
type MessageId =
  | 'plumbingImportsUp'
  | 'moduleImportsApp'
  | 'moduleAbove'
  | 'sameLayer'
  | 'kernelImportsModule'
  | 'registerImported'
  | 'unlisted';
const allowed = (file: string, code: string) => ({ filename: server(file), code, options });
/** `code` in the server's `file`, reported once with `messageId` (and `data`, when given). */
const refused = (file: string, code: string, messageId: MessageId, data?: Record<string, string | number>) => ({
  filename: server(file),
  code,
  options,
  errors: [data === undefined ? { messageId } : { messageId, data: { source: /'([^']+)'/.exec(code)![1], ...data } }],
});

tester.run('server-layers', serverLayers, {
  valid: [
    // A module imports lower layers, the plumbing, the modules' own files and its own files.
    allowed('modules/flights/line-service.ts', "import { lockClub } from '../clubs/repo.ts';"),
    allowed('modules/flights/line-service.ts', "import type { GliderRow } from '../fleet/repo.ts';"),
    allowed('modules/members/repo.ts', "export { findClub } from '../clubs/repo.ts';"),
    allowed('modules/flights/line-service.ts', "import { once } from '../once.ts';"),
    allowed('modules/flights/line-service.ts', "import { conflict } from '../../http/errors.ts';"),
    allowed('modules/flights/line-service.ts', "import { flightRecord } from './record.ts';"),
    // The modules' own files import the plumbing; register.ts imports every module.
    allowed('modules/once.ts', "import { conflict } from '../http/errors.ts';"),
    allowed('modules/register.ts', "import { registerClubRoutes } from './clubs/routes.ts';"),
    allowed('modules/register.ts', "import { registerFlightRoutes } from './flights/routes.ts';"),
    // The plumbing imports the plumbing; the app imports anything.
    allowed('http/context.ts', "import type { SessionUser } from '../auth/auth.ts';"),
    allowed('app.ts', "import { registerModules } from './modules/register.ts';"),
    allowed('app/first-state.ts', "import { serveCrew } from '../modules/flights/crew-service.ts';"),
    allowed('cli/club.ts', "const service = () => import('../modules/members/bootstrap-service.ts');"),
    // Packages and files outside the server's src are not its business.
    allowed('modules/clubs/service.ts', "import { compareText } from '@flightline/domain/club/text-order';"),
    {
      filename: join(process.cwd(), 'packages/server/test/fleet.test.ts'),
      code: "import { x } from '../src/modules/flights/repo.ts';",
      options,
    },
  ],
  invalid: [
    refused('modules/clubs/service.ts', "import { findItem } from '../fleet/repo.ts';", 'moduleAbove', {
      from: 'clubs',
      to: 'fleet',
      mine: 1,
      theirs: 2,
    }),
    refused('modules/fleet/service.ts', "export * from '../flights/repo.ts';", 'moduleAbove'),
    refused('modules/clubs/service.ts', "const repo = () => import('../../modules/flights/repo.ts');", 'moduleAbove'),
    refused('modules/fleet/service.ts', "import type { Member } from '../members/repo.ts';", 'sameLayer', {
      from: 'fleet',
      to: 'members',
    }),
    refused('modules/flights/line-service.ts', "import { x } from '../../app/first-state.ts';", 'moduleImportsApp', {
      to: 'app',
    }),
    refused('modules/flights/line-service.ts', "import { buildApp } from '../../app.ts';", 'moduleImportsApp'),
    refused('http/compression.ts', "import { EVENTS_URL } from '../modules/live/routes.ts';", 'plumbingImportsUp', {
      from: 'http',
      to: 'src/modules',
    }),
    refused('http/context.ts', "import { x } from '../app/web-app.ts';", 'plumbingImportsUp'),
    refused('http/metrics.ts', "import { once } from '../modules/once.ts';", 'plumbingImportsUp'),
    refused('modules/deps.ts', "import type { LiveHub } from './live/hub.ts';", 'kernelImportsModule', {
      from: 'deps.ts',
      to: 'live',
    }),
    refused('modules/flights/routes.ts', "import { registerModules } from '../register.ts';", 'registerImported'),
    refused('modules/flights/line-service.ts', "import { tell } from '../notifications/notifier.ts';", 'unlisted', {
      module: 'notifications',
    }),
    {
      filename: server('modules/notifications/notifier.ts'),
      code: "import { findClub } from '../clubs/repo.ts';",
      options,
      errors: [{ messageId: 'unlisted', data: { module: 'notifications' } }],
    },
  ],
});
