import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { parseRemotesFile } from '@jobboard/contract/site';
import { GOOD_REMOTES, fakeReleases, writeRemotes } from '../support/releases';

/** An entry's hash as promote records it (SHA-384, Subresource Integrity form). */
const PIN = `sha384-${'A'.repeat(64)}`;
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
  // Issue 43, finding 4: scripts over plain http from another host can be changed on the way.
  [
    'a remote on another origin over http',
    JSON.stringify({
      ...GOOD_REMOTES,
      mfe_admin: 'http://admin.cdn.example.org/3.0.0/mf-manifest.json',
    }),
  ],
  [
    'a pinned remote on another origin over http',
    JSON.stringify({
      ...GOOD_REMOTES,
      mfe_admin: { version: 'http://admin.cdn.example.org/3.0.0/mf-manifest.json', integrity: PIN },
    }),
  ],
  [
    'an entry hash that is not sha384',
    JSON.stringify({ ...GOOD_REMOTES, mfe_board: { version: '2.0.0-b', integrity: 'sha256-abc' } }),
  ],
  [
    'a pinned value with more than its version and hash',
    JSON.stringify({ ...GOOD_REMOTES, mfe_board: { version: '2.0.0-b', integrity: PIN, x: 1 } }),
  ],
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

describe(`a remote on another origin over http, on ${testDatabase}`, () => {
  it('names the problem in the log line that refuses the file', async () => {
    const app = await site();
    writeRemotes(dir!, {
      ...GOOD_REMOTES,
      mfe_admin: 'http://admin.cdn.example.org/mf-manifest.json',
    });
    expect((await app.app.inject('/remotes.json')).json().mfe_admin.entry).toBe(
      GOOD_REMOTES.mfe_admin,
    );
    expect(refusals()).toHaveLength(1);
    expect(JSON.parse(refusals()[0]!).problem).toBe(
      '"mfe_admin" is "http://admin.cdn.example.org/mf-manifest.json": http:// on another origin: ' +
        'anyone on the way could change the scripts the page runs. Serve the remote over https:// ' +
        "(http:// is taken only from the site's own origin, or from this machine in development)",
    );
  });

  it("is taken from the site's own origin, and from this machine on a development server", async () => {
    const app = await site();
    const own = `${new URL(app.app.config.publicUrl).origin}/elsewhere/mf-manifest.json`;
    writeRemotes(dir!, {
      ...GOOD_REMOTES,
      mfe_admin: own,
      mfe_submit: 'http://127.0.0.1:3002/mf-manifest.json',
    });
    const remotes = (await app.app.inject('/remotes.json')).json();
    expect(remotes.mfe_admin.entry).toBe(own);
    expect(remotes.mfe_submit.entry).toBe('http://127.0.0.1:3002/mf-manifest.json');
    expect(refusals()).toEqual([]);
  });
});

describe('reading remotes.json', () => {
  it('accepts version folders and http(s) manifest URLs, pinned by their entry hash or not', () => {
    expect(parseRemotesFile(JSON.stringify(GOOD_REMOTES))).toEqual({
      ok: true,
      versions: GOOD_REMOTES,
      integrity: {},
    });
    expect(parseRemotesFile('{}')).toEqual({ ok: true, versions: {}, integrity: {} });
    const pinned = {
      ...GOOD_REMOTES,
      mfe_board: { version: '2.0.0-b', integrity: PIN },
      mfe_admin: { version: GOOD_REMOTES.mfe_admin, integrity: PIN },
    };
    expect(parseRemotesFile(JSON.stringify(pinned))).toEqual({
      ok: true,
      versions: GOOD_REMOTES,
      integrity: { mfe_board: PIN, mfe_admin: PIN },
    });
  });

  it('refuses http:// on another origin, but not from this site or, in development, this machine', () => {
    const file = (url: string) => JSON.stringify({ mfe_admin: url });
    const cdn = 'http://admin.cdn.example.org/3.0.0/mf-manifest.json';
    const loopback = 'http://localhost:3003/mf-manifest.json';
    expect(parseRemotesFile(file(cdn)).ok).toBe(false);
    expect(parseRemotesFile(file(cdn), { development: true }).ok).toBe(false);
    expect(parseRemotesFile(file(cdn), { siteOrigin: 'http://admin.cdn.example.org' }).ok).toBe(
      true,
    );
    expect(parseRemotesFile(file(loopback)).ok).toBe(false);
    expect(parseRemotesFile(file(loopback), { development: true }).ok).toBe(true);
    expect(parseRemotesFile(file(cdn.replace('http:', 'https:'))).ok).toBe(true);
  });

  it.each(BAD_FILES)('refuses %s, saying why', (_, text) => {
    const result = parseRemotesFile(text);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problem.length).toBeGreaterThan(0);
  });
});
