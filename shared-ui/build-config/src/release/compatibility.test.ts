// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { misfits, type ApiSide, type LiveApp } from './compatibility';
import type { ReleaseManifest } from './manifest';

const API: ApiSide = { contractVersion: '1.4.0', endpoints: ['job', 'jobList', 'site'] };

const SHARED = {
  react: '19.3.1',
  'styled-components': '6.6.0',
  '@jobboard/shared-ui': '1.1.0',
};
const RANGES = { react: '^19.3.1', 'styled-components': '^6.6.0', '@jobboard/shared-ui': '^1.1.0' };

function release(
  app: ReleaseManifest['app'],
  version: string,
  changes: {
    provides?: Record<string, string>;
    requires?: Partial<ReleaseManifest['requires']>;
    /** A shell built before shells took a newer copy from a remote (no `sharesHighest`). */
    keepsOwnCopies?: boolean;
  } = {},
): ReleaseManifest {
  return {
    app,
    version,
    commit: 'abc1234',
    builtAt: '2026-11-20T10:00:00.000Z',
    provides: {
      shared: { ...SHARED, ...changes.provides },
      exposes: [],
      ...(app === 'shell' && !changes.keepsOwnCopies ? { sharesHighest: true as const } : {}),
    },
    requires: {
      shared: RANGES,
      contract: '^1.0.0',
      endpoints: ['job', 'site'],
      ...changes.requires,
    },
  };
}

const live = (manifest: ReleaseManifest): LiveApp => ({
  version: manifest.version,
  kind: 'release',
  manifest,
});

const SHELL = release('shell', '1.0.0');

