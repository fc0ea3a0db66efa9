import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarRecord, calendarYear } from '../../../../test/annual-fixtures.ts';
import { testApp } from '../../../../test/app.ts';
import { type ApiAnswer, joinWorkspace, PNG_PIXEL, signUp, uploadFile } from '../../../../test/factories.ts';
import type { Annual } from '../../quarters/quarters.schemas.ts';

// "Non-admins get 403 on every administration call." One table walks every call of
// Administration (general settings and logo, annuals, quarters, email templates, Slack) as a
// member of the workspace, then as its admin. The route list of the OpenAPI document keeps the
// table whole: a new route under these tags must be put in the table or named as open to members.

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  await app.ready();
});
afterAll(() => app.close());

const year = new Date().getUTCFullYear();
const TEMPLATE = 'workspace-invitation';
const MESSAGE = { customMessage: '{{inviterName}} would like you in {{workspaceName}}: {{link}}' };

/** The tags of the administration calls in the OpenAPI document. */
const TAGS = ['administration', 'quarters', 'slack'];

/** Calls under those tags that are not the admin's, and why. */
const OPEN_TO_OTHERS: Record<string, string> = {
  'GET /general-settings': "every member: the colours are the workspace's theme",
  'GET /tenants/{id}/logo/{hash}': 'the logo image, public and immutable (top bar, workspace picker)',
  'GET /quartals': 'every member reads the quarters (decision 043)',
  'GET /quarters': "every member's period pickers",
  'GET /slack/callback': "Slack's redirect, checked by its signed state",
  'POST /slack/commands': "Slack's slash command, checked by its request signature",
  'GET /meetings/{id}/slack': "a meeting's participants see where its recap goes",
  'GET /meetings/{id}/slack/channels': "a meeting's leaders choose its recap channel",
  'PUT /meetings/{id}/slack': "a meeting's leaders choose its recap channel",
};

interface Ids {
  annual: string;
  other: string;
}
type Person = Awaited<ReturnType<typeof signUp>>;
interface Row {
  /** "METHOD /path" as in the OpenAPI document. */
  route: string;
  call: (person: Person, ids: Ids) => Promise<ApiAnswer | { status: number }>;
  /** The admin's answer to the same call. */
  admin: number;
}

const upload = (person: Person) =>
  uploadFile(app, person.token, 'PUT', '/general-settings/logo', PNG_PIXEL, 'logo.png');

// In an order the admin can run too: reads and changes first, deletions last.
const ROWS: Row[] = [
  {
    route: 'POST /general-settings',
    call: (p) => p.api.post('/general-settings', { primaryColor1: '#0b7285' }),
    admin: 200,
  },
  { route: 'PUT /general-settings/logo', call: (p) => upload(p).then((r) => ({ status: r.statusCode })), admin: 200 },
  { route: 'DELETE /general-settings/logo', call: (p) => p.api.delete('/general-settings/logo'), admin: 200 },
  { route: 'GET /annuals', call: (p) => p.api.get('/annuals'), admin: 200 },
  { route: 'GET /annuals/choices', call: (p) => p.api.get('/annuals/choices'), admin: 200 },
  { route: 'POST /annuals', call: (p) => p.api.post('/annuals', calendarYear(year)), admin: 201 },
  {
    route: 'PUT /annuals/{id}',
    call: (p, ids) => p.api.put(`/annuals/${ids.annual}`, calendarYear(year + 1)),
    admin: 200,
  },
  { route: 'POST /quartals', call: (p) => p.api.post('/quartals', calendarRecord(2020)), admin: 200 },
  {
    route: 'PUT /quartals',
    call: (p, ids) => p.api.put('/quartals', { ...calendarRecord(year + 2), id: ids.other }),
    admin: 200,
  },
  { route: 'GET /email-templates', call: (p) => p.api.get('/email-templates'), admin: 200 },
  { route: 'GET /email-templates/{id}', call: (p) => p.api.get(`/email-templates/${TEMPLATE}`), admin: 200 },
  { route: 'PUT /email-templates/{id}', call: (p) => p.api.put(`/email-templates/${TEMPLATE}`, MESSAGE), admin: 200 },
  {
    route: 'POST /email-templates/{id}/preview',
    call: (p) => p.api.post(`/email-templates/${TEMPLATE}/preview`, MESSAGE),
    admin: 200,
  },
  { route: 'DELETE /email-templates/{id}', call: (p) => p.api.delete(`/email-templates/${TEMPLATE}`), admin: 200 },
  { route: 'GET /email-variables', call: (p) => p.api.get('/email-variables'), admin: 200 },
  { route: 'GET /slack', call: (p) => p.api.get('/slack'), admin: 200 },
  // This test server has no Slack app: the admin hears so (409); the member never gets that far.
  { route: 'POST /slack/install', call: (p) => p.api.post('/slack/install'), admin: 409 },
  { route: 'DELETE /slack', call: (p) => p.api.delete('/slack'), admin: 200 },
  { route: 'DELETE /annuals/{id}', call: (p, ids) => p.api.delete(`/annuals/${ids.annual}`), admin: 200 },
  { route: 'DELETE /quartals/{id}', call: (p, ids) => p.api.delete(`/quartals/${ids.other}`), admin: 200 },
];

describe('administration calls', () => {
  it('the table names every call under the administration, quarters and Slack tags', async () => {
    const document = (await app.inject('/api/openapi.json')).json() as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    const routes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.tags?.some((tag) => TAGS.includes(tag)))
        .map(([method]) => `${method.toUpperCase()} ${path.replace(/^\/api\/v2/, '')}`),
    );
    expect(routes.length).toBeGreaterThan(20);
    expect([...routes].sort()).toEqual([...ROWS.map((row) => row.route), ...Object.keys(OPEN_TO_OTHERS)].sort());
  });

  it('answer 403 to a member on every admin call and change nothing; the admin gets the same calls through', async () => {
    const admin = await signUp(app);
    const member = await joinWorkspace(app, admin);
    const annual = await admin.api.post<Annual>('/annuals', calendarYear(year + 1));
    const other = await admin.api.post<Annual>('/annuals', calendarYear(year + 2));
    const ids = { annual: annual.body.result.id, other: other.body.result.id };
    const state = async () => ({
      annuals: (await admin.api.get('/annuals')).body.result,
      settings: (await admin.api.get('/general-settings')).body.result,
      template: (await admin.api.get(`/email-templates/${TEMPLATE}`)).body.result,
      slack: (await admin.api.get('/slack')).body.result,
    });
    const before = await state();

    const memberAnswers = [];
    for (const row of ROWS) memberAnswers.push([row.route, (await row.call(member, ids)).status]);
    expect(memberAnswers).toEqual(ROWS.map((row) => [row.route, 403]));
    expect(await state()).toEqual(before);

    const adminAnswers = [];
    for (const row of ROWS) adminAnswers.push([row.route, (await row.call(admin, ids)).status]);
    expect(adminAnswers).toEqual(ROWS.map((row) => [row.route, row.admin]));
  });
});
