import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { addDays, todayUtc } from '../../../shared/dates.ts';
import { requiredText, ZIsoDate } from '../../../shared/validation.ts';
import type { Scorecard } from '../../kpis/kpis.schemas.ts';
import { ZKpiValue } from '../../kpis/kpis.schemas.ts';
import type { MeetingArchive } from '../../live/live.schemas.ts';
import type { AgendaItem, Session } from '../../meetings/meetings.schemas.ts';
import type { Task, TaskPage } from '../../tasks/tasks.schemas.ts';
import type { CurrentToken } from '../../tokens/tokens.schemas.ts';
import { mcpMessages } from '../mcp.messages.ts';
import { type ApiCall, ApiRefusal } from './mcp.api.ts';
import { archiveSummary, offTrack, withoutValues } from './mcp.read.ts';

// The assistant's tools and resources (decision 098). Each is one or a few calls of the REST API
// through `api`, with the caller's token: what the token may not do, the tool may not either, and
// the refusal reaches the assistant as a tool error with the API's reason. Inputs use the API's
// own field schemas.

type Api = ApiCall;
const json = (value: unknown): CallToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(value, null, 2) }],
});

/** A tool's work, with the API's refusals (and anything else) as a tool error the assistant can read. */
const tool =
  <A>(work: (args: A) => Promise<unknown>) =>
  async (args: A): Promise<CallToolResult> => {
    try {
      return json(await work(args));
    } catch (error) {
      const text =
        error instanceof ApiRefusal
          ? mcpMessages.refused(error.status, error.message, error.errors)
          : mcpMessages.failed(error instanceof Error ? error.message : String(error));
      return { isError: true, content: [{ type: 'text', text }] };
    }
  };

const ZMeetingId = z.uuid().describe(mcpMessages.meetingIdField);

/** The meeting's next session that has not finished, within the coming four months. */
const nextSession = async (api: Api, meetingId: string) => {
  const today = todayUtc();
  const sessions = await api<Session[]>(
    'GET',
    `/meetings/${meetingId}/sessions?from=${addDays(today, -1)}&until=${addDays(today, 120)}`,
  );
  return sessions.find((s) => s.finishedAt === null) ?? null;
};

/** The newest held session's archive of a meeting, or null. */
const latestArchive = async (api: Api, meetingId: string) => {
  const page = await api<{ archives: { id: string }[] }>('GET', `/meetings/${meetingId}/archives?page=1&perPage=1`);
  const newest = page.archives[0];
  return newest ? api<MeetingArchive>('GET', `/sessions/${newest.id}/archive`) : null;
};

const addItem =
  (api: Api, type: '2' | '4') =>
  async (args: { meetingId: string; title: string; ownerId?: string; dueDate?: string }) => {
    const ownerId = args.ownerId ?? (await api<CurrentToken>('GET', '/api-token')).person.id;
    const task = await api<Task>('POST', '/tasks', {
      title: args.title,
      type,
      userId: ownerId,
      meetingIds: [args.meetingId],
      ...(args.dueDate ? { dueDate: args.dueDate } : {}),
    });
    return { id: task.id, title: task.title, dueDate: task.dueDate, userId: task.userId, meetingIds: task.meetingIds };
  };

