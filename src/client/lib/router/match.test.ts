import { describe, expect, it } from 'vitest';
import { createRouteTable, matchRoutes, type RouteObject } from './match.ts';
import { resolvePath } from './path.ts';

// The shapes of src/client/router.tsx: a root with pathless layouts, an index, nested settings,
// optional segments, and the catch-all.
const routes: RouteObject[] = [
  {
    id: 'root',
    children: [
      { children: [{ id: 'login', path: 'login' }] },
      {
        id: 'private',
        children: [
          {
            id: 'layout',
            children: [
              { id: 'index', index: true },
              { id: 'home', path: 'home' },
              { id: 'task', path: 'home/:taskId' },
              { id: 'dashboard', path: 'meeting-dashboard/:meetingId/:slug?' },
              { id: 'people', path: 'people' },
              { id: 'analyzer', path: 'people/analyzer' },
              { id: 'pair', path: 'people/:pairId' },
              {
                id: 'settings',
                path: 'settings',
                children: [
                  { id: 'settings-index', index: true },
                  { id: 'profile', path: 'profile' },
                  { id: 'security', path: 'profile/security' },
                ],
              },
              { id: 'report', path: 'reports/meetings/:meetingId/:slug?' },
              { id: 'member-report', path: 'reports/meetings/:meetingId/:slug/users/:memberId' },
            ],
          },
        ],
      },
      { id: 'not-found', path: '*' },
    ],
  },
];
const table = createRouteTable(routes);
const ids = (pathname: string) => matchRoutes(table, pathname)?.map((match) => match.route.id);
const params = (pathname: string) => matchRoutes(table, pathname)?.at(-1)?.params;

describe('matching an address to the route table', () => {
  it('goes through pathless layouts down to the page', () => {
    expect(ids('/login')).toEqual(['root', 'route-0', 'login']);
    expect(ids('/home')).toEqual(['root', 'private', 'layout', 'home']);
    expect(ids('/')).toEqual(['root', 'private', 'layout', 'index']);
  });

  it('prefers a fixed segment over a parameter, whatever the order of the table', () => {
    expect(ids('/people/analyzer')?.at(-1)).toBe('analyzer');
    expect(ids('/people/7')?.at(-1)).toBe('pair');
    expect(params('/people/7')).toEqual({ pairId: '7' });
  });

  it('takes a parent path to its index route, and nested paths through the parent', () => {
    expect(ids('/settings')).toEqual(['root', 'private', 'layout', 'settings', 'settings-index']);
    expect(ids('/settings/profile/security')?.slice(-2)).toEqual(['settings', 'security']);
  });

  it('matches an optional segment present or absent', () => {
    expect(params('/meeting-dashboard/12/weekly-l10')).toEqual({ meetingId: '12', slug: 'weekly-l10' });
    expect(params('/meeting-dashboard/12')).toEqual({ meetingId: '12' });
    expect(ids('/reports/meetings/3/l10/users/9')?.at(-1)).toBe('member-report');
    expect(params('/reports/meetings/3/l10/users/9')).toEqual({ meetingId: '3', slug: 'l10', memberId: '9' });
  });

  it('decodes parameters, ignores case and a trailing slash', () => {
    expect(params('/home/a%20b')).toEqual({ taskId: 'a b' });
    expect(ids('/Home/')?.at(-1)).toBe('home');
  });

  it('leaves every other address to the catch-all, with the rest of the path', () => {
    expect(ids('/no/such/page')).toEqual(['root', 'not-found']);
    expect(params('/no/such/page')).toEqual({ '*': 'no/such/page' });
    expect(ids('/home/1/extra')?.at(-1)).toBe('not-found');
    expect(matchRoutes(createRouteTable([{ children: [{ path: 'a' }] }]), '/b')).toBeNull();
  });

  it('gives every level the same parameters', () => {
    const matches = matchRoutes(table, '/home/5')!;
    expect(new Set(matches.map((match) => match.params)).size).toBe(1);
  });
});

describe('resolving a link against where the app is', () => {
  const here = { pathname: '/meetings', search: '?page=2', hash: '#top' };
  it('keeps absolute paths, and the path for a query-only target', () => {
    expect(resolvePath('/home?x=1#y', here)).toEqual({ pathname: '/home', search: '?x=1', hash: '#y' });
    expect(resolvePath('?page=3', here)).toEqual({ pathname: '/meetings', search: '?page=3', hash: '' });
    expect(resolvePath('?', here)).toEqual({ pathname: '/meetings', search: '', hash: '' });
    expect(resolvePath({ search: '?q=a' }, here)).toEqual({ pathname: '/meetings', search: '?q=a', hash: '' });
  });

  it('encodes as the browser does', () => {
    expect(resolvePath('/reports/meetings/1/Café', here).pathname).toBe('/reports/meetings/1/Caf%C3%A9');
  });
});
