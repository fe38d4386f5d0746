import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/**
 * What an operator does with a release bundle, as the bundle's system tests do it: run
 * `bin/jobboard <command>` with environment variables only, and `jobboard serve` until its banner
 * says where it listens.
 */

export interface Run {
  code: number | null;
  output: string;
}

export const METRICS_TOKEN = 'a-metrics-token-of-at-least-32-characters';
export const ADMIN = { username: 'operator', password: 'a long enough password' } as const;

/** The environment an operator gives: a PATH whose `node` is the one under test, and settings. */
export function operatorEnvironment(
  nodeBinary: string,
  dataDir: string,
  extra: NodeJS.ProcessEnv = {},
): NodeJS.ProcessEnv {
  return {
    PATH: `${path.dirname(nodeBinary)}:/usr/bin:/bin`,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    PUBLIC_URL: 'http://localhost:3000',
    SESSION_SECRET: 'a-session-secret-of-at-least-32-characters',
    TOTP_ENCRYPTION_KEY: '+8tDYYwJSpqd63iSf8OEOXuHu+Con6IoIJaXSAfu3CM=',
    HUMAN_PROOF_SECRET: 'an-operator-human-proof-secret-of-32-chars',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    METRICS_TOKEN,
    // No SMTP server here: production asks for one unless told the site runs without e-mail.
    MAIL_DISABLED: 'true',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

/** `<bundle>/bin/jobboard ...args`, to its end. */
export function jobboard(bundle: string, args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(bundle, 'bin', 'jobboard'), args, {
      cwd: path.dirname(bundle),
      env,
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += String(chunk)));
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

export interface Serving {
  url: string;
  /** Everything it has written so far. */
  output(): string;
  /** SIGTERM, resolved with its exit code. */
  stop(): Promise<number | null>;
}

/** `<bundle>/bin/jobboard serve`, resolved once its banner says the port it listens on. */
export function serve(bundle: string, env: NodeJS.ProcessEnv): Promise<Serving> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(path.join(bundle, 'bin', 'jobboard'), ['serve'], {
      cwd: path.dirname(bundle),
      env,
    });
    const exited = new Promise<number | null>((done) => child.once('exit', done));
    let output = '';
    let ready = false;
    const read = (chunk: Buffer) => {
      output += String(chunk);
      const port = /Job board ready at http:\/\/localhost:(\d+)/.exec(output)?.[1];
      if (port && !ready) {
        ready = true;
        resolve({
          url: `http://127.0.0.1:${port}`,
          output: () => output,
          stop: () => {
            child.kill('SIGTERM');
            return exited;
          },
        });
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('error', reject);
    child.once('close', (code) => {
      if (!ready) reject(new Error(`serve ended (${code}) before ready:\n${output}`));
    });
  });
}

/** An admin's session cookie on a served bundle (the first admin of ADMIN_USERNAME). */
export async function signIn(url: string): Promise<string> {
  const login = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
    body: JSON.stringify(ADMIN),
  });
  if (login.status !== 200) {
    throw new Error(`admin sign-in answered ${login.status}: ${await login.text()}`);
  }
  const cookie = login.headers.get('set-cookie');
  if (!cookie) throw new Error('admin sign-in set no cookie');
  return cookie.split(';')[0]!;
}
