import { matchRoute, type RouteTable } from '@jobboard/contract/site';
import { useEffect, useRef } from 'react';
import { useLocation } from '@jobboard/shared-ui/router';

/**
 * Scroll to the top on every route change (docs/product.md#routes-and-screens). Opening or closing a job's detail
 * (/ <-> /jobs/{id}) stays on the same screen, the board, so the list keeps its place. `routes`
 * is the live route table (the boot configuration's).
 */
export function ScrollToTop({ routes }: { routes: RouteTable }) {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    const from = previous.current;
    previous.current = pathname;
    const isBoard = (path: string) => isBoardPage(matchRoute(routes, path));
    if (from !== pathname && !(isBoard(from) && isBoard(pathname))) window.scrollTo(0, 0);
  }, [pathname, routes]);
  return null;
}

/** The board's page ('/' and '/jobs/{id}'): the hero goes above it, a job opens over it. */
export const isBoardPage = (route: { remote: string; module: string } | undefined) =>
  route?.remote === 'mfe_board' && route.module === './BoardPage';
