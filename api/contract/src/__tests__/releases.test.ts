import { describe, expect, it } from 'vitest';
import { ClientErrorReport, CLIENT_ERROR_LIMITS } from '../client-errors';
import {
  describeSharedMisfit,
  earlierVersions,
  parseHistory,
  parseReleaseManifest,
  newestVersion,
  sharedConflicts,
  sharedCopies,
  sharingApp,
  unmetShared,
  type ReleaseSwitch,
} from '../releases';
import { remoteEntry } from '../remotes';
import { check } from '../validate';

/** What a shell built today provides (its release.json's provides.shared). */
const SHELL = {
  react: '19.3.1',
  'react/jsx-runtime': '19.3.1',
  'styled-components': '6.6.0',
  '@jobboard/shared-ui': '1.1.0',
  '@jobboard/shared-ui/router': '1.1.0',
};

describe('the shared-module check (unmetShared)', () => {
  it('finds nothing when every range is met by what is provided', () => {
    expect(
      unmetShared(
        {
          react: '^19.0.0',
          'react/jsx-runtime': '^19.3.1',
          '@jobboard/shared-ui': '^1.0.0',
          '@jobboard/shared-ui/router': '^1.1.0',
        },
        SHELL,
      ),
    ).toEqual([]);
    // Nothing required: nothing to meet.
    expect(unmetShared({}, SHELL)).toEqual([]);
  });

  it('names a major misfit with the range and the version provided', () => {
    const found = unmetShared({ '@jobboard/shared-ui': '^9.0.0', react: '^19.0.0' }, SHELL);
    expect(found).toEqual([
      { request: '@jobboard/shared-ui', range: '^9.0.0', problem: 'unmet', provided: '1.1.0' },
    ]);
    expect(describeSharedMisfit('mfe_board 2.0.0', 'the shell 1.0.0-a', found[0]!)).toBe(
      'mfe_board 2.0.0 needs @jobboard/shared-ui ^9.0.0, but the shell 1.0.0-a provides 1.1.0.',
    );
  });

  it('refuses a later minor than the one provided (the remote may use what it added)', () => {
    expect(unmetShared({ '@jobboard/shared-ui': '^1.2.0' }, SHELL)).toEqual([
      { request: '@jobboard/shared-ui', range: '^1.2.0', problem: 'unmet', provided: '1.1.0' },
    ]);
  });

  it('names a singleton the provider does not share at all', () => {
    const found = unmetShared({ zustand: '^5.0.0', react: '^19.0.0' }, SHELL);
    expect(found).toEqual([{ request: 'zustand', range: '^5.0.0', problem: 'not-provided' }]);
    expect(describeSharedMisfit('mfe_admin 3.0.0', 'the shell 1.0.0-a', found[0]!)).toBe(
      'mfe_admin 3.0.0 needs zustand ^5.0.0, but the shell 1.0.0-a does not provide it.',
    );
  });

  it('names a range semver cannot read', () => {
    const found = unmetShared({ react: 'the newest' }, SHELL);
    expect(found).toEqual([{ request: 'react', range: 'the newest', problem: 'not-a-range' }]);
    expect(describeSharedMisfit('mfe_board 2.0.0', 'the shell', found[0]!)).toBe(
      'mfe_board 2.0.0 requires react "the newest", which is not a version range.',
    );
  });

  it('lists every misfit, one each', () => {
    expect(
      unmetShared({ react: '^20.0.0', swr: '^2.0.0', '@jobboard/shared-ui': '^1.1.0' }, SHELL).map(
        (m) => m.request,
      ),
    ).toEqual(['react', 'swr']);
  });
});

const MANIFEST = {
  app: 'mfe_board',
  version: '2.0.0-b',
  commit: 'abc1234',
  builtAt: '2026-11-22T10:15:00.000Z',
  provides: { shared: SHELL, exposes: ['./BoardPage'] },
  requires: { shared: { react: '^19.3.1' }, contract: '^1.0.0', endpoints: ['searchJobs'] },
};

