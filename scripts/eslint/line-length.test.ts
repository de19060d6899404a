import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import lineLength from './line-length.js';

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 'latest', sourceType: 'module' } });
const line = (length: number) => `const s = '${'x'.repeat(length - 13)}';`;

tester.run('line-length', lineLength, {
  valid: [
    { code: line(120) },
    { code: line(20), options: [{ max: 20 }] },
    // Characters, not bytes: 120 box-drawing characters are 360 bytes.
    { code: `// ${'─'.repeat(117)}` },
    // A regular expression literal, or a URL, can't be broken.
    { code: `const pattern = /${'a'.repeat(130)}/;` },
    { code: `// https://example.org/${'a'.repeat(130)}` },
    // Prettier's JSX fill ending a full line with the space between two elements.
    {
      code: `const a = <p>\n${'x'.repeat(120)}{' '}\n<b>y</b></p>;`,
      languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
    },
    // A test's data table, let through in the open.
    {
      code: `/* eslint-disable rule-to-test/line-length */\n${line(130)}\n/* eslint-enable rule-to-test/line-length */`,
    },
  ],
  invalid: [
    { code: line(121), errors: [{ messageId: 'tooLong', data: { length: 121, max: 120 }, line: 1 }] },
    { code: `const a = 1;\n// ${'word '.repeat(30)}`, errors: [{ messageId: 'tooLong', line: 2 }] },
    { code: line(21), options: [{ max: 20 }], errors: [{ messageId: 'tooLong', data: { length: 21, max: 20 } }] },
    // Over even without the {' '}.
    {
      code: `const a = <p>\n${'x'.repeat(121)}{' '}\n<b>y</b></p>;`,
      languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
      errors: [{ messageId: 'tooLong', line: 2 }],
    },
  ],
});
