import type { RouteTable, SiteConfig } from '@jobboard/contract/site';
import { SharedUiProvider, SiteProvider } from '@jobboard/shared-ui';
import { render, screen, within } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { MemoryRouter, Route, Routes, useNavigate } from '@jobboard/shared-ui/router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Footer } from '../layout/Footer';
import { Header } from '../layout/Header';
import { useMenuStore } from '../layout/menu-store';
import { ScrollToTop } from '../layout/ScrollToTop';

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

function renderAt(path: string, ui: React.ReactNode) {
  return render(
    <SiteProvider value={site}>
      <SharedUiProvider>
        <MemoryRouter initialEntries={[path]}>
          {ui}
          <Routes>
            <Route path="*" element={null} />
          </Routes>
        </MemoryRouter>
      </SharedUiProvider>
    </SiteProvider>,
  );
}

beforeEach(() => useMenuStore.setState({ open: false }));

describe('header', () => {
  // The menu is collapsed (no media queries in jsdom): the links are there, hidden.
  const link = (name: string) => screen.getByRole('link', { name, hidden: true });

  it('links Jobs, Submit Job, Resources, My Bookmarks and Subscribe from the site configuration', () => {
    renderAt('/', <Header />);
    expect(link('Good Work Jobs')).toHaveAttribute('href', '/');
    expect(link('Jobs')).toHaveAttribute('href', '/');
    expect(link('Submit Job')).toHaveAttribute('href', '/submit-job');
    expect(link('My Bookmarks')).toHaveAttribute('href', '/bookmarks');
    expect(link('Resources')).toHaveAttribute('href', site.resourcesUrl);
    expect(link('Subscribe')).toHaveAttribute('href', site.subscribeUrl);
  });

  it.each([
    ['/', 'Jobs'],
    ['/submit-job', 'Submit Job'],
    ['/bookmarks', 'My Bookmarks'],
  ])('marks %s as %s', (path, item) => {
    renderAt(path, <Header />);
    expect(link(item)).toHaveAttribute('aria-current', 'page');
  });

  it('toggles the small-screen menu and closes it when a link is followed', async () => {
    renderAt('/', <Header />);
    const button = screen.getByRole('button', { name: 'Open menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await userEvent.click(screen.getByRole('link', { name: 'Submit Job' }));
    expect(useMenuStore.getState().open).toBe(false);
  });
});

describe('footer', () => {
  it('has the social link, the "a thing of" line and the contact address', () => {
    renderAt('/', <Footer routes={ROUTES} />);
    expect(screen.getByRole('link', { name: 'Follow us' })).toHaveAttribute('href', site.socialUrl);
    expect(screen.getByText('Good Work Jobs is a thing of The Civic Letter.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'hi@civic.example' })).toHaveAttribute(
      'href',
      'mailto:hi@civic.example',
    );
  });

  it('links the legal pages the live remotes declare, and only those', () => {
    const legal = (path: string): RouteTable[number] => ({
      remote: 'mfe_board',
      path,
      module: './LegalPage',
      serverRendered: true,
      title: 'x',
    });
    renderAt(
      '/',
      <Footer routes={[...ROUTES, legal('/privacy'), legal('/terms'), legal('/refunds')]} />,
    );
    const nav = screen.getByRole('navigation', { name: 'Legal' });
    expect(within(nav).getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
    expect(within(nav).getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
    expect(within(nav).getByRole('link', { name: 'Refunds' })).toHaveAttribute('href', '/refunds');
  });

  it('links none of them while the live board predates them (no link to a 404)', () => {
    renderAt('/', <Footer routes={ROUTES} />);
    expect(screen.queryByRole('navigation', { name: 'Legal' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Privacy' })).toBeNull();
  });
});

/** The board's two addresses of one screen, and two other pages. */
const ROUTES: RouteTable = [
  { remote: 'mfe_board', path: '/', module: './BoardPage', serverRendered: true, title: '{board}' },
  {
    remote: 'mfe_board',
    path: '/jobs/:id',
    module: './BoardPage',
    serverRendered: true,
    title: 'x',
  },
  {
    remote: 'mfe_board',
    path: '/bookmarks',
    module: './BookmarksPage',
    serverRendered: false,
    title: 'x',
  },
  {
    remote: 'mfe_submit',
    path: '/submit-job',
    module: './SubmitJobPage',
    serverRendered: true,
    title: 'x',
  },
];

function Go({ to }: { to: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(to)}>
      go {to}
    </button>
  );
}

describe('scroll to top', () => {
  it('scrolls on every route change, except between the board and a job on it', async () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    render(
      <MemoryRouter initialEntries={['/']}>
        <ScrollToTop routes={ROUTES} />
        {['/jobs/3', '/', '/submit-job', '/bookmarks'].map((to) => (
          <Go key={to} to={to} />
        ))}
      </MemoryRouter>,
    );
    const go = (to: string) => userEvent.click(screen.getByRole('button', { name: `go ${to}` }));
    await go('/jobs/3');
    await go('/');
    expect(scrollTo).not.toHaveBeenCalled();
    await go('/submit-job');
    expect(scrollTo).toHaveBeenCalledTimes(1);
    await go('/bookmarks');
    expect(scrollTo).toHaveBeenCalledTimes(2);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    vi.unstubAllGlobals();
  });
});
