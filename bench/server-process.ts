import { spawn, type ChildProcess } from 'node:child_process';

/**
 * A bench API server in its own process (the load generator must not share
 * its event loop): `script` run with tsx on DATABASE_URL and PORT; resolves
 * once it prints READY.
 */
export function startServerProcess(
  script: string,
  options: { databaseUrl: string; port: number; nodeArgs?: string[]; env?: Record<string, string>; ipc?: boolean },
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', script], {
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      PORT: String(options.port),
      ...options.env,
      NODE_ENV: 'production',
    },
    stdio: options.ipc ? ['ignore', 'pipe', 'inherit', 'ipc'] : ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('READY')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

/** Stop a bench server that is still running: SIGTERM, then SIGKILL if it has not gone after 5 s. */
export async function stopServerProcess(server: ChildProcess | undefined): Promise<void> {
  if (!server || server.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    server.once('exit', () => resolve());
    server.kill('SIGTERM');
    setTimeout(() => server.kill('SIGKILL'), 5_000).unref();
  });
}
