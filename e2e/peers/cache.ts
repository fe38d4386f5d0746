import { spawn } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';

/**
 * Where the real peers (Ghost, its Portal, a Node.js for Ghost 6) are installed from the npm
 * registry: outside the repository, so `git clean` keeps them and a second run starts at once.
 * `JOBBOARD_PEERS_CACHE` moves it (CI can keep it between runs).
 */
export const PEERS_CACHE =
  process.env.JOBBOARD_PEERS_CACHE ??
  path.join(process.env.XDG_CACHE_HOME ?? path.join(homedir(), '.cache'), 'jobboard-peers');

/** Written last into an install's folder: an install without it was cut short. */
const COMPLETE = '.complete';

/** The folder of a cached install, or null when it is not (completely) there. */
export function cached(name: string): string | null {
  const dir = path.join(PEERS_CACHE, name);
  return existsSync(path.join(dir, COMPLETE)) ? dir : null;
}

/**
 * The folder of `name` in the cache, made by `build` into a scratch folder first and moved into
 * place only once it finished: a run that is killed half-way leaves nothing that looks installed.
 * Two runs at once: the second waits for the first's lock.
 */
export async function ensureCached(
  name: string,
  build: (dir: string, log: (line: string) => void) => Promise<void>,
): Promise<string> {
  const done = cached(name);
  if (done) return done;
  mkdirSync(PEERS_CACHE, { recursive: true });
  const release = await lock(path.join(PEERS_CACHE, `${name}.lock`));
  try {
    const raced = cached(name);
    if (raced) return raced;
    const dir = path.join(PEERS_CACHE, name);
    const scratch = `${dir}.partial`;
    rmSync(scratch, { recursive: true, force: true });
    mkdirSync(scratch, { recursive: true });
    const logFile = path.join(PEERS_CACHE, `${name}.install.log`);
    const log = createWriteStream(logFile);
    const started = Date.now();
    console.log(`peers: installing ${name} into ${dir} (log: ${logFile})`);
    try {
      await build(scratch, (line) => log.write(`${line}\n`));
    } finally {
      await new Promise((resolve) => log.end(resolve));
    }
    await writeFile(path.join(scratch, COMPLETE), `${new Date().toISOString()}\n`);
    rmSync(dir, { recursive: true, force: true });
    renameSync(scratch, dir);
    console.log(`peers: ${name} installed in ${Math.round((Date.now() - started) / 1000)} s`);
    return dir;
  } finally {
    release();
  }
}

/** A lock folder holding its owner's pid; one left by a process that is gone is taken over. */
async function lock(dir: string): Promise<() => void> {
  for (;;) {
    try {
      mkdirSync(dir);
      await writeFile(path.join(dir, 'pid'), String(process.pid));
      return () => rmSync(dir, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (!ownerAlive(dir)) {
        rmSync(dir, { recursive: true, force: true });
        continue;
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}

function ownerAlive(dir: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(dir, 'pid'), 'utf8'));
  } catch {
    // No pid yet: its owner is between making the folder and writing it, unless that was long ago.
    try {
      return Date.now() - statSync(dir).mtimeMs < 10_000;
    } catch {
      return false;
    }
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Run a command to its end, its output to `log`; answers its standard output, and throws with the
 * output's tail when it fails.
 */
export function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; log: (line: string) => void },
): Promise<string> {
  return new Promise((resolve, reject) => {
    options.log(`$ ${command} ${args.join(' ')}`);
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let stdout = '';
    const keep = (chunk: Buffer) => {
      const text = chunk.toString();
      output = (output + text).slice(-20_000);
      options.log(text.trimEnd());
    };
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      keep(chunk);
    });
    child.stderr.on('data', keep);
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`${command} ${args.join(' ')} failed (${code}):\n${output}`));
    });
  });
}

/** `npm pack` a registry package into `dir` and unpack it there (its `package/` folder's content). */
export async function unpackFromRegistry(
  spec: string,
  dir: string,
  log: (line: string) => void,
): Promise<void> {
  const packed = await run('npm', ['pack', spec, '--json', '--pack-destination', dir], {
    cwd: dir,
    log,
  });
  const [first] = JSON.parse(packed) as { filename: string }[];
  if (!first) throw new Error(`npm pack ${spec} named no tarball:\n${packed}`);
  const tarball = path.join(dir, path.basename(first.filename));
  await run('tar', ['xzf', tarball, '-C', dir, '--strip-components=1'], { cwd: dir, log });
  rmSync(tarball);
}
