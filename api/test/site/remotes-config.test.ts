import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { parseRemotesFile } from '@jobboard/contract/site';
import { GOOD_REMOTES, fakeReleases, writeRemotes } from '../support/releases';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

let t: TestApp | undefined;
let dir: string | undefined;
const lines: string[] = [];
afterEach(async () => {
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  t = undefined;
  dir = undefined;
  lines.length = 0;
});

async function site(remotes: unknown = GOOD_REMOTES) {
  dir = fakeReleases(remotes);
  t = await buildTestApp({
    env: { RELEASES_DIR: dir },
    logStream: { write: (line) => void lines.push(line) },
  });
  return t;
}

const refusals = () => lines.filter((line) => line.includes('remotes configuration refused'));

const BAD_FILES: [string, string][] = [
  ['null', 'null'],
  ['a list', '["1.0.0"]'],
  ['a number', '42'],
  ['half-written JSON', '{"shell": "1.0.0-a", "mfe_bo'],
  ['an empty file', ''],
  ['a URL with no host', JSON.stringify({ ...GOOD_REMOTES, mfe_board: 'http://' })],
  ['a path out of the releases', JSON.stringify({ ...GOOD_REMOTES, mfe_board: '../../etc' })],
  ['a version that is not text', JSON.stringify({ ...GOOD_REMOTES, mfe_board: null })],
  ['a script URL', JSON.stringify({ ...GOOD_REMOTES, mfe_admin: 'javascript:alert(1)' })],
];

describe(`a bad remotes.json on ${testDatabase}`, () => {
  it.each(BAD_FILES)(
    'is refused with one log line, and the last good one is served (%s)',
    async (_, text) => {
      const app = await site();
      const before = await app.app.inject('/');
      expect(before.statusCode).toBe(200);
      const remotesBefore = (await app.app.inject('/remotes.json')).json();

      writeRemotes(dir!, text);
      for (const url of ['/', '/job-list', '/admin/login', '/remotes.json']) {
        const res = await app.app.inject(url);
        expect(res.statusCode, url).toBe(200);
      }
      expect((await app.app.inject('/remotes.json')).json()).toEqual(remotesBefore);
      expect((await app.app.inject('/')).headers['content-security-policy']).toBe(
        before.headers['content-security-policy'],
      );
      expect(refusals()).toHaveLength(1);
      expect(JSON.parse(refusals()[0]!)).toMatchObject({ level: 40 });

      // Fixed: picked up at once, and a later bad file is reported again.
      writeRemotes(dir!, { ...GOOD_REMOTES, mfe_board: '2.0.1-c' });
      expect((await app.app.inject('/remotes.json')).json().mfe_board.version).toBe('2.0.1-c');
      writeRemotes(dir!, text);
      expect((await app.app.inject('/remotes.json')).json().mfe_board.version).toBe('2.0.1-c');
      expect(refusals()).toHaveLength(2);
    },
  );

  it('at start, with no good file yet, says the front end is not built rather than failing', async () => {
    const app = await site('null');
    const page = await app.app.inject('/');
    expect(page.statusCode).toBe(503);
    expect(page.json().message).toMatch(/not been built/);
    expect((await app.app.inject('/remotes.json')).json()).toEqual({});
    expect(refusals()).toHaveLength(1);
  });
});

describe('reading remotes.json', () => {
  it('accepts version folders and http(s) manifest URLs', () => {
    expect(parseRemotesFile(JSON.stringify(GOOD_REMOTES))).toEqual({
      ok: true,
      versions: GOOD_REMOTES,
    });
    expect(parseRemotesFile('{}')).toEqual({ ok: true, versions: {} });
  });

  it.each(BAD_FILES)('refuses %s, saying why', (_, text) => {
    const result = parseRemotesFile(text);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problem.length).toBeGreaterThan(0);
  });
});
