// Cadence's client router (decision 133): the part of react-router's API the app used, written
// for this app. Import from here, not from the files.

export { useBlocker, useLocation, useNavigate, useParams, useRouteError, useSearchParams } from './hooks.ts';
export { Link, type LinkProps, Navigate } from './Link.tsx';
export type { LoaderFunctionArgs, Params, RouteObject } from './match.ts';
export type { Location, Path, To } from './path.ts';
export { Outlet, RouterProvider } from './RouterProvider.tsx';
export {
  createBrowserRouter,
  isRouteErrorResponse,
  type NavigateFunction,
  type NavigateOptions,
  type Router,
  redirect,
} from './router.ts';
