import { matchFrontendRoute } from '@jobboard/contract/site';
import { useEffect, useRef } from 'react';
import { useLocation } from '@jobboard/shared-ui/router';

/**
 * Scroll to the top on every route change (docs/product.md#routes-and-screens). Opening or closing a job's detail
 * (/ <-> /jobs/{id}) stays on the same screen, the board, so the list keeps its place.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    const from = previous.current;
    previous.current = pathname;
    if (from !== pathname && !(isBoard(from) && isBoard(pathname))) window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

const isBoard = (path: string) => matchFrontendRoute(path)?.module === './BoardPage';
