import type {
  ClientErrorReport,
  RemoteLocation,
  RemotesConfig,
  RouteTable,
} from '@jobboard/contract/site';
import { render, screen, waitFor } from '@jobboard/test-utils/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The shell's load-time check (release-check.ts, remotes.ts): before a remote is registered and
 * loaded, its release.json is fetched and its shared ranges compared with what the shell provides
 * (the test build provides react 19.3.1 and shared-ui 1.1.0: vitest.config.ts), and where it is
 * served from is judged; the build is then registered with the hash its entry was pinned by at
 * promote (integrity.ts). The federation runtime is replaced by a fake that records which build
 * was registered; the integrity plugin's hooks are called as the runtime calls them.
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

/** A remote served from another origin, at `${CDN}/<version>/`. */
const CDN = 'https://board.cdn.example.org';

const server = setupServer(
  ...['*/assets/mfe-board/:version/release.json', `${CDN}/:version/release.json`].map((files) =>
    http.get(files, ({ params }) => {
      const version = String(params.version);
      fetched.push(version);
      const body = releases[version];
      if (body === undefined) return new HttpResponse('Not found', { status: 404 });
      return typeof body === 'string' ? new HttpResponse(body) : HttpResponse.json(body);
    }),
  ),
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

/**
 * A new page loaded at `address` (the board's by default: its policy names the board, the dev
 * server's too): the shell's modules imported afresh, with this remotes configuration.
 */
async function page(remotes: RemotesConfig, address = '/') {
  const { registerRemoteEntries, loadPage } = await import('../remotes');
  const { entryIntegrityPlugin } = await import('../integrity');
  registerRemoteEntries(remotes, BOARD_ROUTES, address);
  return { loadPage, plugin: entryIntegrityPlugin() };
}

const ROUTE = { remote: 'mfe_board', module: './BoardPage' } as const;
const BOARD_ROUTES = [
  { ...ROUTE, path: '/', serverRendered: true, title: '{board}' },
  {
    remote: 'mfe_admin',
    module: './AdminApp',
    path: '/admin/*',
    serverRendered: false,
    title: 'Admin',
  },
] satisfies RouteTable;

/** The board's area as the shell renders it, on a new page (modules imported afresh). */
async function renderArea(remotes: RemotesConfig) {
  const { registerRemoteEntries } = await import('../remotes');
  const { RemotePage } = await import('../RemotePage');
  const { SharedUiProvider } = await import('@jobboard/shared-ui');
  registerRemoteEntries(remotes, BOARD_ROUTES, '/');
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

// Issue 43, finding 4: what runs is what was promoted, and only from where it may come.
describe("a remote's entry, pinned at promote", () => {
  const PIN = `sha384-${'A'.repeat(64)}`;
  const OLD_PIN = `sha384-${'B'.repeat(64)}`;
  const pinned = (version: string, integrity: string) => ({ ...build(version), integrity });
  const entryOf = (version: string) =>
    `${window.location.origin}/assets/mfe-board/${version}/remoteEntry.js`;

  /** The runtime's information about the remote once its manifest is read (RemoteInfo). */
  const remoteInfo = (entry: string, type = 'global') => ({
    name: 'mfe_board',
    entry,
    type,
    entryGlobalName: 'mfe_board',
    shareScope: 'default',
  });

  /** What the plugin's createScript hook gives the runtime for `url`: a `<script>`, or nothing. */
  function scriptFor(
    plugin: Awaited<ReturnType<typeof page>>['plugin'],
    url: string,
    entry: string,
  ) {
    const made = plugin.createScript?.({ url, attrs: {}, remoteInfo: remoteInfo(entry) });
    return made instanceof HTMLScriptElement ? made : undefined;
  }

  it('is loaded by a <script> with the pin of the build picked, and crossorigin; its chunks are left to the runtime', async () => {
    releases = { '3.0.0': release('3.0.0', FITS) };
    const { loadPage, plugin } = await page({ mfe_board: pinned('3.0.0', PIN) });
    // Before its build is picked and registered, the remote has no pin.
    expect(scriptFor(plugin, entryOf('3.0.0'), entryOf('3.0.0'))).toBeUndefined();

    await loadPage(ROUTE);

    expect(registered()).toEqual([[{ name: 'mfe_board', entry: build('3.0.0').entry }]]);
    const script = scriptFor(plugin, entryOf('3.0.0'), entryOf('3.0.0'))!;
    expect(script.src).toBe(entryOf('3.0.0'));
    expect(script.integrity).toBe(PIN);
    expect(script.crossOrigin).toBe('anonymous');
    const chunk = `${window.location.origin}/assets/mfe-board/3.0.0/static/js/async/a.js`;
    expect(scriptFor(plugin, chunk, entryOf('3.0.0'))).toBeUndefined();
  });

  it('its chunks are loaded by its entry, with the hashes it carries: the runtime does not run them first', async () => {
    releases = { '3.0.0': release('3.0.0', FITS) };
    const { loadPage, plugin } = await page({ mfe_board: pinned('3.0.0', PIN) });
    await loadPage(ROUTE);
    // As runtime-core's snapshot plugin asks, before it preloads a remote's page chunks.
    const preloadOps = [{ nameOrAlias: 'mfe_board' }, { nameOrAlias: 'mfe_admin' }];
    await plugin.beforePreloadRemote?.({ preloadOps } as never);
    // The admin was not pinned on this page: the runtime preloads its chunks as before.
    expect(preloadOps).toEqual([{ nameOrAlias: 'mfe_admin' }]);
  });

  it('a fallback is loaded with the pin recorded when it was promoted', async () => {
    releases = { '3.0.0': release('3.0.0', SHARED_UI_9), '2.0.0': release('2.0.0', FITS) };
    const { loadPage, plugin } = await page({
      mfe_board: { ...pinned('3.0.0', PIN), fallbacks: [pinned('2.0.0', OLD_PIN)] },
    });
    await loadPage(ROUTE);
    expect(registered()).toEqual([[{ name: 'mfe_board', entry: build('2.0.0').entry }]]);
    expect(scriptFor(plugin, entryOf('2.0.0'), entryOf('2.0.0'))!.integrity).toBe(OLD_PIN);
    await reportsArrive(1);
  });

  it('is refused when its manifest asks for an entry loaded by import(), where no element carries the pin', async () => {
    releases = { '3.0.0': release('3.0.0', FITS) };
    const { loadPage, plugin } = await page({ mfe_board: pinned('3.0.0', PIN) });
    await loadPage(ROUTE);
    const load = (type: string) =>
      plugin.loadEntry?.({ remoteInfo: remoteInfo(entryOf('3.0.0'), type) } as never);
    expect(() => load('esm')).toThrow(/cannot be checked against its pin/);
    expect(() => load('system')).toThrow(/cannot be checked against its pin/);
    expect(load('global')).toBeUndefined();
  });
});

describe('a remote on another origin', () => {
  const PIN = `sha384-${'A'.repeat(64)}`;
  const MANIFEST = `${CDN}/3.0.0/mf-manifest.json`;
  const elsewhere = (entry: string, integrity?: string): RemoteLocation => ({
    entry,
    version: '3.0.0',
    release: new URL('release.json', entry).href,
    ...(integrity ? { integrity } : {}),
  });

  it('is loaded over https when pinned', async () => {
    releases = { '3.0.0': release('3.0.0', FITS) };
    const { loadPage } = await page({ mfe_board: elsewhere(MANIFEST, PIN) });
    await loadPage(ROUTE);
    expect(registered()).toEqual([[{ name: 'mfe_board', entry: MANIFEST }]]);
  });

  it.each([
    [
      'over http, even pinned',
      MANIFEST.replace('https:', 'http:'),
      PIN,
      /http:\/\/ on another origin/,
    ],
    ['over https without a pin', MANIFEST, undefined, /recorded at promote, and this one has none/],
  ])(
    'is refused %s: never registered, never fetched, and reported',
    async (_, manifest, integrity, why) => {
      releases = { '3.0.0': release('3.0.0', FITS) };
      const { loadPage } = await page({ mfe_board: elsewhere(manifest, integrity) });
      await expect(loadPage(ROUTE)).rejects.toThrow('No release of mfe_board fits this shell');
      expect(federation.registerRemotes).not.toHaveBeenCalled();
      expect(fetched).toEqual([]);
      await reportsArrive(1);
      expect(reports[0]).toMatchObject({ kind: 'remote-mismatch', app: 'mfe_board' });
      expect(reports[0]!.message).toMatch(why);
    },
  );

  it("is loaded by a page of its own when this page's policy does not name it", async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload, href: window.location.href });
    try {
      // Loaded at /admin, whose policy names only the admin remote: the board's address is
      // loaded anew, and nothing is registered here.
      const { loadPage } = await page({ mfe_board: elsewhere(MANIFEST, PIN) }, '/admin/jobs');
      void loadPage(ROUTE);
      await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
      expect(federation.registerRemotes).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
