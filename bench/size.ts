import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { printTable } from './ledger.ts';
import type { BenchmarkResult } from './run.ts';

/**
 * SIZE: the gzipped JS and CSS a phone downloads for a page, from Vite's
 * build manifest. A page loads the entry chunk, what index.html preloads
 * (the modules the app imports as it starts), the lazy route chunks it
 * opens, and everything those import statically (their `imports`, never
 * their `dynamicImports`), with each chunk's CSS.
 *
 * Options: --no-build reuses packages/web/dist (otherwise the web app is built first).
 */

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const DIST = join(ROOT, 'packages/web/dist');
const MANIFEST = join(DIST, '.vite/manifest.json');
const OUT = join(ROOT, 'bench/out/size.json');

/** kB as Vite prints them: 1000 bytes, gzip level 9. */
const KB = 1000;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface PageSpec {
  name: string;
  /** Lazily imported modules (manifest keys) the page loads on a first visit. */
  lazy: string[];
  targets?: { jsKb: number; cssKb: number };
}

const PAGES: PageSpec[] = [
  // The landing page is part of the entry chunk (features/home/home-or-landing.tsx imports it statically).
  { name: 'landing (signed out)', lazy: [] },
  { name: 'member home (signed in)', lazy: ['src/features/home/home-page.tsx'], targets: { jsKb: 100, cssKb: 20 } },
  // The screens used at the field, on a phone: what they need to show, not their dialogs (loaded once they are up).
  { name: 'crew (Request Flight)', lazy: ['src/features/crew/crew-page.tsx'], targets: { jsKb: 120, cssKb: 20 } },
  {
    name: 'ground (line management)',
    lazy: ['src/features/ground/ground-page.tsx'],
    targets: { jsKb: 120, cssKb: 20 },
  },
];

export function readManifest(): Manifest {
  return JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;
}

/**
 * The manifest keys of the chunks index.html preloads (`<link rel="modulepreload">`) besides the entry's own
 * imports.
 */
function preloadedByIndexHtml(manifest: Manifest): string[] {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const hrefs = new Set([...html.matchAll(/<link rel="modulepreload"[^>]* href="\/([^"]+)"/g)].map((m) => m[1]!));
  return Object.keys(manifest).filter((key) => hrefs.has(manifest[key]!.file));
}

/**
 * The files (JS and CSS) a page downloads: the entry, what index.html preloads and the `lazy` modules, with their
 * static imports.
 */
export function filesLoaded(manifest: Manifest, lazy: string[]): Set<string> {
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry in the build manifest, found ${entries.length}`);
  entries.push(...preloadedByIndexHtml(manifest));
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest (renamed, or no longer lazily imported?)`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of [...entries, ...lazy]) visit(key);
  return files;
}

/** Every JS and CSS file of the build. */
function allFiles(manifest: Manifest): Set<string> {
  const files = new Set<string>();
  for (const chunk of Object.values(manifest)) {
    if (/\.(js|css)$/.test(chunk.file)) files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
  }
  return files;
}

const gzipCache = new Map<string, number>();
function gzipBytes(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

interface Totals {
  jsBytes: number;
  cssBytes: number;
}
function totals(files: Iterable<string>): Totals {
  let jsBytes = 0;
  let cssBytes = 0;
  for (const file of files) {
    if (file.endsWith('.js')) jsBytes += gzipBytes(file);
    else if (file.endsWith('.css')) cssBytes += gzipBytes(file);
  }
  return { jsBytes, cssBytes };
}

const kb = (bytes: number) => (bytes / KB).toFixed(1);

export async function run(args: string[]): Promise<BenchmarkResult> {
  if (!args.includes('--no-build')) {
    const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    if (build.status !== 0) throw new Error('`npm run build` failed');
  }
  let manifest: Manifest;
  try {
    manifest = readManifest();
  } catch {
    throw new Error(
      `${MANIFEST} is missing: build the web app (npm run build), with build.manifest in packages/web/vite.config.ts`,
    );
  }

  const rows: string[][] = [['page', 'JS kB', 'CSS kB', 'JS target', 'CSS target', 'met']];
  const report: Record<string, unknown> = {};
  let targetsMet = true;
  let homeFiles = new Set<string>();
  for (const page of PAGES) {
    const files = filesLoaded(manifest, page.lazy);
    if (page.lazy.includes('src/features/home/home-page.tsx')) homeFiles = files;
    const { jsBytes, cssBytes } = totals(files);
    const met = page.targets ? jsBytes <= page.targets.jsKb * KB && cssBytes <= page.targets.cssKb * KB : undefined;
    if (met === false) targetsMet = false;
    rows.push([
      page.name,
      kb(jsBytes),
      kb(cssBytes),
      page.targets ? `≤ ${page.targets.jsKb}` : '',
      page.targets ? `≤ ${page.targets.cssKb}` : '',
      met === undefined ? '' : met ? 'yes' : 'NO',
    ]);
    report[page.name] = {
      jsBytes,
      cssBytes,
      files: [...files].sort(),
      targets: page.targets ?? null,
      met: met ?? null,
    };
  }

  const backOffice = [...allFiles(manifest)].filter((file) => !homeFiles.has(file));
  const split = totals(backOffice);
  rows.push([
    `not loaded by member home (${backOffice.length} files)`,
    kb(split.jsBytes),
    kb(split.cssBytes),
    '',
    '',
    '',
  ]);
  report['not loaded by member home'] = { ...split, files: [...backOffice].sort() };

  printTable(rows);
  console.log('\nkB = 1000 bytes after gzip -9. Files per page:');
  for (const page of PAGES) {
    const files = [...(report[page.name] as { files: string[] }).files];
    console.log(`  ${page.name}: ${files.map((f) => `${f.replace('assets/', '')} ${kb(gzipBytes(f))}`).join(', ')}`);
  }
  const largest = [...backOffice].sort((a, b) => gzipBytes(b) - gzipBytes(a)).slice(0, 8);
  if (largest.length)
    console.log(
      `  not loaded by member home, largest: ` +
        `${largest.map((f) => `${f.replace('assets/', '')} ${kb(gzipBytes(f))}`).join(', ')}`,
    );

  mkdirSync(join(ROOT, 'bench/out'), { recursive: true });
  writeFileSync(OUT, JSON.stringify({ at: new Date().toISOString(), pages: report }, null, 2));
  console.log(`  (written to ${OUT.replace(ROOT, '')})`);
  return { targetsMet };
}
