import { Component, type ComponentType, type ReactNode, startTransition, useContext, useEffect, useState } from 'react';
import { LocationContext, RouteContext, RouteErrorContext, RouterContext } from './context.ts';
import type { Router, RouterState } from './router.ts';

/** Draws the matched route's layout's child: the next level down, or nothing. */
export const Outlet = () => useContext(RouteContext).outlet;

/** Where no route of the table has an ErrorBoundary of its own. */
const DefaultError = () => <p role="alert">Unexpected application error.</p>;

interface BoundaryProps {
  Fallback: ComponentType;
  /** The location's key: a new location (a link, back) clears an error caught while drawing. */
  resetKey: string;
  children: ReactNode;
}

/** Catches what a route throws while rendering and draws its ErrorBoundary instead. */
class RenderBoundary extends Component<BoundaryProps, { error: unknown; caught: boolean; resetKey: string }> {
  override state = { error: undefined as unknown, caught: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error, caught: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { resetKey: string }) {
    return props.resetKey === state.resetKey ? null : { error: undefined, caught: false, resetKey: props.resetKey };
  }

  override render() {
    const { Fallback, children } = this.props;
    if (!this.state.caught) return children;
    return (
      <RouteErrorContext.Provider value={this.state.error}>
        <Fallback />
      </RouteErrorContext.Provider>
    );
  }
}

/**
 * The matched routes nested from the root down: each level's Component (a layout without one
 * draws its <Outlet />), with the child inside it as its outlet. The level of a loader's or a
 * module's failure draws its ErrorBoundary, and nothing below it.
 */
const renderMatches = ({ matches, error, location }: RouterState): ReactNode => {
  let outlet: ReactNode = null;
  const last = error ? error.index : matches.length - 1;
  for (let at = last; at >= 0; at -= 1) {
    const { route, params } = matches[at]!;
    const { Component: Page, ErrorBoundary } = route.module;
    const Fallback = ErrorBoundary ?? DefaultError;
    let element: ReactNode;
    if (error && at === error.index)
      element = (
        <RouteErrorContext.Provider value={error.error}>
          <Fallback />
        </RouteErrorContext.Provider>
      );
    else element = Page ? <Page /> : <Outlet />;
    element = <RouteContext.Provider value={{ params, outlet }}>{element}</RouteContext.Provider>;
    // The root always catches, so that a page's bug never leaves a blank screen.
    if (ErrorBoundary || at === 0)
      element = (
        <RenderBoundary Fallback={Fallback} resetKey={location.key}>
          {element}
        </RenderBoundary>
      );
    outlet = element;
  }
  return outlet;
};

/**
 * The router's state, taken in as a transition: a page renders in slices with the browser free to
 * paint and answer input between them, not in one long task (decision 142).
 */
const useRouterState = (router: Router) => {
  const [state, setState] = useState(router.state);
  useEffect(() => {
    const take = () => startTransition(() => setState(router.state));
    // What changed between the first render and this subscription.
    take();
    return router.subscribe(take);
  }, [router]);
  return state;
};

export const RouterProvider = ({ router }: { router: Router }) => {
  const state = useRouterState(router);
  // The first address is still loading: the fallback of the outermost route that has one.
  const HydrateFallback = state.initialized
    ? undefined
    : state.matches.find((match) => match.route.module.HydrateFallback)?.route.module.HydrateFallback;
  return (
    <RouterContext.Provider value={router}>
      <LocationContext.Provider value={state.location}>
        {state.initialized ? renderMatches(state) : HydrateFallback ? <HydrateFallback /> : null}
      </LocationContext.Provider>
    </RouterContext.Provider>
  );
};
