import { writeFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from './app.ts';
import { createMeeting, joinWorkspace, type SignedUp, signUp } from './factories.ts';
import {
  badPathValue,
  badQueryValue,
  type Ids,
  type JsonSchema,
  jsonSchemaOf,
  mutateBody,
  prng,
  type Rng,
  toJson,
  validish,
} from './fuzz.ts';
import { scaled } from './slow.ts';

// A bounded fuzz run over EVERY operation of the OpenAPI document (decision 024): valid-ish and
// broken bodies, path values and query values, sent as a workspace admin with the real ids of a
// seeded workspace so the calls reach the services. No answer may be a 5xx; every failure is the
// envelope with a message; every status is one the document lists for that operation; every
// JSON answer validates against the response schema the document gives for its status.
// The run is seed 1, 5,000 requests, spread over the operations and cut into shards (one test
// file each: test/fuzz*.test.ts), so vitest's workers share it. FUZZ_SEED=<n> replays another
// run; FUZZ_REQUESTS changes its size.

const SEED = Number(process.env.FUZZ_SEED ?? 1);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 5_000);

interface Operation {
  method: string;
  path: string;
  operationId?: string;
  parameters?: { in: string; name: string; schema: JsonSchema; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, unknown>;
}

/** A validator per operation and status, for the JSON answers (OpenAPI 3.0: `nullable` is a keyword Ajv knows). */
const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
addFormats(ajv);
ajv.addFormat('binary', true);
const validators = new Map<string, ValidateFunction | null>();
/** The document's named schemas, which the response schemas reference (#/components/schemas/…). */
let components: unknown = {};
const responseValidator = (op: Operation, status: number) => {
  const key = `${op.method} ${op.path} ${status}`;
  if (!validators.has(key)) {
    const response = op.responses[String(status)] as { content?: Record<string, { schema?: object }> } | undefined;
    const schema = response?.content?.['application/json']?.schema;
    // The named schemas ride along in the compiled root, so its #/components/… references resolve.
    validators.set(key, schema ? ajv.compile(jsonSchemaOf({ ...schema, components }) as object) : null);
  }
  return validators.get(key) ?? null;
};

interface Finding {
  request: string;
  status: number;
  body: string;
}

let app: FastifyInstance;
let admin: SignedUp;
const ids: Ids = {};

const add = (key: string, ...values: (string | undefined)[]) => {
  ids[key] = [...(ids[key] ?? []), ...values.filter((value): value is string => Boolean(value))];
};

/** One workspace with one of everything, made through the API as a person would. */
const seed = async () => {
  admin = await signUp(app, { firstName: 'Fuzz' });
  const member = await joinWorkspace(app, admin);
  const meeting = await createMeeting(admin, [member.userId]);
  add('user', admin.userId, member.userId);
  for (const key of ['members', 'administrators', 'watchers', 'fromuser', 'touser']) ids[key] = ids.user!;
  add('tenant', admin.tenantId);
  add('meeting', meeting.id);
  ids.sourcemeeting = ids.meeting!;
  const api = admin.api;
  const result = async <T>(answer: Promise<{ status: number; body: { result: T } }>) => {
    const { status, body } = await answer;
    if (status >= 300) throw new Error(`seeding failed: ${status} ${JSON.stringify(body)}`);
    return body.result;
  };
  const sessions = await result(
    api.get<{ id: string }[]>(`/meetings/${meeting.id}/sessions?from=2026-01-01&until=2026-03-01`),
  );
  add('session', ...sessions.map((s) => s.id));
  const board = await result(api.post<{ id: string }>('/boards', { name: 'Fuzz board', meetingIds: [meeting.id] }));
  add('board', board.id);
  const types = await result(api.get<{ id: string }[]>(`/boards/${board.id}/task-types`));
  add('tasktype', ...types.map((t) => t.id));
  ids.boardlist = ids.tasktype!;
  const task = await result(
    api.post<{ id: string }>('/tasks', {
      title: 'Fuzz card',
      userId: admin.userId,
      meetingIds: [meeting.id],
      boardId: board.id,
    }),
  );
  add('task', task.id);
  ids.copyfrom = ids.task!;
  const checklist = await result(api.post<{ id: string }>('/checklists', { taskId: task.id, title: 'List' }));
  add('checklist', checklist.id);
  const item = await result(api.post<{ id: string }>('/checklist-items', { checklistId: checklist.id, title: 'One' }));
  add('checklistitem', item.id);
  const activity = await result(api.post<{ id: string }>('/activities', { taskId: task.id, description: 'Said' }));
  add('activity', activity.id);
  const label = await result(api.post<{ id: string }>('/labels', { boardId: board.id, name: 'Red' }));
  add('label', label.id);
  const score = await result(
    api.post<{ id: string }>(`/meetings/${meeting.id}/scores`, {
      title: 'Calls',
      userId: admin.userId,
      goal: '>=',
      score: '10',
    }),
  );
  add('score', score.id);
  const folder = await result(api.post<{ id: string }>('/meeting-folders', { name: 'Folder' }));
  add('meetingfolder', folder.id);
  const fileFolder = await result(api.post<{ id: string }>(`/meetings/${meeting.id}/file-folders`, { name: 'Docs' }));
  add('folder', fileFolder.id);
  ids.parent = ids.folder!;
  const files = await result(
    api.post<{ id: string }[]>(`/meetings/${meeting.id}/files`, {
      files: [{ name: 'Plan', externalLink: 'https://example.com' }],
    }),
  );
  add('file', ...files.map((f) => f.id));
  const share = await result(api.post<{ token: string }>(`/tasks/${task.id}/share`));
  add('token', share.token);
  // Org chart and vision board
  const chart = await result(api.post<{ seats: { id: string }[] }>('/org-chart'));
  add('seat', ...chart.seats.map((seat) => seat.id));
  const vision = await result(
    api.post<{ id: string; sectionIds: string[] }>('/vision/templates', { title: 'V/TO', catalogKey: 'vto' }),
  );
  add('template', vision.id);
  ids.fromtemplate = ids.template!;
  add('section', ...vision.sectionIds);
  // Password vault
  const vaultFolder = await result(
    api.post<{ id: string }>(`/meetings/${meeting.id}/password-folders`, { name: 'Keys' }),
  );
  add('vaultfolder', vaultFolder.id);
  const vaultEntry = await result(
    api.post<{ id: string }>(`/meetings/${meeting.id}/passwords`, { account: 'Fuzz', password: 'fuzz' }),
  );
  add('vaultentry', vaultEntry.id);
};

/** The seeded id for a path parameter: named by the segment before it, or by its own name. */
const PATH_KEYS: Record<string, string> = {
  tenants: 'tenant',
  meetings: 'meeting',
  sessions: 'session',
  'meeting-folders': 'meetingfolder',
  tasks: 'task',
  'task-types': 'tasktype',
  checklists: 'checklist',
  'checklist-items': 'checklistitem',
  activities: 'activity',
  attachments: 'attachment',
  boards: 'board',
  labels: 'label',
  scores: 'score',
  'task-preview': 'token',
  folderId: 'folder',
  fileId: 'file',
  sessionId: 'session',
  userId: 'user',
  // Org chart and vision board
  seats: 'seat',
  templates: 'template',
  sections: 'section',
  // Password vault
  passwords: 'vaultentry',
  'password-folders': 'vaultfolder',
};

const pathValue = (rng: Rng, path: string, name: string) => {
  const segments = path.split('/');
  const before = segments[segments.indexOf(`{${name}}`) - 1] ?? '';
  const pool = ids[PATH_KEYS[name] ?? PATH_KEYS[before] ?? ''] ?? [];
  return pool.length > 0 ? rng.pick(pool) : '3f1c2a4e-0000-4000-8000-000000000000';
};

/** One request for `op`: valid-ish, or broken in one place. */
const makeRequest = (rng: Rng, op: Operation) => {
  const mutate = rng.chance(0.75);
  const where = rng.pick(['body', 'body', 'body', 'raw', 'path', 'query'] as const);
  let url = op.path;
  const params = op.parameters ?? [];
  for (const p of params.filter((p) => p.in === 'path')) {
    const value = mutate && where === 'path' && rng.chance(0.6) ? badPathValue(rng) : pathValue(rng, op.path, p.name);
    url = url.replace(`{${p.name}}`, value);
  }
  const query: string[] = [];
  for (const p of params.filter((p) => p.in === 'query')) {
    if (mutate && where === 'query' && rng.chance(0.6)) {
      query.push(`${p.name}=${badQueryValue(rng)}`);
      // The same key twice: an array where a string is expected.
      if (rng.chance(0.3)) query.push(`${p.name}=${badQueryValue(rng)}`);
    } else if (p.required || rng.chance(0.5)) {
      const value = validish(rng, p.schema, ids, p.name);
      if (value !== null && value !== undefined) query.push(`${p.name}=${encodeURIComponent(String(value))}`);
    }
  }
  if (query.length > 0) url += `?${query.join('&')}`;
  const headers: Record<string, string> = {};
  if (op.path !== '/api/v2/logout') headers.authorization = `Bearer ${admin.token}`;
  // Now and then a broken header: what a proxy or a hostile client might send.
  if (mutate && rng.chance(0.08)) {
    const [name, value] = rng.pick([
      ['x-client-id', 'tab\u0000one'],
      ['x-client-id', 'x'.repeat(5_000)],
      ['authorization', `Bearer ${'x'.repeat(5_000)}`],
      ['authorization', 'Bearer a\u0000b'],
      ['authorization', 'Basic Zm9vOmJhcg=='],
      ['accept', '\u0000'],
    ] as const);
    headers[name] = value;
  }
  let payload: string | undefined;
  const schema = op.requestBody?.content['application/json']?.schema;
  if (schema) {
    let body = validish(rng, schema, ids);
    if (mutate && where === 'body') body = mutateBody(rng, body);
    payload = toJson(body);
    headers['content-type'] = 'application/json';
    if (mutate && where === 'raw') {
      const raw = rng.int(5);
      if (raw === 0) payload = payload.slice(0, Math.max(1, rng.int(payload.length)));
      else if (raw === 1) headers['content-type'] = rng.pick(['text/plain', 'application/xml', 'image/png', 'x/y']);
      else if (raw === 2) payload = '';
      else if (raw === 3) payload = '{"a":1,}';
      else payload = `{"title":"a\\u0000b","name":"x\\u0000"}`;
    }
  } else if (op.requestBody?.content['multipart/form-data'] || (mutate && where === 'raw')) {
    headers['content-type'] = rng.pick(['multipart/form-data; boundary=zz', 'multipart/form-data', 'application/json']);
    payload = rng.pick(['--zz\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc', '{}', '']);
  }
  return { method: op.method.toUpperCase(), url, headers, payload };
};

const operationsOf = (document: { paths: Record<string, Record<string, Operation>> }) => {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths))
    for (const [method, op] of Object.entries(methods)) ops.push({ ...op, method, path });
  return ops;
};

