import { matchRoute, routeText, type RouteTable, type SiteConfig } from '@jobboard/contract/site';
import { useEffect, useRef } from 'react';
import { useLocation } from '@jobboard/shared-ui/router';

/**
 * The document title of the route the browser moved to: the route's own (its remote declares it,
 * `{board}` filled in). Not on the first view, whose title the server wrote and may know better
 * (a job's, a search's); a page that knows better still sets its own after this (a job's detail:
 * this element comes before the page, so its effect runs first).
 */
export function RouteTitle({ routes, site }: { routes: RouteTable; site: SiteConfig }) {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const route = matchRoute(routes, pathname);
    if (route) document.title = routeText(route.title, site);
  }, [pathname, routes, site]);
  return null;
}
