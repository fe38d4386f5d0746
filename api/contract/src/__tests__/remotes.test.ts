import { describe, expect, it } from 'vitest';
import { earlierVersions, recordedIntegrity, type ReleaseSwitch } from '../releases';
import { REMOTE_URL_MESSAGES, remoteEntry, remoteUrlProblem } from '../remotes';
import { pageRemotes, type SiteRoute } from '../routes';

/** Issue 43, finding 4: where a remote may come from, its pin, and which remotes a page loads. */

describe('where a remote on another origin may be loaded from', () => {
  it('https, always', () => {
    expect(remoteUrlProblem('https://board.cdn.example.org/1.4.0/mf-manifest.json')).toBeNull();
  });

  it("http:// is refused, but from the site's own origin, or from this machine in development", () => {
    const cdn = 'http://board.cdn.example.org/1.4.0/mf-manifest.json';
    expect(remoteUrlProblem(cdn)).toBe(REMOTE_URL_MESSAGES.http);
    expect(remoteUrlProblem(cdn, { development: true })).toBe(REMOTE_URL_MESSAGES.http);
    expect(remoteUrlProblem(cdn, { siteOrigin: 'https://board.cdn.example.org' })).toBe(
      REMOTE_URL_MESSAGES.http,
    );
    expect(remoteUrlProblem(cdn, { siteOrigin: 'http://board.cdn.example.org' })).toBeNull();
    for (const local of [
      'http://localhost:3001/mf-manifest.json',
      'http://127.0.0.1:3001/mf-manifest.json',
      'http://[::1]:3001/mf-manifest.json',
    ]) {
      expect(remoteUrlProblem(local), local).toBe(REMOTE_URL_MESSAGES.http);
      expect(remoteUrlProblem(local, { development: true }), local).toBeNull();
    }
    // A host that only starts like this machine's is another.
    expect(
      remoteUrlProblem('http://127.0.0.1.example.org/mf-manifest.json', { development: true }),
    ).toBe(REMOTE_URL_MESSAGES.http);
  });

  it('anything but an http(s) URL with a host is refused', () => {
    for (const value of [
      'javascript:alert(1)',
      'ftp://cdn.example.org/x',
      'http://',
      '/assets/x',
    ]) {
      expect(remoteUrlProblem(value, { development: true }), value).toBe(
        REMOTE_URL_MESSAGES.notUrl,
      );
    }
  });
});

describe("a build's pin", () => {
  const PIN = `sha384-${'A'.repeat(64)}`;
  const OLD = `sha384-${'B'.repeat(64)}`;

  it("is carried with the build's location when there is one", () => {
    expect(remoteEntry('mfe_board', '2.0.0-b', PIN)).toEqual({
      entry: '/assets/mfe-board/2.0.0-b/mf-manifest.json',
      version: '2.0.0-b',
      release: '/assets/mfe-board/2.0.0-b/release.json',
      integrity: PIN,
    });
    expect(remoteEntry('mfe_board', '2.0.0-b')).not.toHaveProperty('integrity');
  });

  it("of an earlier version is the one recorded by that version's last promote", () => {
    const history: ReleaseSwitch[] = [
      { app: 'mfe_board', from: null, to: '1.0.0', at: '2026-11-01T10:00:00.000Z' },
      {
        app: 'mfe_board',
        from: '1.0.0',
        to: '1.1.0',
        at: '2026-11-02T10:00:00.000Z',
        integrity: OLD,
      },
      {
        app: 'mfe_board',
        from: '1.1.0',
        to: '1.2.0',
        at: '2026-11-03T10:00:00.000Z',
        integrity: PIN,
      },
      {
        app: 'mfe_submit',
        from: null,
        to: '1.1.0',
        at: '2026-11-04T10:00:00.000Z',
        integrity: PIN,
      },
    ];
    expect(earlierVersions(history, 'mfe_board', '1.2.0')).toEqual(['1.1.0', '1.0.0']);
    expect(recordedIntegrity(history, 'mfe_board', '1.1.0')).toBe(OLD);
    expect(recordedIntegrity(history, 'mfe_board', '1.2.0')).toBe(PIN);
    // Promoted before entries were pinned: none.
    expect(recordedIntegrity(history, 'mfe_board', '1.0.0')).toBeUndefined();
  });
});

describe('the remotes a page loads', () => {
  const route = (remote: SiteRoute['remote'], path: string): SiteRoute => ({
    remote,
    path,
    module: './Page',
    serverRendered: false,
    title: '{board}',
  });
  const TABLE = [
    route('mfe_board', '/'),
    route('mfe_board', '/jobs/:id'),
    route('mfe_submit', '/submit-job'),
    route('mfe_submit', '/employer/*'),
    route('mfe_admin', '/admin/*'),
  ];

  it("is the remote of the route that draws the address, and none for the shell's 404 page", () => {
    expect(pageRemotes(TABLE, '/')).toEqual(['mfe_board']);
    expect(pageRemotes(TABLE, '/jobs/12')).toEqual(['mfe_board']);
    expect(pageRemotes(TABLE, '/employer/jobs/3/applications')).toEqual(['mfe_submit']);
    expect(pageRemotes(TABLE, '/admin')).toEqual(['mfe_admin']);
    expect(pageRemotes(TABLE, '/nowhere')).toEqual([]);
  });
});
