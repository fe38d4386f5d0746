import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, chmodSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { postgresBinDir } from '../../src/platform/db/postgres-bin';

/**
 * A throw-away PostgreSQL cluster for the test run: initdb in a temporary folder, started on a free
 * loopback port with durability off (it is deleted afterwards), stopped and removed by `stop()`.
 * PostgreSQL refuses to run as root, so as root the commands run as the `postgres` user.
 */
export interface PgCluster {
  url: string;
  /** Stop the server and delete the cluster. */
  stop(): void;
  /** Stop the server as an operator would (`pg_ctl stop -m fast`), keeping its data. */
  shutdown(): void;
  /** Start the server again on the same data and port (after `shutdown`). */
  start(): void;
}

/**
 * @param settings extra server settings (`-c name=value`), e.g. the benchmark's memory settings
 */
export async function startPgCluster(settings: Record<string, string> = {}): Promise<PgCluster> {
  const bin = postgresBinDir('initdb');
  const port = await freePort();
  const root = mkdtempSync(path.join(tmpdir(), 'jobboard-pg-'));
  chmodSync(root, 0o777);
  const dataDir = path.join(root, 'data');
  const run = (command: string, args: string[]) => runPg(bin, command, args);

  run('initdb', [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '-A',
    'trust',
    '--no-sync',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
  ]);
  const extra = Object.entries(settings).map(([name, value]) => ` -c ${name}=${value}`);
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200${extra.join('')}`;
  const start = () => pgCtlStart(run, dataDir, options, root);
  start();

  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    shutdown: () => run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']),
    start,
    stop() {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}

/** Run one of PostgreSQL's programs, as the `postgres` user when we are root. */
function runPg(bin: string, command: string, args: string[]): void {
  const [file, argv] =
    process.getuid?.() === 0
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args]]
      : [path.join(bin, command), args];
  const result = spawnSync(file, argv, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${command} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
}

/** A streaming replica of a test cluster (startPgReplica). */
export interface PgReplica {
  /** The replica's server URL (database `postgres`; name another in the path). */
  url: string;
  /** Stop it at once, as a crash would (`pg_ctl stop -m immediate`), keeping its data. */
  kill(): void;
  /** Start it again on the same data and port (after `kill`): it catches up with the primary. */
  start(): void;
  /** Stop the server and delete its data. */
  stop(): void;
}

/**
 * A hot-standby streaming replica of `primaryUrl` (a cluster of startPgCluster: its default
 * pg_hba lets 127.0.0.1 replicate, and wal_level is `replica`), made as an operator would:
 * `pg_basebackup -R` (which writes standby.signal and primary_conninfo), then `pg_ctl start` on
 * another free 127.0.0.1 port. `maxConnections` must be at least the primary's (a standby refuses
 * to start with fewer).
 */
export async function startPgReplica(primaryUrl: string, maxConnections = 200): Promise<PgReplica> {
  const bin = postgresBinDir('pg_basebackup');
  const primary = new URL(primaryUrl);
  const port = await freePort();
  const root = mkdtempSync(path.join(tmpdir(), 'jobboard-pg-replica-'));
  chmodSync(root, 0o777);
  const dataDir = path.join(root, 'data');
  const run = (command: string, args: string[]) => runPg(bin, command, args);
  try {
    run('pg_basebackup', [
      '-R',
      '-D',
      dataDir,
      '-h',
      primary.hostname,
      '-p',
      primary.port,
      '-U',
      'postgres',
      '-X',
      'stream',
      // Start at once rather than after a spread checkpoint (minutes on an idle cluster).
      '--checkpoint=fast',
      '--no-sync',
    ]);
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=${maxConnections} -c hot_standby=on`;
  const start = () => pgCtlStart(run, dataDir, options, root);
  const kill = () => run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
  try {
    start();
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    kill,
    start,
    stop() {
      try {
        kill();
      } catch {
        // Stopped already (a test killed it and did not start it again).
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}

/** A port nothing listens on right now, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** `pg_ctl start` of the cluster in `dataDir` with these server options, logging beside it. */
function pgCtlStart(
  run: (command: string, args: string[]) => void,
  dataDir: string,
  options: string,
  root: string,
): void {
  run('pg_ctl', [
    '-D',
    dataDir,
    '-o',
    options,
    '-l',
    path.join(root, 'server.log'),
    '-w',
    '-t',
    '60',
    'start',
  ]);
}
