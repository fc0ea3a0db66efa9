import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RouteObject } from './match.ts';
import { createBrowserRouter, isRouteErrorResponse, type Router, redirect } from './router.ts';

// The navigation engine against a stand-in for the browser's window: a list of history entries,
// and back/forward that report a popstate a moment later, as browsers do.

const ORIGIN = 'http://cadence.test';

const stubWindow = (start: string) => {
  const entries: { url: URL; state: unknown }[] = [{ url: new URL(start, ORIGIN), state: null }];
  let at = 0;
  const popListeners: (() => void)[] = [];
  const url = () => entries[at]!.url;
  const window = {
    location: {
      origin: ORIGIN,
      get pathname() {
        return url().pathname;
      },
      get search() {
        return url().search;
      },
      get hash() {
        return url().hash;
      },
      assign: vi.fn(),
      replace: vi.fn(),
    },
    history: {
      get state() {
        return entries[at]!.state;
      },
      pushState: (state: unknown, _title: string, href: string) => {
        entries.splice(at + 1);
        entries.push({ url: new URL(href, url()), state: structuredClone(state) });
        at += 1;
      },
      replaceState: (state: unknown, _title: string, href?: string) => {
        entries[at] = { url: href ? new URL(href, url()) : url(), state: structuredClone(state) };
      },
      go: (delta: number) => {
        setTimeout(() => {
          at = Math.min(entries.length - 1, Math.max(0, at + delta));
          for (const listener of popListeners) listener();
        }, 1);
      },
    },
    addEventListener: (type: string, listener: () => void) => {
      if (type === 'popstate') popListeners.push(listener);
    },
  };
  vi.stubGlobal('window', window);
  return { entries, href: () => `${url().pathname}${url().search}` };
};

afterEach(() => {
  vi.unstubAllGlobals();
});

const Page = () => null;
const Failure = () => null;
const settled = () => new Promise((resolve) => setTimeout(resolve, 20));
const untilInitialized = async (router: Router) => {
  while (!router.state.initialized) await settled();
};
const leaf = (router: Router) => router.state.matches.at(-1)?.route.id;

/** A module that loads when `release` is called. */
const held = () => {
  let release!: () => void;
  const loaded = new Promise<void>((resolve) => {
    release = resolve;
  });
  const lazy = async () => {
    await loaded;
    return { Component: Page };
  };
  return { release, lazy };
};

describe('the router', () => {
  it('runs the guards before the first page shows, and a redirect does not wait for the page code', async () => {
    const browser = stubWindow('/home?tab=1');
    const page = held();
    const routes: RouteObject[] = [
      {
        id: 'root',
        ErrorBoundary: Failure,
        children: [
          { id: 'login', path: 'login', Component: Page },
          {
            id: 'private',
            loader: ({ request }) => {
              const url = new URL(request.url);
              throw redirect(`/login?redirect=${encodeURIComponent(url.pathname + url.search)}`);
            },
            children: [{ id: 'home', path: 'home', lazy: page.lazy }],
          },
        ],
      },
    ];
    const router = createBrowserRouter(routes);
    expect(router.state.initialized).toBe(false);
    await untilInitialized(router);
    expect(leaf(router)).toBe('login');
    expect(router.state.location.search).toBe('?redirect=%2Fhome%3Ftab%3D1');
    // The entry that was asked for is replaced, not kept behind the sign-in page.
    expect(browser.entries).toHaveLength(1);
    expect(browser.href()).toBe('/login?redirect=%2Fhome%3Ftab%3D1');
  });

  it('keeps the previous page until the next one is loaded, and ignores a navigation overtaken by another', async () => {
    const browser = stubWindow('/a');
    const slow = held();
    const router = createBrowserRouter([
      {
        children: [
          { id: 'a', path: 'a', Component: Page },
          { id: 'slow', path: 'slow', lazy: slow.lazy },
          { id: 'b', path: 'b', Component: Page },
        ],
      },
    ]);
    await untilInitialized(router);
    const toSlow = router.navigate('/slow');
    await settled();
    expect(leaf(router)).toBe('a');
    expect(browser.href()).toBe('/a');
    await router.navigate('/b', { state: { from: 'a' } });
    expect(leaf(router)).toBe('b');
    slow.release();
    await toSlow;
    expect(leaf(router)).toBe('b');
    expect(router.state.location.state).toEqual({ from: 'a' });
    expect(browser.entries.map((entry) => entry.url.pathname)).toEqual(['/a', '/b']);
  });

  it('draws the nearest error boundary when a page fails to load, and a 404 where nothing matches', async () => {
    stubWindow('/broken');
    const router = createBrowserRouter([
      {
        ErrorBoundary: Failure,
        children: [
          {
            path: 'broken',
            lazy: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
          },
        ],
      },
    ]);
    await untilInitialized(router);
    expect(router.state.error?.index).toBe(0);
    expect(router.state.error?.error).toBeInstanceOf(TypeError);
    await router.navigate('/nowhere');
    const error = router.state.error?.error;
    expect(isRouteErrorResponse(error) && error.status).toBe(404);
  });

  it('runs a kept layout loader again only when the query string changes', async () => {
    stubWindow('/one');
    const guard = vi.fn(() => null);
    const router = createBrowserRouter([
      {
        loader: guard,
        children: [
          { path: 'one', Component: Page },
          { path: 'two', Component: Page },
        ],
      },
    ]);
    await untilInitialized(router);
    await router.navigate('/two');
    expect(guard).toHaveBeenCalledTimes(1);
    const before = router.state.matches;
    await router.navigate('?page=2', { replace: true });
    expect(guard).toHaveBeenCalledTimes(2);
    expect(router.state.location.pathname).toBe('/two');
    expect(router.state.matches.map((match) => match.route)).toEqual(before.map((match) => match.route));
  });

  it('lets a blocker stop a link and the back button, then proceed or stay', async () => {
    const browser = stubWindow('/list');
    const router = createBrowserRouter([
      {
        children: [
          { path: 'list', Component: Page },
          { path: 'form', Component: Page },
          { path: 'away', Component: Page },
        ],
      },
    ]);
    await untilInitialized(router);
    await router.navigate('/form');
    const unblock = router.block(
      'guard',
      ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname,
    );

    await router.navigate('/away');
    expect(router.blocked?.location.pathname).toBe('/away');
    expect(browser.href()).toBe('/form');
    router.blocked?.reset();
    expect(router.blocked).toBeNull();

    await router.navigate(-1);
    await settled();
    // The browser went back; the router stepped forward again and asks.
    expect(browser.href()).toBe('/form');
    expect(router.blocked?.location.pathname).toBe('/list');
    expect(router.state.location.pathname).toBe('/form');
    router.blocked?.proceed();
    await settled();
    expect(browser.href()).toBe('/list');
    expect(router.state.location.pathname).toBe('/list');
    unblock();
  });
});
