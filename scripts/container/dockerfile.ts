import { spawn } from 'node:child_process';
import {
  copyFileSync,
  lchownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  symlinkSync,
} from 'node:fs';
import { dirname, join, posix } from 'node:path';

/**
 * A Dockerfile carried out without a container engine (there is none on the
 * test machines, and no registry to pull a base image from): each stage gets a
 * folder standing in for its file system, COPY copies from the build context
 * (minus .dockerignore) or from an earlier stage's folder, RUN runs its shell
 * command in the stage's WORKDIR with the stage's ENV, and the image's
 * settings (USER, EXPOSE, HEALTHCHECK, CMD) are read for the caller to run.
 * The host's Node.js stands in for the base image's: FROM node:N… must name
 * the host's major version. Anything it does not know is refused, so the
 * Dockerfile cannot grow a step this check silently skips.
 */

export interface Instruction {
  keyword: string;
  /** Leading --name=value options. */
  flags: Record<string, string>;
  args: string;
  line: number;
}

export interface Stage {
  /** `AS name`, or the stage's index. */
  name: string;
  from: string;
  instructions: Instruction[];
}

export interface StageResult {
  /** The folder standing in for the stage's file system root. */
  root: string;
  /** The absolute WORKDIR inside it. */
  workdir: string;
  env: Record<string, string>;
  user: string | undefined;
  exposed: string[];
  healthcheck: { flags: Record<string, string>; command: string[] } | undefined;
  cmd: string[] | undefined;
  /** Each RUN's command and seconds taken. */
  runs: { command: string; seconds: number }[];
}

/** The users of the node images (`node`, uid and gid 1000), for COPY --chown as root. */
const BASE_IMAGE_USERS: Record<string, number> = { root: 0, node: 1000 };

export function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = i + 1;
    if (/^\s*(#.*)?$/.test(lines[i]!)) continue;
    let logical = lines[i]!.trimEnd();
    while (logical.endsWith('\\')) {
      logical = logical.slice(0, -1);
      // Comment lines inside a continued instruction are dropped, as Docker does.
      while (i + 1 < lines.length && /^\s*#/.test(lines[i + 1]!)) i++;
      logical += ` ${(lines[++i] ?? '').trim()}`;
    }
    const match = /^\s*(\w+)\s+(.*)$/.exec(logical);
    if (!match) throw new Error(`Dockerfile line ${line}: cannot read "${logical}"`);
    const keyword = match[1]!.toUpperCase();
    let args = match[2]!.trim();
    const flags: Record<string, string> = {};
    for (let flag = /^--([\w-]+)=(\S+)\s+/.exec(args); flag; flag = /^--([\w-]+)=(\S+)\s+/.exec(args)) {
      flags[flag[1]!] = flag[2]!;
      args = args.slice(flag[0].length);
    }
    if (keyword === 'FROM') {
      const [from, as, name] = args.split(/\s+/);
      stages.push({
        name: as?.toUpperCase() === 'AS' && name ? name : String(stages.length),
        from: from!,
        instructions: [],
      });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) throw new Error(`Dockerfile line ${line}: ${keyword} before FROM`);
    stage.instructions.push({ keyword, flags, args, line });
  }
  return stages;
}

/** .dockerignore's patterns as a test of a context-relative path (a folder left out leaves out all inside it). */
export function dockerignore(text: string): (path: string) => boolean {
  const rules = text
    .split('\n')
    .map((rule) => rule.trim())
    .filter((rule) => rule && !rule.startsWith('#'))
    .map((rule) => {
      const negated = rule.startsWith('!');
      const pattern = posix.normalize((negated ? rule.slice(1) : rule).replace(/^\/+/, '')).replace(/\/+$/, '');
      let source = '';
      for (let i = 0; i < pattern.length; i++) {
        const c = pattern[i]!;
        if (pattern.startsWith('**/', i)) {
          source += '(?:.*/)?';
          i += 2;
        } else if (pattern.startsWith('**', i)) {
          source += '.*';
          i += 1;
        } else if (c === '*') source += '[^/]*';
        else if (c === '?') source += '[^/]';
        else source += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
      }
      return { negated, regex: new RegExp(`^${source}$`) };
    });
  return (path) => {
    const parts = path.split('/');
    let ignored = false;
    for (const rule of rules) {
      for (let n = 1; n <= parts.length; n++) {
        if (rule.regex.test(parts.slice(0, n).join('/'))) ignored = !rule.negated;
      }
    }
    return ignored;
  };
}

/** Copy `from` (a file, link or folder) to `to`, leaving out what `skip` names (context-relative paths). */
function copyTree(
  from: string,
  to: string,
  relative: string | undefined,
  skip: (path: string) => boolean,
  owner: number | undefined,
) {
  if (relative !== undefined && relative !== '' && skip(relative)) return;
  const stat = lstatSync(from);
  mkdirSync(dirname(to), { recursive: true });
  if (stat.isSymbolicLink()) symlinkSync(readlinkSync(from), to);
  else if (stat.isDirectory()) {
    mkdirSync(to, { recursive: true, mode: stat.mode & 0o7777 });
    for (const name of readdirSync(from)) {
      copyTree(
        join(from, name),
        join(to, name),
        relative === undefined ? undefined : relative ? `${relative}/${name}` : name,
        skip,
        owner,
      );
    }
  } else copyFileSync(from, to);
  if (owner !== undefined) lchownSync(to, owner, owner);
}

/** A shell command to its end, its output kept for the error; rejects on a non-zero exit. */
export function sh(
  command: string,
  options: { cwd: string; env: Record<string, string>; uid?: number },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', command], {
      cwd: options.cwd,
      env: options.env,
      uid: options.uid,
      gid: options.uid,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve(output);
      else
        reject(
          new Error(
            `"${command}" in ${options.cwd} ended with ${signal ?? `exit code ${code}`}:\n${output.slice(-4000)}`,
          ),
        );
    });
  });
}

