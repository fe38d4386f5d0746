import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, chmodSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { postgresBinDir } from '../../src/db/postgres-bin';

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
  const asPostgres = process.getuid?.() === 0;
  const run = (command: string, args: string[]) => {
    const [file, argv] = asPostgres
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args]]
      : [path.join(bin, command), args];
    const result = spawnSync(file, argv, { encoding: 'utf8' });
    if (result.status !== 0) {
      throw new Error(`${command} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
    }
  };

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
  const start = () =>
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