/** A Cadence MCP server whose tools and resources call the API through `api`. */
export const buildMcpServer = (api: Api, version: string) => {
  const server = new McpServer({ name: 'cadence', version });

  server.registerTool(
    'list_my_todos',
    {
      title: mcpMessages.listMyTodosTitle,
      description: mcpMessages.listMyTodos,
      inputSchema: { state: z.enum(['active', 'done']).default('active').describe(mcpMessages.stateField) },
      annotations: { readOnlyHint: true },
    },
    tool(async ({ state }: { state: 'active' | 'done' }) => {
      const page = await api<TaskPage>('GET', `/tasks?type=4&state=${state}&limit=100`);
      return {
        total: page.total,
        todos: page.items.map((t) => ({
          id: t.id,
          title: t.title,
          dueDate: t.dueDate,
          status: t.status,
          meetingIds: t.meetingIds,
        })),
      };
    }),
  );

  server.registerTool(
    'next_meeting_agenda',
    {
      title: mcpMessages.nextAgendaTitle,
      description: mcpMessages.nextAgenda,
      inputSchema: { meetingId: ZMeetingId.optional() },
      annotations: { readOnlyHint: true },
    },
    tool(async ({ meetingId }: { meetingId?: string }) => {
      let id = meetingId;
      let session: Session | { id: string; startsAt: string } | null;
      let title: string;
      if (!id) {
        const next = await api<{ meetingId: string; title: string; session: Session } | null>('GET', '/meetings/next');
        if (!next) return { meeting: null, reason: mcpMessages.noNextMeeting };
        ({ meetingId: id, title, session } = next);
      } else {
        title = (await api<{ title: string }>('GET', `/meetings/${id}`)).title;
        session = await nextSession(api, id);
      }
      const agenda = await api<AgendaItem[]>('GET', `/meetings/${id}/agenda-items`);
      return {
        meeting: { id, title },
        startsAt: session?.startsAt ?? null,
        agenda: agenda.map((item) => ({ title: item.title, minutes: item.duration })),
      };
    }),
  );

  /** A read-only tool about one meeting. */
  const meetingTool = (
    name: string,
    title: string,
    description: string,
    read: (meetingId: string) => Promise<unknown>,
  ) =>
    server.registerTool(
      name,
      { title, description, inputSchema: { meetingId: ZMeetingId }, annotations: { readOnlyHint: true } },
      tool(({ meetingId }: { meetingId: string }) => read(meetingId)),
    );

  meetingTool('off_track_this_quarter', mcpMessages.offTrackTitle, mcpMessages.offTrack, async (meetingId) => {
    const goals = await api<TaskPage>('GET', `/tasks?meetingId=${meetingId}&type=1&state=active&limit=100`);
    const scorecard = await api<Scorecard>('GET', `/meetings/${meetingId}/kpis`);
    return offTrack(goals.items, scorecard);
  });

  const ZItem = {
    meetingId: ZMeetingId,
    title: requiredText(500).describe(mcpMessages.titleField),
    ownerId: z.uuid().optional().describe(mcpMessages.ownerField),
    dueDate: ZIsoDate.optional().describe(mcpMessages.dueField),
  };
  server.registerTool(
    'add_todo',
    { title: mcpMessages.addTodoTitle, description: mcpMessages.addTodo, inputSchema: ZItem },
    tool(addItem(api, '4')),
  );
  server.registerTool(
    'add_issue',
    { title: mcpMessages.addIssueTitle, description: mcpMessages.addIssue, inputSchema: ZItem },
    tool(addItem(api, '2')),
  );

  server.registerTool(
    'enter_kpi_value',
    {
      title: mcpMessages.enterKpiTitle,
      description: mcpMessages.enterKpi,
      inputSchema: {
        meetingId: ZMeetingId,
        scoreId: z.uuid().describe(mcpMessages.scoreField),
        value: ZKpiValue.describe(mcpMessages.valueField),
        sessionId: z.uuid().optional().describe(mcpMessages.sessionField),
      },
    },
    tool(async (args: { meetingId: string; scoreId: string; value: string | null | undefined; sessionId?: string }) => {
      const sessionId =
        args.sessionId ?? (await api<Scorecard>('GET', `/meetings/${args.meetingId}/kpis`)).currentSessionId;
      if (!sessionId) throw new Error(mcpMessages.noCurrentSession);
      return api('PUT', `/scores/${args.scoreId}/cells/${sessionId}`, { measured: args.value ?? null });
    }),
  );

  meetingTool('summarise_last_session', mcpMessages.summariseTitle, mcpMessages.summarise, async (meetingId) => {
    const archive = await latestArchive(api, meetingId);
    return archive ? archiveSummary(archive) : { archive: null, reason: mcpMessages.noArchive };
  });

  meetingTool('missing_kpi_values', mcpMessages.missingTitle, mcpMessages.missing, async (meetingId) =>
    withoutValues(await api<Scorecard>('GET', `/meetings/${meetingId}/kpis`)),
  );

  // Resources: a meeting's latest archive and its scorecard, listed for the meetings the token sees.
  const meetings = () => api<{ id: string; title: string }[]>('GET', '/meetings/simple');
  const resource = (kind: 'archive' | 'scorecard', read: (meetingId: string) => Promise<unknown>) =>
    server.registerResource(
      kind,
      new ResourceTemplate(`cadence://meetings/{meetingId}/${kind}`, {
        list: async () => ({
          resources: (await meetings()).map((m) => ({
            uri: `cadence://meetings/${m.id}/${kind}`,
            name: mcpMessages.resourceName(kind, m.title),
            mimeType: 'application/json',
          })),
        }),
      }),
      {
        title: mcpMessages.resourceTitle(kind),
        description: mcpMessages.resourceDescription(kind),
        mimeType: 'application/json',
      },
      async (uri, { meetingId }) => ({
        contents: [
          { uri: uri.href, mimeType: 'application/json', text: JSON.stringify(await read(String(meetingId)), null, 2) },
        ],
      }),
    );
  resource('archive', (meetingId) => latestArchive(api, meetingId));
  resource('scorecard', (meetingId) => api<Scorecard>('GET', `/meetings/${meetingId}/kpis`));
  return server;
};
