import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

/** Where Debian puts PostgreSQL's server programs, newest version first. */
export function findPgBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(`${root}/${v}/bin/initdb`))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? `${root}/${versions[0]}/bin` : undefined;
}

export const CHROMIUM = '/usr/bin/chromium';
const APT_PACKAGES = ['postgresql', 'chromium', 'fonts-liberation'];

/**
 * The tests need a PostgreSQL server and Chromium. As root, install what is
 * missing with apt; otherwise stop with the exact command to run.
 */
export function ensureSystemDeps(): void {
  const missing: string[] = [];
  if (!findPgBin()) missing.push('postgresql');
  if (!existsSync(CHROMIUM)) missing.push('chromium', 'fonts-liberation');
  if (missing.length === 0) return;
  const command = `apt-get update && apt-get install -y ${APT_PACKAGES.join(' ')}`;
  if (process.getuid?.() !== 0) {
    console.error(`The tests need ${missing.join(', ')}. Install them first:\n  sudo sh -c '${command}'`);
    process.exit(1);
  }
  console.log(`Installing ${missing.join(', ')} with apt…`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  const install = spawnSync('apt-get', ['install', '-y', '-qq', ...APT_PACKAGES], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (install.status !== 0) {
    console.error(`apt-get install failed; run: ${command}`);
    process.exit(1);
  }
}