/**
 * One shard of the run: every `count`-th operation from `index` (in the document's order), with
 * its share of the requests and a generator seeded from the run's seed and the shard.
 */
export const fuzzShard = (index: number, count: number) => {
  beforeAll(async () => {
    // Module state is kept between files of one worker (isolate: false): start from nothing.
    for (const key of Object.keys(ids)) delete ids[key];
    app = await testApp();
    await seed();
  }, scaled(300_000));
  afterAll(async () => {
    await app?.close();
  });

  describe(`fuzz, shard ${index + 1} of ${count}`, () => {
    it(
      'answers every operation of the OpenAPI document with no 5xx, in the envelope, with a listed status and a valid body',
      async () => {
        const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
        components = document.components ?? {};
        const operations = operationsOf(document);
        expect(operations.length).toBeGreaterThan(100);
        const PER_OPERATION = Math.ceil(REQUESTS / operations.length);
        const rng = prng(SEED * 1_000 + index);
        const mine = operations.filter((_, i) => i % count === index);
        // Deletions go last, so the seeded records stay there for everything else.
        const ordered = [
          ...mine.filter((op) => op.method !== 'delete'),
          ...mine.filter((op) => op.method === 'delete'),
        ];
        const errors: Finding[] = [];
        const undocumented: Finding[] = [];
        const mismatched: (Finding & { problem: string })[] = [];
        let sent = 0;
        const slowest: { ms: number; request: string }[] = [];
        for (const op of ordered) {
          for (let i = 0; i < PER_OPERATION; i++) {
            const request = makeRequest(rng, op);
            const started = performance.now();
            const answer = await app.inject({
              method: request.method as 'GET',
              url: request.url,
              headers: request.headers,
              ...(request.payload === undefined ? {} : { payload: request.payload }),
            });
            sent++;
            slowest.push({
              ms: Math.round(performance.now() - started),
              request: `${request.method} ${request.url.slice(0, 120)} ${(request.payload ?? '').slice(0, 200)}`,
            });
            slowest.sort((a, b) => b.ms - a.ms).splice(10);
            const description = `${request.method} ${request.url.slice(0, 200)} ${request.headers['content-type'] ?? ''} ${(request.payload ?? '').slice(0, 300)}`;
            const finding = { request: description, status: answer.statusCode, body: answer.body.slice(0, 300) };
            if (answer.statusCode >= 500) errors.push(finding);
            else if (answer.statusCode >= 400) {
              let body: { status?: unknown; message?: unknown } = {};
              try {
                body = answer.json();
              } catch {}
              if (body.status !== 'fail' || typeof body.message !== 'string' || body.message === '')
                errors.push(finding);
            }
            if (!(String(answer.statusCode) in op.responses)) undocumented.push(finding);
            else if ((answer.headers['content-type'] ?? '').toString().startsWith('application/json')) {
              const validate = responseValidator(op, answer.statusCode);
              if (validate && !validate(answer.json()))
                mismatched.push({ ...finding, problem: ajv.errorsText(validate.errors) });
            }
          }
        }
        if (process.env.FUZZ_REPORT)
          writeFileSync(
            `${process.env.FUZZ_REPORT}.${index}`,
            JSON.stringify({ sent, errors, undocumented, mismatched, slowest }, null, 1),
          );
        expect(sent).toBeGreaterThanOrEqual(mine.length * PER_OPERATION);
        expect(errors, `seed ${SEED}`).toEqual([]);
        expect(undocumented, `seed ${SEED}`).toEqual([]);
        expect(mismatched, `seed ${SEED}`).toEqual([]);
      },
      scaled(Math.max(600_000, (REQUESTS / count) * 200)),
    );
  });
};
