// Addresses inside the app: what a link or a navigation names, and the location the router keeps.

export interface Path {
  pathname: string;
  search: string;
  hash: string;
}

/** Where the app is: the address, the state the navigation carried, and a key per history entry. */
export interface Location<State = unknown> extends Path {
  state: State;
  key: string;
}

/** A target: a path ('/meetings?page=2', '?tab=x', 'profile') or its parts. */
export type To = string | Partial<Path>;

// Only the path of this base is ever read: it lets the URL parser resolve and encode a path the
// way the browser resolves an href, without knowing the page's origin.
const BASE = 'http://router.invalid';

/** A URL with a scheme (https:, mailto:) or protocol-relative: not the router's to handle. */
export const isExternal = (to: To): to is string => typeof to === 'string' && /^([a-z][a-z\d+.-]*:|\/\/)/i.test(to);

export const createPath = ({ pathname = '/', search = '', hash = '' }: Partial<Path>): string =>
  pathname +
  (search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '') +
  (hash && hash !== '#' ? (hash.startsWith('#') ? hash : `#${hash}`) : '');

/**
 * `to` as an absolute, encoded path, resolved against where the app is as the browser resolves
 * an href: '?x' keeps the path, 'a' is a sibling of the last segment. An object with no pathname
 * keeps the current one.
 */
export const resolvePath = (to: To, from: Path): Path => {
  const target = typeof to === 'string' ? to : createPath({ ...to, pathname: to.pathname ?? from.pathname });
  const url = new URL(target, BASE + createPath(from));
  return { pathname: url.pathname, search: url.search, hash: url.hash };
};
