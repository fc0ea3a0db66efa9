import type { ComponentType } from 'react';

// The route table and which of its routes an address matches. No React and no browser here, so
// the matching is tested on its own (match.test.ts).

export type Params = Readonly<Record<string, string | undefined>>;

export interface LoaderFunctionArgs {
  /** The address being loaded (its `signal` aborts when another navigation takes over). */
  request: Request;
  params: Params;
}

/** Runs before the route renders; may return or throw `redirect(…)`; what else it returns is unused. */
export type LoaderFunction = (args: LoaderFunctionArgs) => unknown;

/** What a route draws; a lazy route's module supplies these once loaded. */
export interface RouteModule {
  Component?: ComponentType | null;
  ErrorBoundary?: ComponentType | null;
  HydrateFallback?: ComponentType | null;
}

export interface RouteObject extends RouteModule {
  id?: string;
  /** Relative to the parent's path: 'meetings', 'kpi/:meetingId', 'passwords/:meetingId?', '*'. */
  path?: string;
  index?: boolean;
  children?: RouteObject[];
  /** Declared on the route itself, not by `lazy`: guards decide before the page's code loads. */
  loader?: LoaderFunction;
  lazy?: () => Promise<RouteModule>;
}

/** A route as the router keeps it: the module filled in once its lazy code is loaded. */
export interface Route {
  id: string;
  loader?: LoaderFunction;
  lazy?: () => Promise<RouteModule>;
  module: RouteModule;
  /** The lazy load under way or done; cleared on failure so a later navigation tries again. */
  loading?: Promise<void>;
}

export interface Match {
  route: Route;
  /** Every parameter of the whole address, the same object for each level (as a layout sees its page's). */
  params: Params;
}

/** One way down the tree: the routes from the root to a leaf, and the segments they add up to. */
interface Branch {
  routes: Route[];
  segments: string[];
  score: number;
}

export interface RouteTable {
  roots: Route[];
  branches: Branch[];
}

// A more specific pattern wins whatever the order of the table: a fixed segment over a
// parameter, a parameter over the rest-of-the-path '*', and an index over its parent.
const score = (segments: string[], index: boolean) =>
  segments.reduce((sum, segment) => sum + (segment === '*' ? -2 : segment.startsWith(':') ? 3 : 10), index ? 2 : 0);

/** 'a/:b?/c' as the two patterns it stands for: 'a/:b/c' and 'a/c'. */
const withoutOptionals = (segments: string[]): string[][] => {
  const at = segments.findIndex((segment) => segment.endsWith('?'));
  if (at < 0) return [segments];
  const before = segments.slice(0, at);
  const required = segments[at]!.slice(0, -1);
  return withoutOptionals(segments.slice(at + 1)).flatMap((rest) => [
    [...before, required, ...rest],
    [...before, ...rest],
  ]);
};

const split = (path: string) => path.split('/').filter(Boolean);

export const createRouteTable = (objects: RouteObject[]): RouteTable => {
  const branches: Branch[] = [];
  let nextId = 0;
  const build = (objects: RouteObject[], parents: Route[], parentSegments: string[]): Route[] =>
    objects.map((object) => {
      const { id, path, index, children, loader, lazy, ...module } = object;
      const route: Route = { id: id ?? `route-${nextId++}`, loader, lazy, module };
      const segments = [...parentSegments, ...split(path ?? '')];
      const chain = [...parents, route];
      // Children first: on an equal score the deeper route wins.
      if (children) build(children, chain, segments);
      // A layout without a path never matches by itself, only through its children.
      if (path !== undefined || index)
        for (const pattern of withoutOptionals(segments))
          branches.push({ routes: chain, segments: pattern, score: score(pattern, Boolean(index)) });
      return route;
    });
  const roots = build(objects, [], []);
  // Stable: among equal scores the table's order decides.
  branches.sort((a, b) => b.score - a.score);
  return { roots, branches };
};

const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** The parameters when `segments` (of an address) fit `pattern`, else null. Fixed segments ignore case (/Home is /home). */
const paramsOf = (pattern: string[], segments: string[]): Record<string, string> | null => {
  const params: Record<string, string> = {};
  for (const [at, part] of pattern.entries()) {
    if (part === '*') {
      params['*'] = segments.slice(at).map(decode).join('/');
      return params;
    }
    const segment = segments[at];
    if (segment === undefined) return null;
    if (part.startsWith(':')) params[part.slice(1)] = decode(segment);
    else if (decode(segment).toLowerCase() !== part.toLowerCase()) return null;
  }
  return segments.length === pattern.length ? params : null;
};

/** The routes from the root down that draw `pathname`, or null when none does. */
export const matchRoutes = (table: RouteTable, pathname: string): Match[] | null => {
  const segments = split(pathname);
  for (const branch of table.branches) {
    const params = paramsOf(branch.segments, segments);
    if (params) return branch.routes.map((route) => ({ route, params }));
  }
  return null;
};
