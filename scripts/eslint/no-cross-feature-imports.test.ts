import { join } from 'node:path';
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import noCrossFeatureImports from './no-cross-feature-imports.js';

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 'latest', sourceType: 'module' } });
const web = (file: string) => join(process.cwd(), 'packages/web/src', file);

tester.run('no-cross-feature-imports', noCrossFeatureImports, {
  valid: [
    // A feature's own files, at any depth, and the kernel.
    { filename: web('features/admin/members/pilot-editor.js'), code: "import { Items } from '../items/kinds.js';" },
    { filename: web('features/crew/crew-page.js'), code: "import { clubToday } from '../../lib/club-dates.js';" },
    { filename: web('features/crew/crew-page.js'), code: "import { Fields } from '../../components/form/fields.js';" },
    { filename: web('features/crew/crew-page.js'), code: "import { PAGE_HEADINGS } from '@flightline/domain/page-headings';" },
    // The router puts features together.
    { filename: web('app/router.js'), code: "const Crew = () => import('../features/crew/crew-page.js');" },
    // Files outside the web app are not its business.
    { filename: join(process.cwd(), 'e2e/offline.e2e.test.js'), code: "import { clubDateTime } from '../packages/web/src/features/x/club-dates.js';" },
  ],
  invalid: [
    {
      filename: web('features/logs/logs-page.js'),
      code: "import { useGroundStatus } from '../ground/api.js';",
      errors: [{ messageId: 'crossFeature', data: { from: 'logs', to: 'ground', source: '../ground/api.js' } }],
    },
    {
      filename: web('features/admin/funds/pilot-funds.js'),
      code: "export { useLedger } from '../../accounting/api.js';",
      errors: [{ messageId: 'crossFeature', data: { from: 'admin', to: 'accounting', source: '../../accounting/api.js' } }],
    },
    {
      filename: web('features/intros/sale-page.js'),
      code: "export * from '../accounting/api.js';",
      errors: [{ messageId: 'crossFeature' }],
    },
    {
      filename: web('features/home/home-page.js'),
      code: "const page = () => import('../crew/crew-page.js');",
      errors: [{ messageId: 'crossFeature', data: { from: 'home', to: 'crew', source: '../crew/crew-page.js' } }],
    },
    {
      filename: web('lib/session.js'),
      code: "import { HomePage } from '../features/home/home-page.js';",
      errors: [{ messageId: 'kernelImportsFeature', data: { from: 'lib', to: 'home', source: '../features/home/home-page.js' } }],
    },
    {
      filename: web('components/form/fields.js'),
      code: "import { TaxFields } from '../../features/admin/tax-fields.js';",
      errors: [{ messageId: 'kernelImportsFeature', data: { from: 'components', to: 'admin', source: '../../features/admin/tax-fields.js' } }],
    },
  ],
});
