/**
 * The router of every app, shared as its own federation singleton (`@jobboard/shared-ui/router`,
 * see build/federation.ts). Sharing react-router-dom itself shipped all of it on the first view
 * (51 KB compressed: data routers, fetchers, server rendering), because a shared package cannot
 * be tree-shaken; sharing this module ships only what is named here. Apps import the router from
 * here, never from react-router-dom (the lint forbids it), so there is one router context.
 */
export {
  BrowserRouter,
  MemoryRouter,
  Link,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useOutletContext,
  useParams,
  useSearchParams,
  type To,
} from 'react-router-dom';