describe('release.json', () => {
  it('is read with the struct', () => {
    expect(parseReleaseManifest(JSON.stringify(MANIFEST))).toEqual({
      ok: true,
      manifest: MANIFEST,
    });
  });

  it('is refused with the field at fault, or as not JSON', () => {
    expect(parseReleaseManifest('{"app": "mfe_bo')).toEqual({
      ok: false,
      problem: 'it is not valid JSON',
    });
    const noShared = { ...MANIFEST, requires: { ...MANIFEST.requires, shared: undefined } };
    const refused = parseReleaseManifest(JSON.stringify(noShared));
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.problem).toMatch(/^requires\.shared: /);
    const otherApp = parseReleaseManifest(JSON.stringify({ ...MANIFEST, app: 'mfe_other' }));
    expect(!otherApp.ok && otherApp.problem).toMatch(/^app: /);
  });
});

describe('history.json', () => {
  const entries: ReleaseSwitch[] = [
    { app: 'mfe_board', from: null, to: 'a', at: '2026-11-01T00:00:00Z' },
    { app: 'mfe_submit', from: null, to: 's1', at: '2026-11-01T00:00:01Z' },
    { app: 'mfe_board', from: 'a', to: 'b', at: '2026-11-02T00:00:00Z' },
    { app: 'mfe_board', from: 'b', to: 'c', at: '2026-11-03T00:00:00Z' },
    { app: 'mfe_board', from: 'c', to: 'b', at: '2026-11-04T00:00:00Z', rollback: true },
    { app: 'mfe_board', from: 'b', to: 'd', at: '2026-11-05T00:00:00Z' },
  ];

  it("gives an app's earlier versions newest first, each once, the live one left out", () => {
    expect(earlierVersions(entries, 'mfe_board', 'd')).toEqual(['b', 'c', 'a']);
    expect(earlierVersions(entries, 'mfe_submit', 's1')).toEqual([]);
    expect(earlierVersions([], 'mfe_board', 'd')).toEqual([]);
  });

  it('is read with its struct, or refused saying why', () => {
    expect(parseHistory(JSON.stringify(entries))).toEqual({ ok: true, entries });
    expect(parseHistory('[{"app": "mfe_board"')).toEqual({
      ok: false,
      problem: 'it is not valid JSON',
    });
    const bad = parseHistory(JSON.stringify([{ ...entries[0], to: 7 }]));
    expect(!bad.ok && bad.problem).toMatch(/^0\.to: /);
  });
});

describe("a remote's location", () => {
  it('has its release.json in its version folder, or beside its manifest on another origin', () => {
    expect(remoteEntry('mfe_board', '2.0.0-b')).toEqual({
      entry: '/assets/mfe-board/2.0.0-b/mf-manifest.json',
      version: '2.0.0-b',
      release: '/assets/mfe-board/2.0.0-b/release.json',
    });
    const url = 'https://admin.cdn.example.org/3.0.0/mf-manifest.json';
    expect(remoteEntry('mfe_admin', url)).toEqual({
      entry: url,
      version: url,
      release: 'https://admin.cdn.example.org/3.0.0/release.json',
    });
  });
});

describe('a client error report', () => {
  const report = {
    kind: 'remote-mismatch',
    app: 'mfe_board',
    version: '2.0.0-b',
    message: 'mfe_board 2.0.0-b needs @jobboard/shared-ui ^9.0.0, but the shell provides 1.1.0.',
  };

  it('is taken within its limits', () => {
    expect(check(ClientErrorReport, report)).toEqual({ ok: true, value: report });
    const longest = { ...report, message: 'x'.repeat(CLIENT_ERROR_LIMITS.message) };
    expect(check(ClientErrorReport, longest).ok).toBe(true);
  });

  it('is refused naming the field: an unknown kind, an empty app, a message too long', () => {
    expect(check(ClientErrorReport, { ...report, kind: 'oops' })).toMatchObject({
      ok: false,
      errors: { kind: expect.any(String) },
    });
    expect(check(ClientErrorReport, { ...report, app: '' })).toMatchObject({
      ok: false,
      errors: {
        app: expect.stringMatching(/^Must be a string with a length between `1` and `50`/),
      },
    });
    const tooLong = { ...report, message: 'x'.repeat(CLIENT_ERROR_LIMITS.message + 1) };
    expect(check(ClientErrorReport, tooLong)).toMatchObject({
      ok: false,
      errors: { message: expect.any(String) },
    });
  });
});

