import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { joinWorkspace, meetingNow, signUp, startLive } from '../../../../test/factories.ts';
import { listen } from '../../../../test/realtime.ts';
import { makeToken } from '../../../../test/tokens-fixtures.ts';
import type { Scorecard } from '../../kpis/kpis.schemas.ts';
import type { Task, TaskPage } from '../../tasks/tasks.schemas.ts';

// The MCP server: an assistant connected with the SDK's own client, over Streamable HTTP at /mcp
// and over stdio (`npm run -s mcp`), lists the tools, calls each, and is refused what its token's
// scopes do not cover, with the API's reason.

let app: FastifyInstance;
let baseUrl: string;
beforeAll(async () => {
  app = await testApp();
  baseUrl = await listen(app);
});
afterAll(() => app.close());

const ALL = ['meetings:read', 'meetings:write', 'tasks:read', 'tasks:write', 'kpis:read', 'kpis:write', 'goals:read'];

const overHttp = async (secret: string) => {
  const client = new Client({ name: 'test-assistant', version: '1' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${secret}` } },
    }),
  );
  return client;
};
const overStdio = async (secret: string) => {
  const client = new Client({ name: 'desktop-assistant', version: '1' });
  await client.connect(
    new StdioClientTransport({
      command: 'npm',
      args: ['run', '-s', 'mcp'],
      env: { ...process.env, CADENCE_URL: baseUrl, CADENCE_TOKEN: secret } as Record<string, string>,
      stderr: 'pipe',
    }),
  );
  return client;
};
/** A tool's answer: its JSON, or its error text. */
const call = async (client: Client, name: string, args: Record<string, unknown> = {}) => {
  const answer = (await client.callTool({ name, arguments: args })) as {
    isError?: boolean;
    content: { type: string; text: string }[];
  };
  const text = answer.content[0]!.text;
  return answer.isError ? { error: text } : (JSON.parse(text) as Record<string, unknown>);
};

/** A held meeting with a KPI (missed last time), an off-track goal and a to-do, and its team. */
const workspace = async () => {
  const lea = await signUp(app, { firstName: 'Lea' });
  const mo = await joinWorkspace(app, lea, { firstName: 'Mo' });
  const meeting = await meetingNow(lea, [mo.userId], 'Ops L10');
  const score = (
    await lea.api.post<{ id: string }>(`/meetings/${meeting.id}/scores`, {
      title: 'Revenue',
      userId: mo.userId,
      goal: '>=',
      score: '1,000',
      units: '$',
      type: 'dollar',
    })
  ).body.result;
  await lea.api.post<{ id: string }>(`/meetings/${meeting.id}/scores`, {
    title: 'Calls',
    userId: lea.userId,
    goal: '>=',
    score: '20',
    type: 'number',
  });
  const goal = (
    await lea.api.post<Task>('/tasks', {
      title: 'Open Lisbon',
      type: '1',
      status: '2',
      userId: lea.userId,
      meetingIds: [meeting.id],
    })
  ).body.result;
  await lea.api.post('/tasks', { title: 'Send the deck', type: '4', userId: lea.userId, meetingIds: [meeting.id] });
  // A session held: Mo's revenue missed its goal there.
  const sessionId = await startLive(lea, meeting.id);
  await lea.api.put(`/scores/${score.id}/cells/${sessionId}`, { measured: '400' });
  await lea.api.post('/tasks', { title: 'Call the landlord', type: '4', userId: mo.userId, meetingIds: [meeting.id] });
  expect((await lea.api.post(`/sessions/${sessionId}/finish`, {})).status).toBe(200);
  return { lea, mo, meeting, score, goal, sessionId };
};

describe('the MCP server', () => {
  it('lists its tools and answers each over Streamable HTTP, as the token’s person', async () => {
    const { lea, meeting, score, goal } = await workspace();
    const token = await makeToken(app, lea, ALL);
    const client = await overHttp(token.secret);
    const tools = (await client.listTools()).tools.map((t) => t.name).sort();
    expect(tools).toEqual([
      'add_issue',
      'add_todo',
      'enter_kpi_value',
      'list_my_todos',
      'missing_kpi_values',
      'next_meeting_agenda',
      'off_track_this_quarter',
      'summarise_last_session',
    ]);

    expect(await call(client, 'list_my_todos')).toMatchObject({ total: 1, todos: [{ title: 'Send the deck' }] });
    const agenda = (await call(client, 'next_meeting_agenda', { meetingId: meeting.id })) as {
      meeting: { title: string };
      agenda: { title: string }[];
    };
    expect(agenda.meeting.title).toBe('Ops L10');
    expect(agenda.agenda.length).toBeGreaterThan(3);
    expect(await call(client, 'off_track_this_quarter', { meetingId: meeting.id })).toMatchObject({
      goals: [{ id: goal.id, title: 'Open Lisbon', status: 'Off Track' }],
      kpis: [{ id: score.id, title: 'Revenue', owner: 'Mo Person', latest: '400', goal: '>= 1000' }],
    });
    const summary = (await call(client, 'summarise_last_session', { meetingId: meeting.id })) as Record<
      string,
      unknown
    >;
    expect(summary).toMatchObject({
      meeting: 'Ops L10',
      todosCreated: [{ title: 'Call the landlord', owner: 'Mo Person' }],
      kpisMissed: [{ title: 'Revenue', owner: 'Mo Person', value: '400' }],
    });

    const added = (await call(client, 'add_issue', { meetingId: meeting.id, title: 'Landlord wants more' })) as Task;
    const issues = (await lea.api.get<TaskPage>(`/tasks?meetingId=${meeting.id}&type=2`)).body.result.items;
    expect(issues.map((i) => [i.id, i.title, i.userId])).toEqual([[added.id, 'Landlord wants more', lea.userId]]);
    await call(client, 'add_todo', { meetingId: meeting.id, title: 'Book movers', dueDate: '2030-01-04' });

    // The current meeting date's values: who has not entered theirs; entering one takes it off.
    const before = (await call(client, 'missing_kpi_values', { meetingId: meeting.id })) as {
      missing: { person: string; kpis: string[] }[];
    };
    expect(before.missing.map((m) => m.person).sort()).toEqual(['Lea Person', 'Mo Person']);
    const entered = await call(client, 'enter_kpi_value', { meetingId: meeting.id, scoreId: score.id, value: '1,250' });
    expect(entered).toMatchObject({ measured: '1250', met: true });
    const after = (await call(client, 'missing_kpi_values', { meetingId: meeting.id })) as typeof before;
    expect(after.missing).toEqual([{ person: 'Lea Person', kpis: ['Calls'] }]);
    const card = (await lea.api.get<Scorecard>(`/meetings/${meeting.id}/kpis`)).body.result;
    const column = card.sessions.findIndex((s) => s.id === card.currentSessionId);
    expect(card.scores.find((s) => s.id === score.id)!.cells[column]?.measured).toBe('1250');

    // Resources: each meeting's archive and scorecard.
    const resources = (await client.listResources()).resources.map((r) => r.uri).sort();
    expect(resources).toEqual([
      `cadence://meetings/${meeting.id}/archive`,
      `cadence://meetings/${meeting.id}/scorecard`,
    ]);
    const read = await client.readResource({ uri: `cadence://meetings/${meeting.id}/scorecard` });
    expect(JSON.parse((read.contents[0] as { text: string }).text)).toMatchObject({ meetingId: meeting.id });
    await client.close();
  });

  it('refuses what the token’s scopes, rights and workspace do not cover, with the reason', async () => {
    const { lea, mo, meeting, score } = await workspace();
    const readOnly = await overHttp((await makeToken(app, lea, ['tasks:read', 'meetings:read'])).secret);
    expect(await call(readOnly, 'add_todo', { meetingId: meeting.id, title: 'Not allowed' })).toEqual({
      error: expect.stringMatching(/^Cadence refused \(403\): /),
    });
    expect(await call(readOnly, 'enter_kpi_value', { meetingId: meeting.id, scoreId: score.id, value: '5' })).toEqual({
      error: expect.stringMatching(/^Cadence refused \(403\): /),
    });
    await readOnly.close();
    // Another workspace's meeting: not found, as through the API.
    const eve = await signUp(app, { firstName: 'Eve' });
    const eves = await overHttp((await makeToken(app, eve, ALL)).secret);
    expect(await call(eves, 'off_track_this_quarter', { meetingId: meeting.id })).toEqual({
      error: expect.stringMatching(/^Cadence refused \(404\): /),
    });
    // Bad input: the API's own field rules, before any call.
    const bad = (await eves.callTool({ name: 'add_todo', arguments: { meetingId: 'x', title: '' } })) as {
      isError?: boolean;
    };
    expect(bad.isError).toBe(true);
    expect(
      await call(eves, 'enter_kpi_value', { meetingId: meeting.id, scoreId: score.id, value: 'lots' }),
    ).toHaveProperty('error');
    await eves.close();
    // No token, a session token or a revoked token: 401 before any exchange.
    const revoked = await makeToken(app, mo, ALL);
    await mo.api.delete(`/self/api-tokens/${revoked.id}`);
    for (const authorization of ['', `Bearer ${lea.token}`, `Bearer ${revoked.secret}`]) {
      const answer = await fetch(`${baseUrl}/mcp`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(answer.status).toBe(401);
    }
    expect((await fetch(`${baseUrl}/mcp`)).status).toBe(405);
    // Whatever a client sends, a 4xx: not JSON-RPC, broken JSON, the wrong type.
    const secret = (await makeToken(app, lea, ALL)).secret;
    for (const [contentType, body] of [
      ['application/json', '{"foo":1}'],
      ['application/json', '{"jsonrpc":'],
      ['text/plain', 'hello'],
      ['application/json', '[]'],
    ]) {
      const answer = await fetch(`${baseUrl}/mcp`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${secret}`,
          'content-type': contentType!,
          accept: 'application/json, text/event-stream',
        },
        body,
      });
      expect([body, answer.status >= 400 && answer.status < 500]).toEqual([body, true]);
    }
  });

  it('works over stdio for a desktop assistant, with the same scopes', { timeout: 60_000 }, async () => {
    const { lea, meeting } = await workspace();
    const client = await overStdio((await makeToken(app, lea, ['tasks:read', 'meetings:read'])).secret);
    expect((await client.listTools()).tools).toHaveLength(8);
    expect(await call(client, 'list_my_todos')).toMatchObject({ todos: [{ title: 'Send the deck' }] });
    expect(await call(client, 'add_issue', { meetingId: meeting.id, title: 'Not allowed' })).toEqual({
      error: expect.stringMatching(/^Cadence refused \(403\): /),
    });
    await client.close();
  });
});
