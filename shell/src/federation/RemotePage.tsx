import { APPS, type RemoteName, type SiteRoute } from '@jobboard/contract/site';
import { Button, Card, Spinner } from '@jobboard/shared-ui';
import {
  Component,
  Suspense,
  useEffect,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import styled from 'styled-components';
import { useAppReady } from '../app/app-ready';
import { loadedPage, loadedVersion, loadPage } from './remotes';
import { reportClientError } from './report';
import { useServerPage } from './server-pages';

type RemoteRoute = Pick<SiteRoute, 'remote' | 'module'>;

/**
 * One route's page, loaded from its remote at run time. While it loads: a loader with the route's
 * text. If the remote cannot be loaded or its page crashes, only this area shows an error panel
 * with a retry; the header, footer and other areas keep working.
 *
 * A page that crashes is reported (`remote-crashed`, report.ts), as is a remote that fails to
 * load or whose release does not fit the shell (remotes.ts). Retry after a crash mounts the page again. Retry after a failed load reloads the page: the
 * browser answers a file whose preload failed with that same failure for the rest of the page's
 * life, so only a new page load fetches the remote again (and picks up a redeployed version).
 */
export function RemotePage({ route, loadingText }: { route: RemoteRoute; loadingText?: string }) {
  const [attempt, setAttempt] = useState(0);
  // The Suspense boundary keeps a difference between the server's HTML and the browser's first
  // render inside this area: React redraws the area alone instead of the whole page.
  return (
    <RemoteErrorBoundary
      key={attempt}
      remote={route.remote}
      area={APPS[route.remote].area}
      onRetry={() => setAttempt((n) => n + 1)}
    >
      <Suspense fallback={<Loader loadingText={loadingText} />}>
        <RemotePageLoader route={route} loadingText={loadingText} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

function Loader({ loadingText }: { loadingText?: string }) {
  return <Spinner label={loadingText ?? 'Loading...'} hideLabel={!loadingText} />;
}

function RemotePageLoader({ route, loadingText }: { route: RemoteRoute; loadingText?: string }) {
  useAppReady();
  const [state, setState] = useState<{ page?: ComponentType; error?: unknown }>(() => ({
    page: loadedPage(route),
  }));

  useEffect(() => {
    let current = true;
    const ready = loadedPage(route);
    if (ready) {
      setState({ page: ready });
      return;
    }
    setState({});
    loadPage(route).then(
      (page) => current && setState({ page }),
      (error: unknown) => {
        console.error(`${route.remote} could not be loaded:`, error);
        if (current) setState({ error });
      },
    );
    return () => {
      current = false;
    };
  }, [route.remote, route.module]); // eslint-disable-line react-hooks/exhaustive-deps

  // On the server the page comes ready made from its remote's server entry (server.tsx).
  const serverPage = useServerPage(route);
  if (serverPage) return serverPage;
  if (state.error) {
    return <Unavailable area={APPS[route.remote].area} onRetry={() => window.location.reload()} />;
  }
  if (!state.page) return <Loader loadingText={loadingText} />;
  const Page = state.page;
  return <Page />;
}

class RemoteErrorBoundary extends Component<
  { remote: RemoteName; area: string; onRetry(): void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(`${this.props.area} failed:`, error);
    const { remote } = this.props;
    void loadedVersion(remote).then((version) =>
      reportClientError({
        kind: 'remote-crashed',
        app: remote,
        version,
        message: error instanceof Error ? error.message : String(error),
      }),
    );
  }

  override render() {
    if (this.state.failed)
      return <Unavailable area={this.props.area} onRetry={this.props.onRetry} />;
    return this.props.children;
  }
}

function Unavailable({ area, onRetry }: { area: string; onRetry(): void }) {
  return (
    <Panel role="alert" data-testid="remote-unavailable">
      <h2>This part of the site is unavailable right now</h2>
      <p>
        {area} could not be loaded. The rest of the site still works. Please try again in a moment.
      </p>
      <Button onClick={onRetry}>Retry</Button>
    </Panel>
  );
}

const Panel = styled(Card)`
  max-width: 40rem;
  margin: ${({ theme }) => theme.space.xl} auto;
  text-align: center;
  h2 {
    margin-top: 0;
  }
`;
