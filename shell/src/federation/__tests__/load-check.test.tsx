import type { ClientErrorReport, RemoteLocation, RemotesConfig } from '@jobboard/contract/site';
import { render, screen, waitFor } from '@jobboard/test-utils/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The shell's load-time check (release-check.ts, remotes.ts): before a remote is registered and
 * loaded, its release.json is fetched and its shared ranges compared with what the shell provides
 * (the test build provides react 19.3.1 and shared-ui 1.1.0: vitest.config.ts). The federation
 * runtime is replaced by a fake that records which build was registered.
 */

const federation = vi.hoisted(() => ({
  registerRemotes: vi.fn(),
  loadRemote: vi.fn(),
  /** The runtime's share scope: null until a test gives the page one. */
  getInstance: vi.fn((): unknown => null),
}));
vi.mock('@module-federation/enhanced/runtime', () => federation);

const FITS = { react: '^19.0.0', '@jobboard/shared-ui': '^1.1.0' };
const SHARED_UI_9 = { react: '^19.0.0', '@jobboard/shared-ui': '^9.0.0' };

const release = (version: string, shared: Record<string, string>) => ({
  app: 'mfe_board',
  version,
  commit: 'abc1234',
  builtAt: '2026-11-22T10:15:00.000Z',
  provides: { shared: {}, exposes: ['./BoardPage'] },
  requires: { shared, contract: '^1.0.0', endpoints: [] },
});

const build = (version: string) => ({
  entry: `/assets/mfe-board/${version}/mf-manifest.json`,
  version,
  release: `/assets/mfe-board/${version}/release.json`,
});

const board = (fallbacks: string[], picked?: string | null): RemoteLocation => ({
  ...build('3.0.0'),
  fallbacks: fallbacks.map(build),
  ...(picked === undefined ? {} : { picked }),
});

/** The release.json files on the fake server, by version; others answer 404. */
let releases: Record<string, unknown> = {};
let fetched: string[] = [];
let reports: ClientErrorReport[] = [];

