import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages } from '../src/server/server.messages.ts';
import { NestingTooDeepError, toCamelKeys } from '../src/shared/case.ts';
import { MAX_INPUT_DEPTH } from '../src/shared/constants.ts';
import { isRealIsoDate, isRealIsoInstant } from '../src/shared/dates.ts';
import { messages } from '../src/shared/messages.ts';
import { isoInstant } from '../src/shared/validation.ts';
import { testApp } from './app.ts';
import { createMeeting, type SignedUp, signUp } from './factories.ts';
import { deepArrayJson, deepObjectJson } from './fuzz.ts';

// Each malformed request of the hardening issue, by name (decision 024): a 4xx in the envelope
// with a message a person understands, and nothing written.

let app: FastifyInstance;
let admin: SignedUp;

beforeAll(async () => {
  app = await testApp();
  admin = await signUp(app, { firstName: 'Bad' });
});
afterAll(async () => {
  await app?.close();
});

const send = (method: string, url: string, payload?: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: method as 'GET',
    url: `/api/v2${url}`,
    headers: {
      authorization: `Bearer ${admin.token}`,
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(payload === undefined ? {} : { payload }),
  });

const expectFail = (answer: { statusCode: number; json: () => unknown }, status: number, message?: string) => {
  expect(answer.statusCode).toBe(status);
  const body = answer.json() as { status: string; message: string };
  expect(body.status).toBe('fail');
  expect(typeof body.message).toBe('string');
  if (message) expect(body.message).toBe(message);
  return body as { status: string; message: string; errors?: Record<string, string> };
};

const folderNames = async () =>
  ((await admin.api.get<{ name: string }[]>('/meeting-folders')).body.result ?? []).map((f) => f.name);

describe('NUL characters', () => {
  it('refuses a NUL in a body string with a field error and stores nothing', async () => {
    const body = expectFail(
      await send('POST', '/meeting-folders', JSON.stringify({ name: 'Before\u0000after' })),
      400,
      serverMessages.nulCharacter,
    );
    expect(body.errors).toEqual({ name: serverMessages.nulCharacter });
    expect(await folderNames()).not.toContain('Beforeafter');
    expect((await folderNames()).some((name) => name.startsWith('Before'))).toBe(false);
  });

  it('refuses a NUL nested in a body, in a snake_case key, and in a query value', async () => {
    const meeting = await createMeeting(admin);
    const nested = expectFail(
      await send(
        'POST',
        `/meetings/${meeting.id}/files`,
        JSON.stringify({ files: [{ name: 'x', external_link: 'https://e.com/\u0000' }] }),
      ),
      400,
      serverMessages.nulCharacter,
    );
    expect(nested.errors).toEqual({ 'files.0.externalLink': serverMessages.nulCharacter });
    expectFail(await send('POST', '/meeting-folders', JSON.stringify({ 'na\u0000me': 'x' })), 400);
    const query = expectFail(
      await send('GET', '/users/exists?email=a%00b@example.test'),
      400,
      serverMessages.nulCharacter,
    );
    expect(query.errors).toEqual({ email: serverMessages.nulCharacter });
  });

  it('refuses a NUL in a path value and in a header', async () => {
    expectFail(await send('GET', '/task-preview/abc%00def'), 400, serverMessages.nulCharacter);
    expectFail(
      await send('GET', '/self', undefined, { 'x-client-id': 'tab\u0000one' }),
      400,
      serverMessages.nulCharacter,
    );
  });
});

