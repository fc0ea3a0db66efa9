import { TOKEN_AREAS, type TokenArea, type TokenScope } from '../tokens.schemas.ts';

// The one place that decides which scope a call needs when an API token makes it (decision 093).
// A route's area comes from its OpenAPI tag, then a few routes are set apart by method and path:
// the ones that manage people's access are administration, the personal ones (sessions, calendar
// feed, Slack) and everything unknown are refused. A route that maps to nothing is refused.

/** The area of each OpenAPI tag whose routes tokens may call; other tags are refused. */
const AREA_OF_TAG: Readonly<Record<string, TokenArea | 'vault' | 'admin'>> = {
  meetings: 'meetings',
  'live meeting': 'meetings',
  tasks: 'tasks',
  boards: 'boards',
  kpis: 'kpis',
  quarters: 'goals',
  'vision board': 'goals',
  people: 'people',
  'org chart': 'people',
  time: 'time',
  reports: 'reports',
  vault: 'vault',
  administration: 'admin',
  // Outbound webhooks (decision 097): who is told of the workspace's changes is administration.
  webhooks: 'admin',
};

/** Any token may make the call, whatever its scopes. */
export const ANY_TOKEN = 'any';
type Needed = TokenScope | typeof ANY_TOKEN | null;

/** Routes whose scope is not their tag's, by `METHOD path` (Fastify's path); null: never for tokens. */
const ROUTE_SCOPES: Readonly<Record<string, Needed>> = {
  // A program asks what its token is and whom it acts as.
  'GET /api/v2/api-token': ANY_TOKEN,
  // The shared calendar reads meetings; the feed is a person's own secret link.
  'GET /api/v2/calendar/events': 'meetings:read',
  // The workspace's people list and whether an email has an account (admins).
  'GET /api/v2/users': 'people:read',
  'GET /api/v2/users/exists': 'admin:read',
  // Who is in the workspace, who is an admin, and the groups that open vault entries: administration.
  'POST /api/v2/users': 'admin:write',
  'PATCH /api/v2/users/:id': 'admin:write',
  'POST /api/v2/users/:id/disable': 'admin:write',
  'POST /api/v2/users/:id/enable': 'admin:write',
  'POST /api/v2/users/:id/make-admin': 'admin:write',
  'POST /api/v2/users/:id/remove-admin': 'admin:write',
  'POST /api/v2/tenants/add-user': 'admin:write',
  'PATCH /api/v2/tenants/:id': 'admin:write',
  'POST /api/v2/groups': 'admin:write',
  'PATCH /api/v2/groups/:id': 'admin:write',
  'DELETE /api/v2/groups/:id': 'admin:write',
  // Every meeting of the workspace (the admins' list) and the whole workspace's export.
  'GET /api/v2/admin/meetings': 'admin:read',
  'GET /api/v2/workspace-exports': 'admin:read',
  'GET /api/v2/workspace-exports/:id': 'admin:read',
  'GET /api/v2/workspace-exports/:id/download': 'admin:read',
  'POST /api/v2/workspace-exports': 'admin:write',
  // A goal's milestones are the goals area (goals themselves are cards: the tasks area).
  'GET /api/v2/tasks/:id/milestones': 'goals:read',
  'GET /api/v2/tasks/:id/progress-choices/kpis': 'goals:read',
  'GET /api/v2/tasks/:id/progress-choices/cards': 'goals:read',
  'POST /api/v2/tasks/:id/milestones': 'goals:write',
  'PUT /api/v2/tasks/:id/milestones/order': 'goals:write',
  'PATCH /api/v2/milestones/:id': 'goals:write',
  'DELETE /api/v2/milestones/:id': 'goals:write',
  // The vault: reading it and revealing passwords only; its keys never.
  'POST /api/v2/passwords/:id/reveal': 'vault:reveal',
  'POST /api/v2/vault/rotate-key': null,
};

const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * The scope a token needs for `method url` (a route's path pattern) tagged `tags`, or null when
 * no token may make the call.
 */
export const requiredScope = (method: string, url: string, tags: readonly string[] = []): Needed => {
  const route = `${method === 'HEAD' ? 'GET' : method} ${url}`;
  if (route in ROUTE_SCOPES) return ROUTE_SCOPES[route] ?? null;
  const area = tags.length === 1 ? AREA_OF_TAG[tags[0]!] : undefined;
  if (!area) return null;
  const reads = READ_METHODS.has(method);
  if (area === 'vault') return reads ? 'vault:reveal' : null;
  if (area === 'admin') return reads ? 'admin:read' : 'admin:write';
  if (!(TOKEN_AREAS as readonly string[]).includes(area)) return null;
  return `${area}:${reads ? 'read' : 'write'}` as TokenScope;
};
