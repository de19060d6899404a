import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../../../scripts/free-port.ts';

export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** A real server process (`node --import tsx packages/server/src/main.ts`, as `npm start` runs it). */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output: string[];
}

/** Starts main.ts on a free port with `env`; resolves once it says it is serving. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO: 'false',
      TRUST_PROXY: 'true',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start within 60 s:\n${output.join('')}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.join('').includes('Flightline is serving on')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output.join('')}`));
    });
  });
  return { url: `http://127.0.0.1:${port}`, child, output };
}

export async function stopServer(server: ServerProcess | undefined): Promise<void> {
  // A process killed by a signal has no exit code, only its signal: it has exited too.
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  // A server that has not exited 20 s after SIGTERM (its drain is shorter in tests) is killed: a test never hangs on
  // it.
  const kill = setTimeout(() => server.child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(kill);
}