describe('impossible dates', () => {
  it('refuses 2025-02-29, 2024-02-30 and 2025-13-01 in a body with a field error, and accepts 2024-02-29', async () => {
    for (const dueDate of ['2025-02-29', '2024-02-30', '2025-13-01', '2025-00-10', '2025-04-31']) {
      const body = expectFail(
        await admin.api.post('/tasks', { title: `Due ${dueDate}`, userId: admin.userId, dueDate }).then((a) => ({
          statusCode: a.status,
          json: () => a.body,
        })),
        400,
      );
      expect(body.errors?.dueDate).toBe(messages.impossibleDate);
    }
    const tasks = (await admin.api.get<{ items: { title: string }[] }>('/tasks')).body.result.items;
    expect(tasks.filter((t) => t.title.startsWith('Due '))).toEqual([]);
    expect(
      (await admin.api.post('/tasks', { title: 'Leap', userId: admin.userId, dueDate: '2024-02-29' })).status,
    ).toBe(201);
  });

  it('refuses an impossible start date of a meeting and an impossible date in a query', async () => {
    const created = await admin.api.post('/meetings', {
      title: 'Never',
      sharepointUrl: 'x',
      operation: 'create',
      repeatType: 'weeks',
      repeatEvery: 1,
      startDate: '2024-02-30',
      startTime: '09:00',
      timezone: 'UTC',
      type: 'meeting',
    });
    expect(created.status).toBe(400);
    expect(created.body.errors?.startDate).toBe(messages.impossibleDate);
    const meeting = await createMeeting(admin);
    const query = await admin.api.get(`/meetings/${meeting.id}/sessions?from=2025-13-01`);
    expect(query.status).toBe(400);
    expect(query.body.errors).toEqual({ from: messages.impossibleDate });
  });

  it('checks calendar dates and timestamps for real days and times', () => {
    expect(['2024-02-29', '2000-02-29', '2025-12-31'].map(isRealIsoDate)).toEqual([true, true, true]);
    expect(['2025-02-29', '1900-02-29', '2025-13-01', '2025-1-01', '0000-01-01'].map(isRealIsoDate)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(isRealIsoInstant('2026-01-05T09:00:00Z')).toBe(true);
    expect(isRealIsoInstant('2026-01-05T09:00:00.123+02:00')).toBe(true);
    for (const bad of ['2025-02-29T09:00:00Z', '2026-01-05T25:00:00Z', '2026-01-05T09:61Z', '2026-01-05T09:00'])
      expect(isRealIsoInstant(bad), bad).toBe(false);
    expect(isoInstant().safeParse('2025-02-30T00:00:00Z').error?.issues[0]?.message).toBe(messages.invalidInstant);
  });
});

describe('empty updates', () => {
  it('answers every PATCH with an empty body "No values to set" and changes nothing', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    const patches = Object.entries(document.paths).filter(([, ops]) => ops.patch?.requestBody);
    expect(patches.length).toBeGreaterThan(10);
    const folder = (await admin.api.post<{ id: string; name: string }>('/meeting-folders', { name: 'Kept' })).body
      .result;
    for (const [path] of patches) {
      // Real ids are not needed: the empty body is refused before any record is looked up.
      const url = path.replace('/api/v2', '').replace(/\{[^}]+\}/g, folder.id);
      for (const payload of ['{}', '{"unknown_key": 1}']) {
        const answer = await send('PATCH', url, payload);
        expect(answer.statusCode, `${path} ${payload}`).toBe(400);
        expect(answer.json().message, path).toBe(serverMessages.noValuesToSet);
      }
    }
    const after = (await admin.api.get<{ id: string; name: string }[]>('/meeting-folders')).body.result;
    expect(after.find((f) => f.id === folder.id)?.name).toBe('Kept');
  });

  it('keeps the fields a PATCH leaves out (the job title survives a change of first name)', async () => {
    const person = await signUp(app);
    await person.api.patch('/self', { job_title: 'Facilitator' });
    expect((await person.api.patch('/self', { firstName: 'Renamed' })).status).toBe(200);
    const self = (await person.api.get<{ user: { firstName: string; jobTitle: string | null } }>('/self')).body.result;
    expect(self.user).toMatchObject({ firstName: 'Renamed', jobTitle: 'Facilitator' });
    await person.api.patch('/self', { jobTitle: '' });
    expect((await person.api.get<{ user: { jobTitle: string | null } }>('/self')).body.result.user.jobTitle).toBeNull();
  });

  it('answers a PUT that names nothing to change the same way', async () => {
    const board = (
      await admin.api.post<{ id: string }>('/boards', { name: 'B', meetingIds: [(await createMeeting(admin)).id] })
    ).body.result;
    const task = (
      await admin.api.post<{ id: string }>('/tasks', { title: 'T', userId: admin.userId, boardId: board.id })
    ).body.result;
    const list = (await admin.api.post<{ id: string }>('/checklists', { taskId: task.id, title: 'List' })).body.result;
    const item = (await admin.api.post<{ id: string }>('/checklist-items', { checklistId: list.id, title: 'Kept' }))
      .body.result;
    expectFail(await send('PUT', `/checklist-items/${item.id}`, '{}'), 400, serverMessages.noValuesToSet);
    expectFail(await send('PUT', `/checklist-items/${item.id}`, '{"other": 1}'), 400, serverMessages.noValuesToSet);
    const lists = (await admin.api.get<{ items: { title: string }[] }[]>(`/tasks/${task.id}/checklists`)).body.result;
    expect(lists[0]?.items.map((i) => i.title)).toEqual(['Kept']);
  });
});

