// @vitest-environment node
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RemoteRoute } from '@jobboard/contract/site';
import { appPages } from './routes';

const REPO = path.resolve(import.meta.dirname, '..', '..', '..');
const board = path.join(REPO, 'mfe-board');
const admin = path.join(REPO, 'mfe-admin');

const route = (path: string, module: string, serverRendered = false): RemoteRoute => ({
  path,
  module: module as RemoteRoute['module'],
  serverRendered,
  title: '{board}',
});

describe("a remote's pages, from its routes", () => {
  it('exposes each page a route names, once, then the extra modules', () => {
    const pages = appPages(
      'mfe_board',
      board,
      [
        route('/', './BoardPage', true),
        route('/jobs/:id', './BoardPage', true),
        route('/b', './BookmarksPage'),
      ],
      ['./AlertsPage'],
    );
    expect(pages.exposes).toEqual({
      './BoardPage': './src/app/BoardPage',
      './BookmarksPage': './src/app/BookmarksPage',
      './AlertsPage': './src/app/AlertsPage',
    });
    expect(pages.serverRendered).toBe(true);
    expect(pages.routes.map((r) => r.path)).toEqual(['/', '/jobs/:id', '/b']);
  });

  it('has no server entry when no route is drawn on the server', () => {
    expect(appPages('mfe_admin', admin, [route('/admin/*', './AdminApp')]).serverRendered).toBe(
      false,
    );
  });

  it('refuses a route whose page is not there, naming the route and the file', () => {
    expect(() =>
      appPages('mfe_board', board, [route('/', './BoardPage'), route('/new', './NewPage')]),
    ).toThrow(
      "mfe_board's route /new is drawn by ./NewPage, but there is no src/app/NewPage.tsx to expose it: add the page or fix the route.",
    );
    expect(() => appPages('mfe_board', board, [route('/', './BoardPage')], ['./Widget'])).toThrow(
      'mfe_board exposes ./Widget, but there is no src/app/Widget.tsx.',
    );
  });

  it('refuses a route the server draws in a remote without a server entry', () => {
    expect(() => appPages('mfe_admin', admin, [route('/admin/*', './AdminApp', true)])).toThrow(
      'mfe_admin has routes the server draws (/admin/*), but no src/server.tsx to draw them with.',
    );
  });

  it('refuses a remote without routes, and routes that are not valid, with the reason', () => {
    expect(() => appPages('mfe_admin', admin, undefined)).toThrow('mfe_admin declares no routes');
    expect(() => appPages('mfe_admin', admin, [route('admin', './AdminApp')])).toThrow(
      "mfe_admin's src/routes.ts is not a valid route list: routes.0.path: a path pattern such as '/jobs/:id' or '/admin/*', not \"admin\".",
    );
    expect(() =>
      appPages('mfe_admin', admin, [
        route('/admin/*', './AdminApp'),
        route('/admin/*', './AdminApp'),
      ]),
    ).toThrow('the path /admin/* is declared twice');
  });

  it('gives the shell no pages of its own, and a server entry', () => {
    expect(appPages('shell', path.join(REPO, 'shell'), undefined)).toEqual({
      routes: [],
      exposes: {},
      serverRendered: true,
    });
  });
});
