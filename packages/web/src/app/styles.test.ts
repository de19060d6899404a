import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../', import.meta.url));

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield path;
  }
}

/**
 * app/styles.scss generates the grid and utility classes only up to the `sm`
 * breakpoint (decision 0009): a class for md, lg, xl or xxl would exist in no
 * style sheet. Add the breakpoint there before using one.
 */
describe('the screens use grid and utility classes up to sm only', () => {
  it('no col-md-6, d-lg-flex, mt-xl-3… in the web app', () => {
    const found: string[] = [];
    const files = [...sources(SRC), join(SRC, '../index.html')];
    for (const file of files) {
      for (const match of readFileSync(file, 'utf8').matchAll(
        /(?<![\w-])(?:[a-z]+-)+(?:md|lg|xl|xxl)(?:-[a-z0-9]+)+(?![\w-])/g,
      )) {
        // Component classes keep every breakpoint (navbar-expand-lg, modal-fullscreen-md-down…): only grid and
        // utilities are cut.
        if (/^(?:navbar-expand|modal-fullscreen|table-responsive|offcanvas)-/.test(match[0])) continue;
        found.push(`${file.slice(SRC.length)}: ${match[0]}`);
      }
    }
    expect(found).toEqual([]);
  });
});
