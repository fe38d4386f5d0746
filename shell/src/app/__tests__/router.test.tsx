import type { BootConfig, RouteTable, SiteConfig } from '@jobboard/contract/site';
import { act, render, screen } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { MemoryRouter, useNavigate } from '@jobboard/shared-ui/router';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppFrame } from '../App';

/**
 * The remotes' pages, as their modules would load: each says which it is. A page not listed here
 * never loads (its loader stays), as a remote that is slow to answer.
 */
const PAGES = vi.hoisted(() => new Map<string, ComponentType>());
vi.mock('../../federation/remotes', () => ({
  moduleId: (route: { remote: string; module: string }) =>
    `${route.remote}/${route.module.replace(/^\.\//, '')}`,
  loadedPage: (route: { remote: string; module: string }) =>
    PAGES.get(`${route.remote}/${route.module.replace(/^\.\//, '')}`),
  loadPage: (route: { remote: string; module: string }) => {
    const page = PAGES.get(`${route.remote}/${route.module.replace(/^\.\//, '')}`);
    return page ? Promise.resolve(page) : new Promise(() => {});
  },
}));

const site: SiteConfig = {
  boardName: 'Good Work Jobs',
  providerName: 'The Civic Letter',
  contactEmail: 'hi@civic.example',
  jobsEmail: 'jobs@civic.example',
  socialUrl: 'https://social.example/civic',
  socialLabel: 'Follow us',
  resourcesUrl: 'https://civic.example/resources',
  subscribeUrl: 'https://civic.example/subscribe',
  membershipName: 'Ghost',
};

/** The table a server would inline: the board's pages and one page none of the code names. */
const ROUTES: RouteTable = [
  { remote: 'mfe_board', path: '/', module: './BoardPage', serverRendered: true, title: '{board}' },
  {
    remote: 'mfe_board',
    path: '/jobs/:id',
    module: './BoardPage',
    serverRendered: true,
    title: '{board}',
  },
  {
    remote: 'mfe_board',
    path: '/events/:slug',
    module: './EventsPage',
    serverRendered: false,
    title: 'Events | {board}',
  },
  {
    remote: 'mfe_board',
    path: '/ghost-callback',
    module: './MemberCallbackPage',
    serverRendered: false,
    title: 'Signing in | {board}',
    loadingText: 'Authenticating with {membership} for {board}...',
  },
  {
    remote: 'mfe_admin',
    path: '/admin/*',
    module: './AdminApp',
    serverRendered: false,
    title: 'Admin | {board}',
  },
];

const boot: BootConfig = { site, remotes: {}, routes: ROUTES };

function page(name: string): ComponentType {
  return function Page() {
    return <p>the page {name}</p>;
  };
}

function Go({ to }: { to: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(to)}>
      go {to}
    </button>
  );
}

function renderAt(path: string, config: BootConfig = boot) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppFrame boot={config} />
      {['/', '/events/spring', '/admin/jobs', '/jobs/3'].map((to) => (
        <Go key={to} to={to} />
      ))}
    </MemoryRouter>,
  );
}

beforeEach(() => {
  PAGES.clear();
  PAGES.set('mfe_board/BoardPage', page('board'));
  PAGES.set('mfe_board/EventsPage', page('events'));
  PAGES.set('mfe_admin/AdminApp', page('admin'));
  vi.stubGlobal('scrollTo', vi.fn());
  document.title = 'Written by the server';
});
afterEach(() => vi.unstubAllGlobals());

describe("the shell's router, from the boot configuration's routes", () => {
  it("draws each route with its remote's page, also one the shell was never built with", async () => {
    renderAt('/events/spring');
    expect(await screen.findByText('the page events')).toBeInTheDocument();
    // The hero goes over the board's page only.
    expect(screen.queryByRole('heading', { level: 1, name: site.boardName })).toBeNull();
  });

  it('puts the hero above the board', async () => {
    renderAt('/');
    expect(await screen.findByText('the page board')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: site.boardName })).toBeInTheDocument();
  });

  it("follows a remote's nested routes under its pattern", async () => {
    renderAt('/admin/jobs/edit/3');
    expect(await screen.findByText('the page admin')).toBeInTheDocument();
  });

  it('shows the 404 page for a path no live remote declares', () => {
    renderAt('/job-list');
    expect(screen.getByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
  });

  it('shows no page of a remote whose routes the configuration does not carry', () => {
    renderAt('/admin', { ...boot, routes: ROUTES.filter((r) => r.remote !== 'mfe_admin') });
    expect(screen.getByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.queryByText('the page admin')).toBeNull();
  });

  it("says the route's loading text, with the site's names filled in", () => {
    renderAt('/ghost-callback');
    expect(
      screen.getAllByText('Authenticating with Ghost for Good Work Jobs...').length,
    ).toBeGreaterThan(0);
  });

  it("titles the document with the route's title when the browser moves to it, not at first", async () => {
    renderAt('/');
    await screen.findByText('the page board');
    expect(document.title).toBe('Written by the server');
    await act(() => userEvent.click(screen.getByRole('button', { name: 'go /events/spring' })));
    expect(await screen.findByText('the page events')).toBeInTheDocument();
    expect(document.title).toBe('Events | Good Work Jobs');
    await act(() => userEvent.click(screen.getByRole('button', { name: 'go /' })));
    expect(document.title).toBe('Good Work Jobs');
  });

  it('keeps the place between the board and a job on it, and scrolls elsewhere', async () => {
    renderAt('/');
    await act(() => userEvent.click(screen.getByRole('button', { name: 'go /jobs/3' })));
    await act(() => userEvent.click(screen.getByRole('button', { name: 'go /' })));
    expect(window.scrollTo).not.toHaveBeenCalled();
    await act(() => userEvent.click(screen.getByRole('button', { name: 'go /events/spring' })));
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