describe('one copy of each shared singleton for the apps of a page', () => {
  const shell = {
    label: 'the live shell 1.0.0',
    provides: { react: '19.3.1', '@jobboard/shared-ui': '1.1.0' },
    requires: { react: '^19.3.1', '@jobboard/shared-ui': '^1.1.0' },
  };
  const board = (sharedUi: string) => ({
    label: `mfe_board ${sharedUi}`,
    provides: { react: '19.3.1', '@jobboard/shared-ui': sharedUi },
    requires: { react: '^19.3.1', '@jobboard/shared-ui': `^${sharedUi}` },
  });

  it('the page shares the highest version any app carries; on a tie the first app keeps it', () => {
    expect(sharedCopies([shell, board('1.2.0')])).toEqual({
      react: { version: '19.3.1', from: 'the live shell 1.0.0' },
      '@jobboard/shared-ui': { version: '1.2.0', from: 'mfe_board 1.2.0' },
    });
    expect(newestVersion(['1.2.0', '1.10.0', '1.9.3'])).toBe('1.10.0');
    expect(newestVersion([])).toBeUndefined();
  });

  it('a remote built against a later minor fits beside an older shell: its copy serves both', () => {
    expect(sharedConflicts([shell, board('1.2.0')])).toEqual([]);
  });

  it('a shell built before shells took a newer copy keeps its own: a later minor does not fit beside it', () => {
    const olderShell = { ...shell, keepsOwnCopies: true };
    expect(sharedCopies([olderShell, board('1.2.0')])['@jobboard/shared-ui']).toEqual({
      version: '1.1.0',
      from: 'the live shell 1.0.0',
      kept: true,
    });
    expect(sharedConflicts([olderShell, board('1.2.0')])).toEqual([
      'mfe_board 1.2.0 needs @jobboard/shared-ui ^1.2.0, but the page would share @jobboard/shared-ui 1.1.0: the live shell 1.0.0 was built before shells took a newer copy from a remote, and keeps its own.',
    ]);
    expect(sharedConflicts([olderShell, board('1.1.0')])).toEqual([]);
  });

  it("a shell's release.json says whether it shares the highest copy; one without the flag keeps its own", () => {
    const manifest = (app: 'shell' | 'mfe_board', sharesHighest: boolean) => ({
      app,
      version: '1.0.0',
      commit: 'abc1234',
      builtAt: '2026-11-29T00:00:00.000Z',
      provides: {
        shared: {},
        exposes: [],
        ...(sharesHighest ? { sharesHighest: true as const } : {}),
      },
      requires: { shared: {}, contract: '^1.0.0', endpoints: [] },
    });
    expect(sharingApp('s', manifest('shell', true)).keepsOwnCopies).toBeUndefined();
    expect(sharingApp('s', manifest('shell', false)).keepsOwnCopies).toBe(true);
    expect(sharingApp('b', manifest('mfe_board', false)).keepsOwnCopies).toBeUndefined();
  });

  it('another major fits nobody, and the sentence names the module, both ranges and the copy', () => {
    expect(sharedConflicts([shell, board('2.0.0')])).toEqual([
      'the live shell 1.0.0 needs @jobboard/shared-ui ^1.1.0, but the page would share @jobboard/shared-ui 2.0.0 (the highest version among the live apps, from mfe_board 2.0.0).',
    ]);
  });

  it('a module no app carries, and a range that is not one, are named', () => {
    expect(
      sharedConflicts([
        shell,
        { label: 'mfe_board x', provides: {}, requires: { jotai: '^2.0.0', react: 'newest' } },
      ]),
    ).toEqual([
      'mfe_board x needs jotai ^2.0.0, which no live app provides.',
      'mfe_board x requires react "newest", which is not a version range.',
    ]);
  });
});
