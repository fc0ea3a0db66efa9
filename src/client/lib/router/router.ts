import { createRouteTable, type Match, matchRoutes, type Route, type RouteObject } from './match.ts';
import { createPath, isExternal, type Location, type Path, resolvePath, type To } from './path.ts';

// The navigation engine: the browser's history, the route loaders and lazy modules, and the
// state the React side draws (RouterProvider.tsx). A navigation commits (the address bar and the
// screen change together) only once its loaders have answered and its routes' code is in, so the
// page the user leaves stays on screen meanwhile.

export type HistoryAction = 'POP' | 'PUSH' | 'REPLACE';

export interface NavigateOptions {
  replace?: boolean;
  /** Kept with the history entry (history.state), read back as `location.state`. */
  state?: unknown;
}

export interface NavigateFunction {
  (to: To, options?: NavigateOptions): Promise<void>;
  /** Back (-1) or forward through the browser's history. */
  (delta: number): Promise<void>;
}

class Redirect {
  constructor(readonly to: string) {}
}

/** A loader's answer, returned or thrown: go there instead (the entry being opened is not kept). */
export const redirect = (to: string) => new Redirect(to);

/** What an address no route matches shows its error boundary. */
export class RouteErrorResponse {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly data: unknown = null,
  ) {}
}

export const isRouteErrorResponse = (error: unknown): error is RouteErrorResponse =>
  error instanceof RouteErrorResponse;

export interface RouterState {
  /** False until the first address's loaders and code are in: its HydrateFallback shows meanwhile. */
  initialized: boolean;
  location: Location;
  matches: Match[];
  /** A loader's or a lazy module's failure, drawn by the ErrorBoundary of the route at `index`. */
  error: { index: number; error: unknown } | null;
}

export type BlockerFunction = (args: {
  currentLocation: Location;
  nextLocation: Location;
  historyAction: HistoryAction;
}) => boolean;

/** A navigation a blocker stopped, waiting for the user's answer. */
export interface Blocked {
  key: string;
  location: Location;
  proceed: () => void;
  reset: () => void;
}

export interface Router {
  readonly state: RouterState;
  readonly blocked: Blocked | null;
  subscribe: (listener: () => void) => () => void;
  navigate: NavigateFunction;
  /** Asks `blocker` before every navigation until the returned function is called. */
  block: (key: string, blocker: BlockerFunction) => () => void;
}

type Outcome = { kind: 'ok' } | { kind: 'redirect'; to: string } | { kind: 'error'; error: unknown };
const OK: Outcome = { kind: 'ok' };

/** A loop of redirects ends on the error page rather than hanging the tab. */
const MAX_REDIRECTS = 20;

/** What the router keeps in `history.state`; `idx` counts entries from the app's first one. */
interface Entry {
  key: string;
  idx: number;
  state: unknown;
}

const readEntry = (): Partial<Entry> => {
  const entry: unknown = window.history.state;
  return entry && typeof entry === 'object' ? entry : {};
};

export const newKey = () => Math.random().toString(36).slice(2, 10);

const browserLocation = (entry: Partial<Entry>): Location => ({
  pathname: window.location.pathname,
  search: window.location.search,
  hash: window.location.hash,
  state: entry.state ?? null,
  key: entry.key ?? 'default',
});

/** A lazy route's module, loaded once; a failure is not kept, so the next navigation tries again. */
const loadModule = (route: Route): Promise<void> => {
  const { lazy } = route;
  if (!lazy) return Promise.resolve();
  route.loading ??= lazy().then(
    (module) => {
      Object.assign(route.module, module);
      route.lazy = undefined;
    },
    (error: unknown) => {
      route.loading = undefined;
      throw error;
    },
  );
  return route.loading;
};

const runLoader = async ({ route, params }: Match, request: Request): Promise<Outcome> => {
  try {
    const result = await route.loader?.({ request, params });
    return result instanceof Redirect ? { kind: 'redirect', to: result.to } : OK;
  } catch (error) {
    return error instanceof Redirect ? { kind: 'redirect', to: error.to } : { kind: 'error', error };
  }
};