const server = setupServer(
  http.get('*/assets/mfe-board/:version/release.json', ({ params }) => {
    const version = String(params.version);
    fetched.push(version);
    const body = releases[version];
    if (body === undefined) return new HttpResponse('Not found', { status: 404 });
    return typeof body === 'string' ? new HttpResponse(body) : HttpResponse.json(body);
  }),
  http.post('*/api/client-errors', async ({ request }) => {
    reports.push((await request.json()) as ClientErrorReport);
    return new HttpResponse(null, { status: 204 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

beforeEach(() => {
  // Each test is a new page: the check runs once per remote per page life.
  vi.resetModules();
  releases = {};
  fetched = [];
  reports = [];
  federation.registerRemotes.mockReset();
  federation.loadRemote.mockReset();
  federation.getInstance.mockReset();
  federation.getInstance.mockReturnValue(null);
  federation.loadRemote.mockImplementation(async () => ({
    default: () => <p>The board</p>,
  }));
});
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});

async function page(remotes: RemotesConfig) {
  const { registerRemoteEntries, loadPage } = await import('../remotes');
  registerRemoteEntries(remotes);
  return { loadPage };
}

const ROUTE = { remote: 'mfe_board', module: './BoardPage' } as const;

/** The board's area as the shell renders it, on a new page (modules imported afresh). */
async function renderArea(remotes: RemotesConfig) {
  const { registerRemoteEntries } = await import('../remotes');
  const { RemotePage } = await import('../RemotePage');
  const { SharedUiProvider } = await import('@jobboard/shared-ui');
  registerRemoteEntries(remotes);
  render(
    <SharedUiProvider>
      <RemotePage route={ROUTE} />
    </SharedUiProvider>,
  );
}
const registered = () => federation.registerRemotes.mock.calls.map(([remotes]) => remotes);

/** Until the reports sent so far have arrived (they are fire and forget). */
const reportsArrive = (count: number) => waitFor(() => expect(reports).toHaveLength(count));

describe('the load-time check', () => {
  it('checks against the copies the page really shares: a newer shared-ui registered before the shell started counts', async () => {
    const SHARED_UI_1_2 = { react: '^19.0.0', '@jobboard/shared-ui': '^1.2.0' };
    releases = { '3.0.0': release('3.0.0', SHARED_UI_1_2) };
    // Without it, the shell's own 1.1.0 does not meet ^1.2.0: refused.
    await expect((await page({ mfe_board: board([]) })).loadPage(ROUTE)).rejects.toThrow(
      'No release of mfe_board fits this shell',
    );
    await reportsArrive(1);

    vi.resetModules();
    federation.getInstance.mockReturnValue({
      shareScopeMap: {
        default: {
          '@jobboard/shared-ui': { '1.1.0': { loaded: undefined }, '1.2.0': { loaded: true } },
          react: { '19.3.1': { loaded: true } },
        },
      },
    });
    const { loadPage } = await page({ mfe_board: board([]) });
    await loadPage(ROUTE);
    expect(registered().at(-1)).toEqual([{ name: 'mfe_board', entry: build('3.0.0').entry }]);
  });

  it('loads the live build when its release.json fits, and reports nothing', async () => {
    releases = { '3.0.0': release('3.0.0', FITS), '2.0.0': release('2.0.0', FITS) };
    const { loadPage } = await page({ mfe_board: board(['2.0.0'], '3.0.0') });
    await loadPage(ROUTE);
    expect(registered()).toEqual([[{ name: 'mfe_board', entry: build('3.0.0').entry }]]);
    expect(federation.loadRemote).toHaveBeenCalledWith('mfe_board/BoardPage');
    expect(fetched).toEqual(['3.0.0']);
    expect(reports).toEqual([]);
  });

  it('loads the next build that fits when the live one does not, and reports the mismatch', async () => {
    releases = {
      '3.0.0': release('3.0.0', SHARED_UI_9),
      '2.0.0': release('2.0.0', FITS),
      '1.0.0': release('1.0.0', FITS),
    };
    const { loadPage } = await page({ mfe_board: board(['2.0.0', '1.0.0'], '2.0.0') });
    await loadPage(ROUTE);
    expect(registered()).toEqual([[{ name: 'mfe_board', entry: build('2.0.0').entry }]]);
    // The server's pick is fetched at once beside the live one, not after it.
    expect(new Set(fetched)).toEqual(new Set(['3.0.0', '2.0.0']));
    await reportsArrive(1);
    expect(reports[0]).toEqual({
      kind: 'remote-mismatch',
      app: 'mfe_board',
      version: '3.0.0',
      message:
        'mfe_board 3.0.0 needs @jobboard/shared-ui ^9.0.0, but the shell test provides 1.1.0.',
    });
  });

  it('treats a missing or malformed release.json like a misfit', async () => {
    releases = { '2.0.0': '{"app": "mfe_bo', '1.0.0': release('1.0.0', FITS) };
    const { loadPage } = await page({ mfe_board: board(['2.0.0', '1.0.0']) });
    await loadPage(ROUTE);
    expect(registered()).toEqual([[{ name: 'mfe_board', entry: build('1.0.0').entry }]]);
    expect(fetched).toEqual(['3.0.0', '2.0.0', '1.0.0']);
    // Once per remote and kind: the live build's 404 is reported, the malformed one is not.
    await reportsArrive(1);
    expect(reports[0]).toMatchObject({ kind: 'remote-mismatch', version: '3.0.0' });
    expect(reports[0]!.message).toBe(
      'mfe_board 3.0.0 was not loaded: its release.json could not be fetched (HTTP 404).',
    );
  });

  it('with no build that fits: nothing is registered, and the area says it is unavailable', async () => {
    releases = { '3.0.0': release('3.0.0', SHARED_UI_9), '2.0.0': release('2.0.0', SHARED_UI_9) };
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderArea({ mfe_board: board(['2.0.0'], null) });
    expect(await screen.findByTestId('remote-unavailable')).toHaveTextContent(
      'The job board could not be loaded',
    );
    expect(federation.registerRemotes).not.toHaveBeenCalled();
    expect(federation.loadRemote).not.toHaveBeenCalled();
    await reportsArrive(1);
    expect(reports[0]).toMatchObject({ kind: 'remote-mismatch', app: 'mfe_board' });
  });

  it('checks once per remote in a page, and sends each report once', async () => {
    releases = { '3.0.0': release('3.0.0', SHARED_UI_9), '2.0.0': release('2.0.0', FITS) };
    const { loadPage } = await page({ mfe_board: board(['2.0.0'], '2.0.0') });
    await Promise.all([
      loadPage(ROUTE),
      loadPage({ remote: 'mfe_board', module: './RecentJobsPage' }),
    ]);
    await loadPage({ remote: 'mfe_board', module: './BookmarksPage' });
    expect(fetched.filter((version) => version === '3.0.0')).toHaveLength(1);
    expect(registered()).toHaveLength(1);
    await reportsArrive(1);
    // Another failure of another kind is its own report; the same kind again is not sent.
    federation.loadRemote.mockRejectedValue(new Error('chunk failed'));
    await expect(loadPage({ remote: 'mfe_board', module: './AlertsPage' })).rejects.toThrow(
      'chunk failed',
    );
    await expect(
      loadPage({ remote: 'mfe_board', module: './MemberCallbackPage' }),
    ).rejects.toThrow();
    await reportsArrive(2);
    expect(reports[1]).toEqual({
      kind: 'remote-load-failed',
      app: 'mfe_board',
      version: '2.0.0',
      message: 'chunk failed',
    });
  });

  it('loads a build without a release.json URL (the dev servers) unchecked', async () => {
    const { loadPage } = await page({
      mfe_board: { entry: 'http://localhost:3001/mf-manifest.json', version: 'dev' },
    });
    await loadPage(ROUTE);
    expect(registered()).toEqual([
      [{ name: 'mfe_board', entry: 'http://localhost:3001/mf-manifest.json' }],
    ]);
    expect(fetched).toEqual([]);
  });

  it('reports a page that crashes, with the version loaded', async () => {
    releases = { '3.0.0': release('3.0.0', FITS) };
    federation.loadRemote.mockImplementation(async () => ({
      default: () => {
        throw new Error('the board broke');
      },
    }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderArea({ mfe_board: board([]) });
    expect(await screen.findByTestId('remote-unavailable')).toBeVisible();
    await reportsArrive(1);
    expect(reports[0]).toEqual({
      kind: 'remote-crashed',
      app: 'mfe_board',
      version: '3.0.0',
      message: 'the board broke',
    });
  });
});
