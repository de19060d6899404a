import { join } from 'node:path';
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import noCrossFeatureImports from './no-cross-feature-imports.js';

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 'latest', sourceType: 'module' } });
const web = (file: string) => join(process.cwd(), 'packages/web/src', file);
/**
 * `code` in the web app's `file`, reported once with `messageId`; with `from` and `to`, the message names them and
 * the module `code` imports.
 */
const refused = (
  file: string,
  code: string,
  messageId: 'crossFeature' | 'kernelImportsFeature',
  from?: string,
  to?: string,
) => ({
  filename: web(file),
  code,
  errors: [from === undefined ? { messageId } : { messageId, data: { from, to, source: /'([^']+)'/.exec(code)![1] } }],
});

tester.run('no-cross-feature-imports', noCrossFeatureImports, {
  valid: [
    // A feature's own files, at any depth, and the kernel.
    { filename: web('features/admin/members/pilot-editor.js'), code: "import { Items } from '../items/kinds.js';" },
    { filename: web('features/crew/crew-page.js'), code: "import { clubToday } from '../../lib/club-dates.js';" },
    { filename: web('features/crew/crew-page.js'), code: "import { Fields } from '../../components/form/fields.js';" },
    {
      filename: web('features/crew/crew-page.js'),
      code: "import { PAGE_HEADINGS } from '@flightline/domain/pages/page-headings';",
    },
    // The router puts features together.
    { filename: web('app/router.js'), code: "const Crew = () => import('../features/crew/crew-page.js');" },
    // Files outside the web app are not its business.
    {
      filename: join(process.cwd(), 'e2e/offline.e2e.test.js'),
      code: "import { clubDateTime } from '../packages/web/src/features/x/club-dates.js';",
    },
  ],
  invalid: [
    refused(
      'features/logs/logs-page.js',
      "import { useGroundStatus } from '../ground/api.js';",
      'crossFeature',
      'logs',
      'ground',
    ),
    refused(
      'features/admin/funds/pilot-funds.js',
      "export { useLedger } from '../../accounting/api.js';",
      'crossFeature',
      'admin',
      'accounting',
    ),
    refused('features/intros/sale-page.js', "export * from '../accounting/api.js';", 'crossFeature'),
    refused(
      'features/home/home-page.js',
      "const page = () => import('../crew/crew-page.js');",
      'crossFeature',
      'home',
      'crew',
    ),
    refused(
      'lib/session.js',
      "import { HomePage } from '../features/home/home-page.js';",
      'kernelImportsFeature',
      'lib',
      'home',
    ),
    refused(
      'components/form/fields.js',
      "import { TaxFields } from '../../features/admin/tax-fields.js';",
      'kernelImportsFeature',
      'components',
      'admin',
    ),
  ],
});