/**
 * What a RUN starts with besides the stage's ENV: the host's PATH (its node and npm), HOME (its npm
 * cache and settings) and how this machine reaches the registry (a proxy, its certificate authority).
 */
export function hostEnv(): Record<string, string> {
  const network = Object.entries(process.env).filter(([name]) =>
    /^(NODE_EXTRA_CA_CERTS|SSL_CERT_(FILE|DIR)|(https?|no)_proxy)$/i.test(name),
  );
  return {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    HOME: process.env.HOME ?? '/root',
    ...(Object.fromEntries(network) as Record<string, string>),
  };
}

/**
 * Carry out one stage in `root`: COPY from `context` (or an earlier stage's
 * result, --from=name), RUN each command. `log` hears each step.
 */
export async function runStage(
  stage: Stage,
  options: { root: string; context: string; earlier: Record<string, StageResult>; log: (line: string) => void },
): Promise<StageResult> {
  const hostMajor = process.versions.node.split('.')[0];
  const image = /^node:(\d+)(?:-[\w.-]+)?$/.exec(stage.from);
  if (!image) throw new Error(`FROM ${stage.from}: only the node images are known here`);
  if (image[1] !== hostMajor)
    throw new Error(
      `FROM ${stage.from}, but this machine's Node.js is ` +
        `${process.versions.node}: the check would not test that version`,
    );
  const ignored = dockerignore(
    existsSync(join(options.context, '.dockerignore'))
      ? readFileSync(join(options.context, '.dockerignore'), 'utf8')
      : '',
  );
  const isRoot = process.getuid?.() === 0;
  const result: StageResult = {
    root: options.root,
    workdir: '/',
    env: {},
    user: undefined,
    exposed: [],
    healthcheck: undefined,
    cmd: undefined,
    runs: [],
  };
  mkdirSync(options.root, { recursive: true });
  const inside = (path: string) => join(options.root, posix.resolve(result.workdir, path));

  for (const { keyword, flags, args, line } of stage.instructions) {
    const where = `Dockerfile line ${line} (${keyword})`;
    const unknownFlags = Object.keys(flags).filter(
      (flag) =>
        !{ COPY: ['from', 'chown'], RUN: ['mount'], HEALTHCHECK: ['interval', 'timeout', 'start-period', 'retries'] }[
          keyword
        ]?.includes(flag),
    );
    if (unknownFlags.length) throw new Error(`${where}: --${unknownFlags.join(', --')} is not known here`);
    switch (keyword) {
      case 'WORKDIR':
        result.workdir = posix.resolve(result.workdir, args);
        mkdirSync(inside('.'), { recursive: true });
        break;
      case 'ENV':
        for (const pair of args.split(/\s+/)) {
          const [name, ...value] = pair.split('=');
          if (!value.length) throw new Error(`${where}: write ENV NAME=value`);
          result.env[name!] = value.join('=');
        }
        break;
      case 'USER':
        result.user = args;
        break;
      case 'EXPOSE':
        result.exposed.push(...args.split(/\s+/));
        break;
      case 'COPY': {
        const paths = args.split(/\s+/);
        if (paths.some((path) => /[*?[]/.test(path))) throw new Error(`${where}: wildcards are not known here`);
        const destination = paths.pop()!;
        const owner = flags.chown && isRoot ? BASE_IMAGE_USERS[flags.chown.split(':')[0]!] : undefined;
        if (flags.chown && isRoot && owner === undefined)
          throw new Error(`${where}: the user ${flags.chown} is not known here`);
        const from = flags.from ? options.earlier[flags.from] : undefined;
        if (flags.from && !from) throw new Error(`${where}: no earlier stage ${flags.from}`);
        for (const source of paths) {
          const path = from ? join(from.root, source) : join(options.context, source);
          const relative = from ? undefined : posix.normalize(source).replace(/^(\.\/?)+|\/+$/g, '');
          if (!existsSync(path)) throw new Error(`${where}: ${source} does not exist`);
          // A folder's contents go into the destination; a file goes into it when it ends with "/".
          const into =
            lstatSync(path).isDirectory() || !destination.endsWith('/')
              ? inside(destination)
              : join(inside(destination), posix.basename(source));
          copyTree(path, into, relative, ignored, owner);
        }
        options.log(`COPY ${args}`);
        break;
      }
      case 'RUN': {
        if (flags.mount && !/^type=cache,target=[^,]+$/.test(flags.mount))
          throw new Error(`${where}: only cache mounts are known here (the host's npm cache stands in)`);
        if (result.user && result.user !== 'root')
          throw new Error(`${where}: RUN after USER ${result.user} is not known here`);
        const started = Date.now();
        await sh(args, { cwd: inside('.'), env: { ...hostEnv(), ...result.env } });
        const seconds = (Date.now() - started) / 1000;
        result.runs.push({ command: args, seconds });
        options.log(`RUN ${args} (${seconds.toFixed(1)} s)`);
        break;
      }
      case 'HEALTHCHECK': {
        const cmd = /^CMD\s+(\[.*\])$/.exec(args);
        if (!cmd) throw new Error(`${where}: write HEALTHCHECK [options] CMD ["program", "arg", …]`);
        result.healthcheck = { flags, command: JSON.parse(cmd[1]!) as string[] };
        break;
      }
      case 'CMD':
        if (!args.startsWith('['))
          throw new Error(`${where}: write CMD ["program", "arg", …] (no shell between the signals and node)`);
        result.cmd = JSON.parse(args) as string[];
        break;
      default:
        throw new Error(`${where}: ${keyword} is not known to scripts/container/dockerfile.ts`);
    }
  }
  return result;
}

/** Every file's size under `path`, in bytes (links not followed). */
export function sizeOf(path: string): number {
  const stat = lstatSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0);
}
