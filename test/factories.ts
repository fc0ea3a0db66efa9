import { randomInt, randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { outbox } from '../src/db/schema/index.ts';
import type { Meeting } from '../src/features/meetings/meetings.schemas.ts';

export interface ApiAnswer<T = unknown> {
  status: number;
  body: { status: 'success' | 'fail'; result: T; message: string; errors?: Record<string, string>; requestId?: string };
  headers: Record<string, unknown>;
}

/** A client address of its own (127.x.y.z): tests act as people on different machines. */
const randomAddress = () => `127.${randomInt(256)}.${randomInt(256)}.${1 + randomInt(254)}`;

/**
 * A small API client over `app.inject`, as a browser would call it, from an address of its own
 * (so that the per-address rate limits of one test do not add up with the others').
 */
export const client = (app: FastifyInstance, token?: string, clientId?: string, address = randomAddress()) => {
  const call = async <T = unknown>(method: string, url: string, payload?: unknown): Promise<ApiAnswer<T>> => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (clientId) headers['x-client-id'] = clientId;
    const response = await app.inject({
      method: method as 'GET',
      url: url.startsWith('/api/') ? url : `/api/v2${url}`,
      remoteAddress: address,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  };
  return {
    get: <T = unknown>(url: string) => call<T>('GET', url),
    post: <T = unknown>(url: string, body?: unknown) => call<T>('POST', url, body ?? {}),
    patch: <T = unknown>(url: string, body?: unknown) => call<T>('PATCH', url, body ?? {}),
    put: <T = unknown>(url: string, body?: unknown) => call<T>('PUT', url, body ?? {}),
    delete: <T = unknown>(url: string, body?: unknown) => call<T>('DELETE', url, body),
  };
};

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomUUID().slice(0, 12)}@example.test`;

export const PASSWORD = 'correct horse';

export interface SignedUp {
  userId: string;
  tenantId: string;
  email: string;
  token: string;
  api: ReturnType<typeof client>;
}

/**
 * A new person with a FRESH workspace of their own, signed in to it, through the real API.
 * Register answers no ids or token (decision 022), so the person signs in next, as the client does.
 */
export const signUp = async (
  app: FastifyInstance,
  options: { firstName?: string; workspace?: string; email?: string } = {},
): Promise<SignedUp> => {
  const email = options.email ?? uniqueEmail();
  const registered = await client(app).post('/register', {
    user: { firstName: options.firstName ?? 'Test', lastName: 'Person', email, password: PASSWORD, timezone: 'UTC' },
    tenant: { name: options.workspace ?? `Workspace ${randomUUID().slice(0, 6)}` },
  });
  if (registered.status !== 201) throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
  const session = await signInAs(app, email);
  if (!session.tenantId) throw new Error(`a new account starts in no workspace: ${email} was registered before`);
  return {
    userId: session.id,
    tenantId: session.tenantId,
    email,
    token: session.accessToken,
    api: client(app, session.accessToken),
  };
};

/** POST /signin with the test password; the whole login result. */
export const signInAs = async (app: FastifyInstance, email: string, lastTenantSelected?: string) => {
  const answer = await client(app).post<{ accessToken: string; id: string; tenantId: string | null }>('/signin', {
    email,
    password: PASSWORD,
    lastTenantSelected,
  });
  if (answer.status !== 200) throw new Error(`signin failed: ${JSON.stringify(answer.body)}`);
  return answer.body.result;
};

export const signIn = async (app: FastifyInstance, email: string, lastTenantSelected?: string) =>
  (await signInAs(app, email, lastTenantSelected)).accessToken;

/** The newest mail sent to `to`, read from the outbox as a person would read their inbox. */
export const lastMailTo = async (app: FastifyInstance, to: string) => {
  // Some mail goes out after the answer (a reset link): wait for it, as an inbox would.
  await app.settled();
  const [mail] = await app.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.to, to.toLowerCase()))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  return mail;
};

/** Every mail to `to`, newest first (mails of one transaction share their time: do not rely on their order). */
export const mailsTo = async (app: FastifyInstance, to: string) => {
  await app.settled();
  return app.database.db.select().from(outbox).where(eq(outbox.to, to.toLowerCase())).orderBy(desc(outbox.createdAt));
};

/** The `hash` of the link in a mail. */
export const linkHash = (text: string) => /[?&]hash=([\w-]+)/.exec(text)?.[1];

/** `admin` invites `person` (an existing account) and `person` accepts (decision 022). */
export const inviteAndAccept = async (admin: SignedUp, person: SignedUp) => {
  const added = await admin.api.post('/tenants/add-user', { email: person.email });
  if (added.status !== 201) throw new Error(`add-user failed: ${JSON.stringify(added.body)}`);
  const open = await person.api.get<{ id: string; workspace: { id: string } }[]>('/invitations');
  const invitation = open.body.result.find((item) => item.workspace.id === admin.tenantId);
  if (!invitation) throw new Error(`no invitation: ${JSON.stringify(open.body)}`);
  const accepted = await person.api.post(`/invitations/${invitation.id}/accept`);
  if (accepted.status !== 200) throw new Error(`accept failed: ${JSON.stringify(accepted.body)}`);
};

/**
 * Another person, signed in and working in `admin`'s workspace as a plain member: they sign
 * up on their own, the admin invites them, they accept and switch to that workspace.
 */
export const joinWorkspace = async (
  app: FastifyInstance,
  admin: SignedUp,
  options: { firstName?: string } = {},
): Promise<SignedUp> => {
  const person = await signUp(app, options);
  await inviteAndAccept(admin, person);
  const switched = await person.api.post('/switch-tenant', { id: admin.tenantId });
  if (switched.status !== 200) throw new Error(`switch failed: ${JSON.stringify(switched.body)}`);
  return { ...person, tenantId: admin.tenantId };
};

/**
 * A weekly meeting from Monday 2026-01-05 09:00 UTC led by `leader`, with `members`
 * (ids); `extra` overrides or adds fields of the create call.
 */
export const createMeeting = async (leader: SignedUp, members: string[] = [], extra: Record<string, unknown> = {}) => {
  const answer = await leader.api.post<Meeting>('/meetings', {
    title: 'Leadership L10',
    sharepointUrl: 'meet.example.com/l10',
    operation: 'create',
    repeatType: 'weeks',
    repeatEvery: 1,
    startDate: '2026-01-05',
    startTime: '09:00',
    timezone: 'UTC',
    type: 'meeting',
    members,
    ...extra,
  });
  if (answer.status !== 201) throw new Error(`create meeting failed: ${JSON.stringify(answer.body)}`);
  return answer.body.result;
};

// meeting: a meeting held now, and its live session started

/** A weekly meeting whose session today starts this hour (UTC), so a start needs no question. */
export const meetingNow = (leader: SignedUp, members: string[], title = 'Room L10') =>
  createMeeting(leader, members, {
    title,
    startDate: new Date().toISOString().slice(0, 10),
    startTime: `${String(new Date().getUTCHours()).padStart(2, '0')}:00`,
  });

/** Starts (or joins) the meeting's live session; its id. */
export const startLive = async (person: SignedUp, meetingId: string) => {
  const answer = await person.api.post<{ sessionId: string }>(`/meetings/${meetingId}/start`, {
    confirmUnscheduled: true,
  });
  if (answer.status !== 200) throw new Error(`start failed: ${JSON.stringify(answer.body)}`);
  return answer.body.result.sessionId;
};

// Org chart and vision board
/** A 1×1 PNG. */
export const PNG_PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart upload (field "file") as the browser sends it. */
export const uploadFile = (
  app: FastifyInstance,
  token: string,
  method: 'PUT' | 'POST',
  url: string,
  bytes: Buffer,
  fileName = 'picture.png',
) => {
  const boundary = '----cadence-upload-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method,
    url: `/api/v2${url}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
};
