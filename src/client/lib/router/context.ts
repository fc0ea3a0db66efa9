import { createContext, type ReactNode } from 'react';
import type { Params } from './match.ts';
import type { Location } from './path.ts';
import type { Router } from './router.ts';

// What the hooks read. Separate contexts, so a component that only navigates does not render
// again when the location changes.

export const RouterContext = createContext<Router | null>(null);

export const LocationContext = createContext<Location | null>(null);

/** One level of the matched routes: its address parameters, and what its <Outlet /> draws. */
export interface RouteLevel {
  params: Params;
  outlet: ReactNode;
}

export const RouteContext = createContext<RouteLevel>({ params: {}, outlet: null });

/** The error an ErrorBoundary is drawn for (useRouteError). */
export const RouteErrorContext = createContext<unknown>(undefined);