describe('deep nesting', () => {
  it('refuses JSON nested thousands of levels deep with a 400, as an array and as an object', async () => {
    // 500,000 levels: as deep as a body under the 1 MB limit can be (the parser must not overflow either).
    const deepest = deepArrayJson(500_000);
    for (const payload of [
      deepArrayJson(5_000),
      deepObjectJson(5_000),
      `{"name":${deepArrayJson(100_000)}}`,
      deepest,
    ]) {
      const body = expectFail(
        await send('POST', '/meeting-folders', payload),
        400,
        serverMessages.nestedTooDeep(MAX_INPUT_DEPTH),
      );
      expect(body.errors).toEqual({ body: serverMessages.nestedTooDeep(MAX_INPUT_DEPTH) });
    }
    // Up to the limit the body reaches the route's own checks (here: name must be a string).
    const shallow = expectFail(
      await send('POST', '/meeting-folders', `{"name":${deepArrayJson(MAX_INPUT_DEPTH - 1)}}`),
      400,
    );
    expect(shallow.message).not.toBe(serverMessages.nestedTooDeep(MAX_INPUT_DEPTH));
  });

  it('converts keys iteratively: 100,000 levels do not overflow the stack', () => {
    let deep: unknown = { last_key: 1 };
    for (let i = 0; i < 100_000; i++) deep = { some_key: deep };
    expect(() => toCamelKeys(deep, MAX_INPUT_DEPTH)).toThrow(NestingTooDeepError);
    let converted = toCamelKeys<Record<string, unknown>>(deep);
    for (let i = 0; i < 100_000; i++) converted = converted.someKey as Record<string, unknown>;
    expect(converted).toEqual({ lastKey: 1 });
  });
});

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('uploads', () => {
  const upload = (taskId: string, payload: Buffer | string, contentType: string) =>
    app.inject({
      method: 'POST',
      url: `/api/v2/tasks/${taskId}/attachments`,
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': contentType },
      payload,
    });
  const part = (boundary: string, bytes: Buffer) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="dot.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
    ]);

  it('answers a truncated or malformed multipart upload 400, a wrong content type 415, too large 413, and stores nothing', async () => {
    const task = (await admin.api.post<{ id: string }>('/tasks', { title: 'Uploads', userId: admin.userId })).body
      .result;
    const b = 'cadence-boundary';
    // Cut off before the closing boundary.
    expectFail(
      await upload(task.id, part(b, PNG), `multipart/form-data; boundary=${b}`),
      400,
      serverMessages.uploadMalformed,
    );
    // No boundary at all, and a body that is not multipart.
    expectFail(await upload(task.id, '{}', 'multipart/form-data'), 400);
    expectFail(await upload(task.id, 'garbage', `multipart/form-data; boundary=${b}`), 400);
    expectFail(await upload(task.id, '{"file":"x"}', 'application/json'), 415, serverMessages.uploadNotMultipart);
    expectFail(await upload(task.id, PNG, 'image/png'), 415);
    const huge = Buffer.concat([
      part(b, Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)])),
      Buffer.from(`\r\n--${b}--\r\n`),
    ]);
    expectFail(await upload(task.id, huge, `multipart/form-data; boundary=${b}`), 413, messages.fileTooLarge(10));
    expect((await admin.api.get(`/tasks/${task.id}/attachments`)).body.result).toEqual([]);
    const whole = Buffer.concat([part(b, PNG), Buffer.from(`\r\n--${b}--\r\n`)]);
    expect((await upload(task.id, whole, `multipart/form-data; boundary=${b}`)).statusCode).toBe(201);
  });

  it('answers a JSON route a wrong content type 415, broken JSON 400 and a body over 1 MB 413', async () => {
    expectFail(
      await send('POST', '/meeting-folders', '<name>x</name>', { 'content-type': 'application/xml' }),
      415,
      messages.unsupportedMediaType,
    );
    expectFail(await send('POST', '/meeting-folders', '{"name": "x",'), 400, serverMessages.invalidJson);
    expectFail(await send('POST', '/meeting-folders', ''), 400, serverMessages.invalidJson);
    const big = JSON.stringify({ name: 'x'.repeat(1024 * 1024) });
    expectFail(await send('POST', '/meeting-folders', big), 413, serverMessages.bodyTooLarge(1024));
  });
});

