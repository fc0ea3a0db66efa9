import { useCallback, useContext, useId, useLayoutEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { LocationContext, RouteContext, RouteErrorContext, RouterContext } from './context.ts';
import type { Params } from './match.ts';
import type { Location } from './path.ts';
import type { BlockerFunction, NavigateFunction, NavigateOptions, Router } from './router.ts';

export const useRouter = (): Router => {
  const router = useContext(RouterContext);
  if (!router) throw new Error('A router hook or link is used outside <RouterProvider>');
  return router;
};

export const useLocation = (): Location => {
  const location = useContext(LocationContext);
  if (!location) throw new Error('useLocation is used outside <RouterProvider>');
  return location;
};

/** The same function for the router's whole life, so it can sit in an effect's dependencies. */
export const useNavigate = (): NavigateFunction => useRouter().navigate;

/** Every parameter of the current address (a layout sees its page's too). */
export const useParams = (): Params => useContext(RouteContext).params;

/** The error the nearest ErrorBoundary is drawn for. */
export const useRouteError = (): unknown => useContext(RouteErrorContext);

export type SearchParamsInit = URLSearchParams | string | Record<string, string> | [string, string][];

export type SetSearchParams = (
  next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit),
  options?: NavigateOptions,
) => void;

/**
 * The query string, and a setter that navigates to the same path with another one (a push unless
 * `replace`). The page stays mounted. The updater gets a copy of the current parameters to change.
 */
export const useSearchParams = (): [URLSearchParams, SetSearchParams] => {
  const router = useRouter();
  const { search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback<SetSearchParams>(
    (next, options) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(router.state.location.search)) : next;
      void router.navigate(`?${new URLSearchParams(value)}`, options);
    },
    [router],
  );
  return [params, set];
};

export type Blocker =
  | { state: 'unblocked'; location?: undefined; proceed?: undefined; reset?: undefined }
  | { state: 'blocked'; location: Location; proceed: () => void; reset: () => void };

const UNBLOCKED: Blocker = { state: 'unblocked' };

/**
 * Asks `shouldBlock` before each navigation inside the app (links, navigate, back and forward).
 * When it says yes the navigation waits: `proceed` goes on with it, `reset` stays.
 */
export const useBlocker = (shouldBlock: boolean | BlockerFunction): Blocker => {
  const router = useRouter();
  const key = useId();
  // Read when a navigation starts, which may be in an effect of the render that changed it.
  const latest = useRef(shouldBlock);
  useLayoutEffect(() => {
    latest.current = shouldBlock;
  });
  useLayoutEffect(
    () =>
      router.block(key, (args) => {
        const { current } = latest;
        return typeof current === 'function' ? current(args) : current;
      }),
    [router, key],
  );
  const blocked = useSyncExternalStore(router.subscribe, () => router.blocked);
  return blocked?.key === key
    ? { state: 'blocked', location: blocked.location, proceed: blocked.proceed, reset: blocked.reset }
    : UNBLOCKED;
};