/**
 * Whether the route at `at` loads again. A route newly on screen, or given other parameters,
 * loads; so does every route when the query string changes (loaders may read it) or when the same
 * address is opened again. A layout that stays, as the user moves between its pages, does not.
 */
const mustLoad = (previous: RouterState, next: Path, match: Match, at: number) => {
  const before = previous.matches[at];
  if (!previous.initialized || !before || before.route !== match.route) return true;
  if (previous.error && at >= previous.error.index) return true;
  if (previous.location.search !== next.search || previous.location.pathname === next.pathname) return true;
  return JSON.stringify(before.params) !== JSON.stringify(match.params);
};

export const createBrowserRouter = (routes: RouteObject[]): Router => {
  const table = createRouteTable(routes);
  const listeners = new Set<() => void>();
  const blockers = new Map<string, BlockerFunction>();
  const notify = () => {
    for (const listener of listeners) listener();
  };

  // Which entry of the tab's history is on screen. A back or forward that a blocker stops is
  // undone by going the same number of entries the other way, which needs each entry's number.
  const first = readEntry();
  let index = typeof first.idx === 'number' ? first.idx : 0;
  if (typeof first.idx !== 'number')
    window.history.replaceState({ key: first.key ?? 'default', idx: 0, state: first.state ?? null }, '');
  const initial = browserLocation(first);
  let state: RouterState = {
    initialized: false,
    location: initial,
    matches: matchRoutes(table, initial.pathname) ?? [],
    error: null,
  };
  let blocked: Blocked | null = null;
  let pending: AbortController | null = null;

  const commit = (location: Location, action: HistoryAction, matches: Match[], error: RouterState['error']) => {
    pending = null;
    const href = createPath(location);
    if (action === 'PUSH') {
      try {
        window.history.pushState(
          { key: location.key, idx: index + 1, state: location.state } satisfies Entry,
          '',
          href,
        );
        index += 1;
      } catch {
        // A state the browser cannot keep, or too many entries too fast: load the page instead.
        window.location.assign(href);
        return;
      }
    } else if (action === 'REPLACE') {
      window.history.replaceState({ key: location.key, idx: index, state: location.state } satisfies Entry, '', href);
    }
    blocked = null;
    state = { initialized: true, location, matches, error };
    notify();
  };

  /** Loads what `location` needs, then commits it, unless a newer navigation came first. */
  const start = async (location: Location, action: HistoryAction, redirects = 0): Promise<void> => {
    pending?.abort();
    const controller = new AbortController();
    pending = controller;
    const { signal } = controller;
    const found = matchRoutes(table, location.pathname);
    // No route: the root draws its error boundary with a 404.
    const matches = found ?? table.roots.slice(0, 1).map((route) => ({ route, params: {} }));
    const previous = state;
    const hashOnly =
      previous.initialized &&
      location.hash !== '' &&
      location.hash !== previous.location.hash &&
      createPath({ ...location, hash: '' }) === createPath({ ...previous.location, hash: '' });
    const request = new Request(new URL(createPath(location), window.location.origin), { signal });

    // Code and loaders start together; a guard's redirect does not wait for the page's code.
    const modules = Promise.all(
      matches.map((match) =>
        loadModule(match.route).then(
          (): Outcome => OK,
          (error: unknown): Outcome => ({ kind: 'error', error }),
        ),
      ),
    );
    const loaders = matches.map((match, at) =>
      match.route.loader && !hashOnly && mustLoad(previous, location, match, at)
        ? runLoader(match, request)
        : Promise.resolve(OK),
    );
    // In order, so a parent's redirect (the sign-in) wins over a child's.
    const loaded: Outcome[] = [];
    for (const loader of loaders) {
      const outcome = await loader;
      if (signal.aborted) return;
      if (outcome.kind === 'redirect') {
        if (redirects >= MAX_REDIRECTS) {
          commit(location, action, matches, { index: 0, error: new Error(`Too many redirects (${outcome.to})`) });
          return;
        }
        if (isExternal(outcome.to)) {
          window.location.replace(outcome.to);
          return;
        }
        const target: Location = { ...resolvePath(outcome.to, location), state: null, key: newKey() };
        // The address asked for never shows: a push adds the target instead, a reload or a
        // back/forward replaces the entry it landed on.
        return start(target, action === 'PUSH' ? 'PUSH' : 'REPLACE', redirects + 1);
      }
      loaded.push(outcome);
    }
    const code = await modules;
    if (signal.aborted) return;

    const failure = (at: number) => {
      const outcome = loaded[at]?.kind === 'error' ? loaded[at] : code[at];
      return outcome?.kind === 'error' ? outcome.error : undefined;
    };
    const failed = matches.findIndex((_, at) => failure(at) !== undefined);
    let error: RouterState['error'] = null;
    if (!found) error = { index: 0, error: new RouteErrorResponse(404, 'Not Found') };
    else if (failed >= 0) {
      // The nearest error boundary at or above the route that failed.
      let boundary = failed;
      while (boundary > 0 && !matches[boundary]!.route.module.ErrorBoundary) boundary -= 1;
      error = { index: boundary, error: failure(failed) };
    }
    commit(location, action, matches, error);
  };

  /** True when a blocker stops the navigation to `next`; `proceed` is what its "leave" runs. */
  const ask = (next: Location, action: HistoryAction, proceed: () => void): boolean => {
    for (const [key, blocker] of blockers) {
      if (!blocker({ currentLocation: state.location, nextLocation: next, historyAction: action })) continue;
      const settle = (then?: () => void) => () => {
        if (blocked !== record) return;
        blocked = null;
        notify();
        then?.();
      };
      const record: Blocked = { key, location: next, proceed: settle(proceed), reset: settle() };
      blocked = record;
      notify();
      return true;
    }
    return false;
  };

  const navigate = ((to: To | number, options: NavigateOptions = {}): Promise<void> => {
    if (typeof to === 'number') {
      window.history.go(to);
      return Promise.resolve();
    }
    if (isExternal(to)) {
      if (options.replace) window.location.replace(to);
      else window.location.assign(to);
      return Promise.resolve();
    }
    const path = resolvePath(to, state.location);
    const location: Location = { ...path, state: options.state ?? null, key: newKey() };
    // Going where the app already is replaces the entry rather than adding the same one again.
    const action = (options.replace ?? createPath(path) === createPath(state.location)) ? 'REPLACE' : 'PUSH';
    if (ask(location, action, () => void start(location, action))) return Promise.resolve();
    return start(location, action);
  }) as NavigateFunction;

  // Back and forward: the browser has already moved when the event comes.
  let undoing = false; // the next popstate is the router stepping back over a blocked one
  let confirmed = false; // the next popstate is a blocked one the user then allowed
  window.addEventListener('popstate', () => {
    if (undoing) {
      undoing = false;
      return;
    }
    let entry = readEntry();
    if (typeof entry.idx !== 'number') {
      // An entry the router did not make (a plain '#' link): the one after the current.
      entry = { key: newKey(), idx: index + 1, state: null };
      window.history.replaceState(entry, '');
    }
    const idx = entry.idx as number;
    const location = browserLocation(entry);
    const delta = index - idx;
    if (!confirmed && delta !== 0) {
      const stopped = ask(location, 'POP', () => {
        confirmed = true;
        window.history.go(-delta);
      });
      if (stopped) {
        undoing = true;
        window.history.go(delta);
        return;
      }
    }
    confirmed = false;
    index = idx;
    void start(location, 'POP');
  });

  const router: Router = {
    get state() {
      return state;
    },
    get blocked() {
      return blocked;
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    navigate,
    block: (key, blocker) => {
      blockers.set(key, blocker);
      return () => {
        blockers.delete(key);
        if (blocked?.key !== key) return;
        blocked = null;
        notify();
      };
    },
  };
  // The first address loads now, while React starts.
  void start(initial, 'POP');
  return router;
};
