import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress.ts';

describe('precompressDir: brotli and gzip copies of the built text files', () => {
  let dist: string;
  const text = (name: string) => `/* ${name} */ ${'const flightline = "field-ready";\n'.repeat(40)}`;

  beforeEach(() => {
    dist = mkdtempSync(join(tmpdir(), 'precompress-'));
    mkdirSync(join(dist, 'assets'));
    mkdirSync(join(dist, '.vite'));
  });
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  it('writes FILE.br and FILE.gz for js, css, html, svg, json and webmanifest, each decompressing to the file', () => {
    const names = [
      'index.html',
      'assets/index-abc.js',
      'assets/index-abc.css',
      'favicon.svg',
      'manifest.webmanifest',
      'assets/data.json',
    ];
    for (const name of names) writeFileSync(join(dist, name), text(name));
    const done = precompressDir(dist);
    expect(done.map((d) => d.file).sort()).toEqual([...names].sort());
    for (const name of names) {
      const original = readFileSync(join(dist, name));
      expect(brotliDecompressSync(readFileSync(join(dist, `${name}.br`))).equals(original)).toBe(true);
      expect(gunzipSync(readFileSync(join(dist, `${name}.gz`))).equals(original)).toBe(true);
      const entry = done.find((d) => d.file === name)!;
      expect(entry.br).toBeLessThan(entry.gzip!);
      expect(entry.gzip).toBeLessThan(original.length);
    }
  });

  it('leaves images, tiny files and dot folders (.vite/manifest.json is not served) alone', () => {
    writeFileSync(join(dist, 'icon-192.png'), Buffer.alloc(4096, 7));
    writeFileSync(join(dist, 'tiny.js'), 'export {};');
    writeFileSync(join(dist, '.vite', 'manifest.json'), text('manifest'));
    const done = precompressDir(dist);
    expect(done).toEqual([{ file: 'tiny.js', bytes: 10 }]);
    for (const name of ['icon-192.png', 'tiny.js', '.vite/manifest.json']) {
      expect(existsSync(join(dist, `${name}.br`))).toBe(false);
      expect(existsSync(join(dist, `${name}.gz`))).toBe(false);
    }
  });
});