describe('query values', () => {
  it('refuses invalid UUIDs, out-of-range numbers, repeated keys and unknown enum values with 400', async () => {
    const meeting = await createMeeting(admin);
    const board = (await admin.api.post<{ id: string }>('/boards', { name: 'Q', meetingIds: [meeting.id] })).body
      .result;
    const cases: [string, string][] = [
      ['/tasks?meetingId=not-a-uuid', 'meetingId'],
      [`/meetings/${meeting.id}/archives?page=-1`, 'page'],
      [`/meetings/${meeting.id}/archives?page=1.5`, 'page'],
      [`/boards/${board.id}/cards?limit=1e309`, 'limit'],
      [`/boards/${board.id}/cards?offset=99999999999999999999999`, 'offset'],
      ['/meetings?type=meeting&type=team', 'type'],
      ['/meetings?type=unknown', 'type'],
      ['/tasks?state=', 'state'],
    ];
    for (const [url, field] of cases) {
      const answer = await admin.api.get(url);
      expect(answer.status, url).toBe(400);
      expect(answer.body.status).toBe('fail');
      expect(Object.keys(answer.body.errors ?? {}), url).toContain(field);
    }
    // The largest page there is (a 32-bit integer, as every integer the API takes) reads nothing
    // rather than failing; one past it is refused for its field.
    expect((await admin.api.get(`/meetings/${meeting.id}/archives?page=2147483647`)).status).toBe(200);
    const past = await admin.api.get(`/meetings/${meeting.id}/archives?page=9007199254740991`);
    expect(past.status).toBe(400);
    expect(Object.keys(past.body.errors ?? {})).toContain('page');
  });
});

describe('long URLs and headers', () => {
  let port = 0;
  let server: FastifyInstance;
  beforeAll(async () => {
    server = await testApp();
    await server.listen({ port: 0, host: '127.0.0.1' });
    port = (server.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await server?.close();
  });

  /** One raw HTTP/1.1 request over a socket: what Node's parser does before any route. */
  const raw = (request: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString('latin1');
      });
      socket.on('error', () => {});
      socket.on('close', () => {
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
        if (!status) reject(new Error(`no answer: ${text.slice(0, 100)}`));
        resolve({ status, body: text.slice(text.indexOf('\r\n\r\n') + 4) });
      });
      socket.write(request, 'latin1');
    });

  it('answers a header block over the limit 431 in the envelope', async () => {
    const answer = await raw(`GET /api/v2/self HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({ status: 'fail', message: serverMessages.headersTooLarge });
  });

  it('answers a URL over the header limit 431 and a path value over 100 characters 414, in the envelope', async () => {
    const long = await raw(`GET /api/v2/meetings/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(long.status).toBe(431);
    expect(JSON.parse(long.body).status).toBe('fail');
    const param = await raw(`GET /api/v2/meetings/${'a'.repeat(500)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(param.status).toBe(414);
    expect(JSON.parse(param.body)).toEqual({ status: 'fail', message: serverMessages.urlTooLong });
  });

  it('answers a NUL in a raw header and a broken percent-encoding 400 in the envelope', async () => {
    const nul = await raw(`GET /api/v2/self HTTP/1.1\r\nHost: x\r\nX-Client-Id: a\u0000b\r\n\r\n`);
    expect(nul.status).toBe(400);
    expect(JSON.parse(nul.body).status).toBe('fail');
    const encoding = await raw('GET /api/v2/meetings/%E2%82 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(encoding.status).toBe(400);
    expect(JSON.parse(encoding.body)).toEqual({ status: 'fail', message: serverMessages.badRequest });
  });
});

describe('OpenAPI document', () => {
  it('gives every operation a unique camelCase operationId and documents its failure statuses', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<
        string,
        Record<
          string,
          {
            operationId?: string;
            security?: unknown[];
            requestBody?: unknown;
            parameters?: { in: string }[];
            responses: Record<string, unknown>;
          }
        >
      >;
    };
    const ids = new Set<string>();
    let count = 0;
    for (const [path, ops] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        count++;
        const where = `${method} ${path}`;
        expect(op.operationId, where).toMatch(/^[a-z][a-zA-Z0-9]*$/);
        expect(ids.has(op.operationId as string), where).toBe(false);
        ids.add(op.operationId as string);
        const statuses = Object.keys(op.responses);
        expect(statuses, where).toEqual(expect.arrayContaining(['400', '408', '431', '500']));
        // A success, or a redirect (Slack's OAuth callback answers a browser with one).
        expect(
          statuses.some((s) => s.startsWith('2') || s === '302'),
          where,
        ).toBe(true);
        if (path.includes('{')) expect(statuses, where).toEqual(expect.arrayContaining(['404', '414']));
        if (op.requestBody) expect(statuses, where).toEqual(expect.arrayContaining(['413', '415']));
        const isPublic = Array.isArray(op.security) && op.security.length === 0;
        if (path.startsWith('/api/v2/') && !isPublic) expect(statuses, where).toContain('401');
      }
    }
    expect(count).toBeGreaterThan(100);
    expect(document.paths['/api/v2/meetings/{id}/sessions']?.get?.operationId).toBe('getMeetingsByIdSessions');
    expect(Object.keys(document.paths['/api/v2/signin']?.post?.responses ?? {})).toContain('429');
    expect(Object.keys(document.paths['/api/v2/auth/forgot-password']?.post?.responses ?? {})).toContain('429');
  });
});
