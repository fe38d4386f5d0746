import { describe, expect, it } from 'vitest';
import {
  isRoutePath,
  matchRoute,
  parseRemoteRoutes,
  routesOverlap,
  routeText,
  RouteTable,
  type RemoteRoute,
} from '../routes';
import { validate } from 'superstruct';

const page = (path: string, module = './SomePage'): RemoteRoute => ({
  path,
  module: module as RemoteRoute['module'],
  serverRendered: false,
  title: 'Some page | {board}',
});

describe('a path pattern', () => {
  it.each(['/', '/*', '/jobs/:id', '/job-list', '/pay/:token/*', '/admin/*', '/a.b/~x_y'])(
    'accepts %s',
    (path) => expect(isRoutePath(path)).toBe(true),
  );
  it.each([
    '',
    'jobs',
    '/jobs/',
    '//jobs',
    '/jobs/*/more',
    '/jobs/:',
    '/jobs/:1d',
    '/jobs?x=1',
    '/jobs/(.*)',
    '/jöbs',
    `/${'a'.repeat(200)}`,
  ])('refuses %j', (path) => expect(isRoutePath(path)).toBe(false));
});

describe('matching a path', () => {
  const table = [
    page('/'),
    page('/jobs/:id', './JobPage'),
    page('/pay/:token/*', './PayPage'),
    page('/admin/*', './AdminApp'),
    page('/a.b', './Dotted'),
  ];
  it.each([
    ['/', '/'],
    ['/jobs/12', '/jobs/:id'],
    ['/jobs/12/', '/jobs/:id'],
    ['/pay/abc', '/pay/:token/*'],
    ['/pay/abc/done', '/pay/:token/*'],
    ['/admin', '/admin/*'],
    ['/admin/', '/admin/*'],
    ['/admin/jobs/3/edit', '/admin/*'],
    ['/a.b', '/a.b'],
  ])('%s is the route %s', (pathname, path) => {
    expect(matchRoute(table, pathname)?.path).toBe(path);
  });
  it.each(['/jobs', '/jobs/12/more', '/pay', '/administrator', '/axb', '/nowhere'])(
    '%s is no route',
    (pathname) => expect(matchRoute(table, pathname)).toBeUndefined(),
  );
  it('takes the first route that matches', () => {
    const first = [page('/jobs/new', './NewJob'), page('/jobs/:id', './JobPage')];
    expect(matchRoute(first, '/jobs/new')?.module).toBe('./NewJob');
    expect(matchRoute(first, '/jobs/7')?.module).toBe('./JobPage');
  });
});

describe('overlapping patterns', () => {
  it.each([
    ['/', '/'],
    ['/jobs/:id', '/jobs/new'],
    ['/jobs/:id', '/jobs/:slug'],
    ['/admin/*', '/admin'],
    ['/admin/*', '/admin/jobs/:id'],
    ['/pay/:token/*', '/pay/x'],
    ['/*', '/anything/at/all'],
    ['/:section/list', '/jobs/:view'],
  ])('%s and %s overlap', (a, b) => {
    expect(routesOverlap(a, b)).toBe(true);
    expect(routesOverlap(b, a)).toBe(true);
  });
  it.each([
    ['/', '/jobs'],
    ['/jobs/:id', '/jobs'],
    ['/jobs/:id', '/job-list'],
    ['/admin/*', '/administrator'],
    ['/pay/:token/*', '/pay'],
    ['/alerts/confirm', '/alerts/manage'],
    ['/a/:b', '/a/b/c'],
  ])('%s and %s do not', (a, b) => {
    expect(routesOverlap(a, b)).toBe(false);
    expect(routesOverlap(b, a)).toBe(false);
  });
});

describe("a remote's routes read from a file", () => {
  it('are accepted as declared', () => {
    const routes = [page('/'), { ...page('/bookmarks'), loadingText: 'Loading...' }];
    expect(parseRemoteRoutes(routes)).toEqual({ ok: true, routes });
  });
  it.each([
    ['not a list', { path: '/' }, 'routes: Expected an array'],
    ['a bad pattern', [page('/jobs/')], "routes.0.path: a path pattern such as '/jobs/:id'"],
    [
      'a bad module',
      [page('/', 'BoardPage')],
      "routes.0.module: an exposed module such as './BoardPage'",
    ],
    ['no title', [{ ...page('/'), title: '' }], 'routes.0.title'],
    ['no server flag', [{ path: '/', module: './X', title: 'X' }], 'routes.0.serverRendered'],
    ['a path twice', [page('/'), page('/', './Other')], 'the path / is declared twice'],
    ['an unknown field', [{ ...page('/'), extra: 1 }], 'routes.0.extra'],
  ])('are refused with where and why: %s', (_, value, problem) => {
    const parsed = parseRemoteRoutes(value);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problem).toContain(problem);
  });
  it('name their remote in the site table, which must be one of the apps', () => {
    expect(validate([{ remote: 'mfe_board', ...page('/') }], RouteTable)[0]).toBeUndefined();
    expect(validate([{ remote: 'shell', ...page('/') }], RouteTable)[0]).toBeDefined();
  });
});

it("fills a route's text for the site", () => {
  const site = { boardName: 'Good Jobs', membershipName: 'Ghost' };
  expect(routeText('Recent jobs | {board}', site)).toBe('Recent jobs | Good Jobs');
  expect(routeText('Authenticating with {membership}...', site)).toBe(
    'Authenticating with Ghost...',
  );
  expect(routeText('{board}', { ...site, boardName: '$& {membership}' })).toBe('$& {membership}');
});
