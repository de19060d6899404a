import { cpSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
// tsx's own esbuild (tsx is esbuild underneath): the version it pins, no second copy.
import { build } from 'esbuild';

/**
 * `npm run build:server`: the server as plain JavaScript for the container
 * (Dockerfile), so nothing compiles TypeScript at run time. Each entry point
 * (main.ts, and src/cli/NAME.ts as NAME.js) is one ES module in
 * packages/server/dist/ with our own code bundled in
 * (the server's and @flightline/domain's, whose package exports .ts files) and
 * every npm dependency left as an import, installed by `npm ci --omit=dev`.
 *
 * All the entry points sit in dist/ itself, so the paths the code resolves
 * from import.meta.url land where they did from src/ and src/db/: the web app
 * at ../../web/dist/ (app.ts) and the migrations at ./migrations/
 * (db/migrate.ts), copied here.
 */

const server = fileURLToPath(new URL('../packages/server/', import.meta.url));
const dist = `${server}dist/`;

interface PackageJson {
  dependencies?: Record<string, string>;
}
const dependencies = (path: string) =>
  Object.keys((JSON.parse(readFileSync(path, 'utf8')) as PackageJson).dependencies ?? {});
const external = [
  ...new Set([...dependencies(`${server}package.json`), ...dependencies(`${server}../domain/package.json`)]),
]
  .filter((name) => !name.startsWith('@flightline/'))
  // A package's subpaths too (`better-auth/api`, `@fastify/static`'s own are its business).
  .flatMap((name) => [name, `${name}/*`]);

const started = Date.now();
rmSync(dist, { recursive: true, force: true });
const result = await build({
  // The server, and each command-line tool under its own name: dist/migrate.js, dist/club.js, …
  entryPoints: [
    { in: `${server}src/main.ts`, out: 'main' },
    ...readdirSync(`${server}src/cli/`)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => ({ in: `${server}src/cli/${file}`, out: file.slice(0, -'.ts'.length) })),
  ],
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  external,
  sourcemap: 'linked',
  metafile: true,
  logLevel: 'warning',
});
// A package the code imports but the server does not declare would be bundled here and missing from `npm ci
// --omit=dev`.
const undeclared = Object.keys(result.metafile.inputs).filter(
  (path) => path.includes('node_modules/') && !path.includes('node_modules/@flightline/'),
);
if (undeclared.length)
  throw new Error(
    `Imported but not a dependency of @flightline/server or @flightline/domain: ${undeclared.join(', ')}`,
  );
cpSync(`${server}src/db/migrations/`, `${dist}migrations/`, { recursive: true });

const outputs = Object.entries(result.metafile.outputs).filter(([path]) => path.endsWith('.js'));
const kb = (bytes: number) => `${Math.round(bytes / 1024)} kB`;
console.log(
  `Built the server in ${Date.now() - started} ms: ` +
    outputs.map(([path, output]) => `${path.slice(path.indexOf('dist/'))} ${kb(output.bytes)}`).join(', ') +
    ', and the migrations in dist/migrations/',
);