describe('misfits', () => {
  it('accepts a remote that fits the live shell and the API', () => {
    expect(misfits(release('mfe_board', '1.2.0'), { shell: live(SHELL) }, API)).toEqual([]);
  });

  it('refuses a remote built against a major shared-ui bump, naming shared-ui', () => {
    const board = release('mfe_board', '2.0.0', {
      provides: { '@jobboard/shared-ui': '2.0.0' },
      requires: { shared: { ...RANGES, '@jobboard/shared-ui': '^2.0.0' } },
    });
    // No copy meets both ranges: its 2.0.0 breaks the shell, the shell's 1.1.0 breaks it.
    expect(misfits(board, { shell: live(SHELL) }, API)).toEqual([
      'the live shell 1.0.0 needs @jobboard/shared-ui ^1.1.0, but the page would share @jobboard/shared-ui 2.0.0 (the highest version among the live apps, from mfe_board 2.0.0).',
    ]);
  });

  it('accepts a remote that needs an earlier minor of shared-ui than the shell has', () => {
    const board = release('mfe_board', '1.3.0', {
      requires: { shared: { ...RANGES, '@jobboard/shared-ui': '^1.0.0' } },
    });
    expect(misfits(board, { shell: live(SHELL) }, API)).toEqual([]);
  });

  it('accepts a remote built against a later minor of shared-ui: its copy serves the shell too', () => {
    const board = release('mfe_board', '1.3.0', {
      provides: { '@jobboard/shared-ui': '1.2.0' },
      requires: { shared: { ...RANGES, '@jobboard/shared-ui': '^1.2.0' } },
    });
    expect(misfits(board, { shell: live(SHELL) }, API)).toEqual([]);
  });

  it('refuses a remote that needs a later minor of shared-ui than any live app carries', () => {
    const board = release('mfe_board', '1.3.0', {
      requires: { shared: { ...RANGES, '@jobboard/shared-ui': '^1.2.0' } },
    });
    expect(misfits(board, { shell: live(SHELL) }, API)).toEqual([
      'mfe_board 1.3.0 needs @jobboard/shared-ui ^1.2.0, but the page would share @jobboard/shared-ui 1.1.0 (the highest version among the live apps, from the live shell 1.0.0).',
    ]);
  });

  it("refuses a react range the live shell's react does not meet", () => {
    const board = release('mfe_board', '1.3.0', {
      requires: { shared: { ...RANGES, react: '^20.0.0' } },
    });
    expect(misfits(board, { shell: live(SHELL) }, API)).toEqual([
      'mfe_board 1.3.0 needs react ^20.0.0, but the page would share react 19.3.1 (the highest version among the live apps, from the live shell 1.0.0).',
    ]);
  });

  it('refuses a shared module the live shell does not provide at all', () => {
    const board = release('mfe_board', '1.3.0', {
      requires: { shared: { ...RANGES, jotai: '^2.0.0' } },
    });
    expect(misfits(board, { shell: live(SHELL) }, API)).toEqual([
      'mfe_board 1.3.0 needs jotai ^2.0.0, which no live app provides.',
    ]);
  });

  it("refuses another contract major than the API's", () => {
    const board = release('mfe_board', '3.0.0', { requires: { contract: '^2.0.0' } });
    expect(misfits(board, { shell: live(SHELL) }, API)).toEqual([
      'mfe_board 3.0.0 was built against contract ^2.0.0, but the API has contract 1.4.0 (another major version).',
    ]);
  });

  it('accepts a contract of the same major', () => {
    const board = release('mfe_board', '1.3.0', { requires: { contract: '^1.4.0' } });
    expect(misfits(board, { shell: live(SHELL) }, API)).toEqual([]);
  });

  it("refuses an endpoint missing from the API's table, naming each", () => {
    const board = release('mfe_board', '1.3.0', {
      requires: { endpoints: ['job', 'jobStats', 'savedSearches'] },
    });
    expect(misfits(board, { shell: live(SHELL) }, API)).toEqual([
      "mfe_board 1.3.0 calls the endpoint 'jobStats', which the API's contract 1.4.0 does not have.",
      "mfe_board 1.3.0 calls the endpoint 'savedSearches', which the API's contract 1.4.0 does not have.",
    ]);
  });

  it("refuses a remote built before the spam check that calls a form's endpoint needing its proof", () => {
    const api: ApiSide = {
      ...API,
      endpoints: [...API.endpoints, 'submitJob'],
      proofRequired: { endpoints: ['submitJob'], since: '1.4.0' },
    };
    const calls = { endpoints: ['job', 'submitJob'] };
    const before = release('mfe_submit', '1.3.0', { requires: { contract: '^1.3.2', ...calls } });
    expect(misfits(before, { shell: live(SHELL) }, api)).toEqual([
      "mfe_submit 1.3.0 calls the endpoint 'submitJob' without the spam check's proof, which the API requires of front ends built against contract 1.4.0 or later: build it again from this checkout.",
    ]);
    const since = release('mfe_submit', '1.4.0', { requires: { contract: '^1.4.0', ...calls } });
    expect(misfits(since, { shell: live(SHELL) }, api)).toEqual([]);
    // A remote of the same age that calls none of them (the admin's) still fits.
    const admin = release('mfe_admin', '1.3.0', { requires: { contract: '^1.3.2' } });
    expect(misfits(admin, { shell: live(SHELL) }, api)).toEqual([]);
  });

  it('lists every misfit at once', () => {
    const board = release('mfe_board', '9.0.0', {
      requires: {
        shared: { ...RANGES, '@jobboard/shared-ui': '^2.0.0' },
        contract: '^2.0.0',
        endpoints: ['jobStats'],
      },
    });
    expect(misfits(board, { shell: live(SHELL) }, API)).toHaveLength(3);
  });

  it("is not held back by another team's live remote without a usable release.json", () => {
    const old: LiveApp = { version: '0.9.0', kind: 'unreadable', reason: 'it has no release.json' };
    const board = release('mfe_board', '1.2.0');
    expect(misfits(board, { shell: live(SHELL), mfe_admin: old }, API)).toEqual([]);
    // A new shell must know every remote it would serve.
    expect(misfits(release('shell', '1.1.0'), { shell: live(SHELL), mfe_admin: old }, API)).toEqual(
      [
        'the live mfe_admin 0.9.0 cannot be checked: it has no release.json. Run `pnpm build` once to build and promote every app with a release.json.',
      ],
    );
  });

  it('refuses a remote when no shell is live, or the live one cannot be read', () => {
    const board = release('mfe_board', '1.2.0');
    expect(misfits(board, {}, API)).toEqual([
      'mfe_board 1.2.0 needs a live shell to provide its shared modules, and remotes.json names none: promote a shell first.',
    ]);
    const old: LiveApp = { version: '0.9.0', kind: 'unreadable', reason: 'it has no release.json' };
    expect(misfits(board, { shell: old }, API)).toEqual([
      'the live shell 0.9.0 cannot be checked: it has no release.json. Run `pnpm build` once to build and promote every app with a release.json.',
    ]);
  });

  it('refuses a shell that would break a live remote, naming the remote and the module', () => {
    const board = release('mfe_board', '1.3.0', {
      requires: { shared: { ...RANGES, '@jobboard/shared-ui': '^1.1.0' } },
    });
    const nextMajorShell = release('shell', '2.0.0', {
      provides: { '@jobboard/shared-ui': '2.0.0' },
      requires: { shared: { ...RANGES, '@jobboard/shared-ui': '^2.0.0' } },
    });
    expect(misfits(nextMajorShell, { shell: live(SHELL), mfe_board: live(board) }, API)).toEqual([
      'the live mfe_board 1.3.0 needs @jobboard/shared-ui ^1.1.0, but the page would share @jobboard/shared-ui 2.0.0 (the highest version among the live apps, from shell 2.0.0).',
    ]);
  });

  it('accepts an older shell beside a remote whose newer shared-ui minor serves both', () => {
    const board = release('mfe_board', '1.3.0');
    const olderShell = release('shell', '0.9.0', {
      provides: { '@jobboard/shared-ui': '1.0.0' },
      requires: { shared: { ...RANGES, '@jobboard/shared-ui': '^1.0.0' } },
    });
    expect(misfits(olderShell, { shell: live(SHELL), mfe_board: live(board) }, API)).toEqual([]);
  });

  it('refuses a shell built before shells took a newer copy beside a remote that needs one', () => {
    const board = release('mfe_board', '1.3.0', {
      provides: { '@jobboard/shared-ui': '1.2.0' },
      requires: { shared: { ...RANGES, '@jobboard/shared-ui': '^1.2.0' } },
    });
    const keeping = release('shell', '0.9.0', { keepsOwnCopies: true });
    expect(misfits(keeping, { shell: live(SHELL), mfe_board: live(board) }, API)).toEqual([
      'the live mfe_board 1.3.0 needs @jobboard/shared-ui ^1.2.0, but the page would share @jobboard/shared-ui 1.1.0: shell 0.9.0 was built before shells took a newer copy from a remote, and keeps its own.',
    ]);
    // The same board is refused beside such a live shell; one that fits its kit is not.
    expect(misfits(board, { shell: live(keeping) }, API)).toHaveLength(1);
    expect(misfits(release('mfe_board', '1.2.0'), { shell: live(keeping) }, API)).toEqual([]);
  });

  it('accepts a shell whose provisions meet every live remote; remotes on another origin are skipped', () => {
    const newShell = release('shell', '1.1.0', { provides: { '@jobboard/shared-ui': '1.5.0' } });
    expect(
      misfits(
        newShell,
        {
          shell: live(SHELL),
          mfe_board: live(release('mfe_board', '1.3.0')),
          mfe_admin: { version: 'https://admin.cdn.example.org/mf-manifest.json', kind: 'url' },
        },
        API,
      ),
    ).toEqual([]);
  });
});
