import { join } from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import noAnswerCasts from './no-answer-casts.js';

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
});
const web = (file: string) => join(process.cwd(), 'packages/web/src', file);
const types = "import type { FlightActionResult, FlightCreated } from '@flightline/domain/api/types';\n";
const refused = (file: string, code: string, messageId: 'castToDeclared' | 'castOfWire' | 'pathInOutbox') => ({
  filename: web(file),
  code,
  errors: [{ messageId }],
});

tester.run('no-answer-casts', noAnswerCasts, {
  valid: [
    // The answer as its call types it.
    {
      filename: web('features/ground/use-line-action.ts'),
      code: `${types}send(entry, (outcome) => { if (outcome.kind === 'done') answered(outcome.body); return true; });`,
    },
    // The answer's types as annotations, and narrowing with a check.
    {
      filename: web('features/crew/crew-page.tsx'),
      code:
        `${types}const placed: FlightCreated | null = null; if (typeof body === ` +
        `'object' && body !== null && 'message' in body) use(body.message);`,
    },
    // `as const`, and casts of what did not come over the wire.
    {
      filename: web('features/ground/x.ts'),
      code: "const modes = ['a', 'b'] as const; const input = event.target as HTMLInputElement;",
    },
    { filename: web('lib/api.ts'), code: 'const query = sent as Query; const error = thrown as Error | null;' },
    // An entry names its call; a page's own route is not an API path.
    {
      filename: web('lib/outbox/field-events.ts'),
      code: "const entry = { kind: 'line-action', call: 'POST /api/update-flight/', input };",
    },
    { filename: web('features/crew/crew-page.tsx'), code: "navigate('/');" },
    // Outside the web app, and an outbox path outside the outbox (a test reads it as an earlier version stored it).
    {
      filename: join(process.cwd(), 'packages/server/test/helpers/api.ts'),
      code: `${types}const answer = response.json() as FlightCreated;`,
    },
    { filename: web('features/ground/x.ts'), code: "const old = '/update-flight/';" },
  ],
  invalid: [
    // What the outbox's screens did before their outcomes were typed.
    refused(
      'features/ground/use-line-action.ts',
      `${types}answered(outcome.body as FlightActionResult);`,
      'castToDeclared',
    ),
    refused(
      'features/crew/crew-page.tsx',
      `${types}void showAnswer(outcome.body as FlightCreated, weight);`,
      'castToDeclared',
    ),
    refused(
      'features/tugs/fuel-page.tsx',
      'toast({ message: (outcome.body as { message: string }).message });',
      'castOfWire',
    ),
    refused('features/tugs/pending-tows.ts', 'const data = (entry.body.data ?? {}) as TowData;', 'castOfWire'),
    refused(
      'features/ground/release-height.ts',
      'const fields = refusal.body as Record<string, unknown>;',
      'castOfWire',
    ),
    // A call's answer, a response's JSON, a type built on a declaration, the old angle-bracket form.
    refused(
      'lib/api/items.ts',
      "const items = (await call('GET /api/list-items/', { type })).items as Glider[];",
      'castOfWire',
    ),
    refused(
      'lib/outbox/fetch-transport.ts',
      'const session = (await response.json()) as { userID?: string };',
      'castOfWire',
    ),
    refused(
      'features/x/y.ts',
      'import type { AnswerOf } from ' +
        "'@flightline/domain/api/define-call';\nconst a = value as " +
        'AnswerOf<typeof getTugs>;',
      'castToDeclared',
    ),
    refused('features/x/y.ts', `${types}const flight = <FlightActionResult>value;`, 'castToDeclared'),
    // A path in the outbox, as a string or in a template.
    refused(
      'lib/outbox/field-events.ts',
      "const entry = { kind: 'line-action', path: '/update-flight/', body };",
      'pathInOutbox',
    ),
    refused('lib/outbox/fetch-transport.ts', 'fetch(`${origin}/api/create-tow/`);', 'pathInOutbox'),
  ],
});
