import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for slack.com (decision 051): Slack is not reachable from these machines, so
// the tests point SLACK_API_URL and SLACK_AUTHORIZE_URL here. It plays Slack's side of the calls
// Cadence makes, with the documented request and response shapes: the OAuth v2 authorize page
// (which approves at once) and oauth.v2.access; users.lookupByEmail and users.info; chat.postMessage;
// conversations.list (cursor paging) and conversations.info. Web API calls come form-encoded (or
// JSON), with the bot token as `Authorization: Bearer`; answers are `{ ok: true, … }` or
// `{ ok: false, error }` with HTTP 200, as Slack answers.

export interface StandinUser {
  id: string;
  email: string;
  name: string;
}

export interface StandinChannel {
  id: string;
  name: string;
  isPrivate?: boolean;
  isMember?: boolean;
}

export interface PostedMessage {
  channel: string;
  text: string;
  token: string;
}

export interface SlackStandin {
  /** The Web API base, for SLACK_API_URL (ends in /api/). */
  apiUrl: string;
  /** The authorize page, for SLACK_AUTHORIZE_URL. */
  authorizeUrl: string;
  clientId: string;
  clientSecret: string;
  team: { id: string; name: string };
  /** The bot token the next exchange hands out. */
  botToken: string;
  users: StandinUser[];
  channels: StandinChannel[];
  /** What chat.postMessage received, in order. */
  posted: PostedMessage[];
  /** Every Web API method called, in order. */
  calls: string[];
  /** A code as Slack's authorize page would hand back to the redirect URI. */
  issueCode: (redirectUri?: string) => string;
  /** A Slack user with this e-mail; their new id. */
  addUser: (email: string) => string;
  /** The next exchanges install into a new Slack team (a Slack team connects to one Cadence workspace). */
  newTeam: (name?: string) => { id: string; name: string };
  close: () => Promise<void>;
}

type Params = Record<string, string>;

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

const paramsOf = async (request: IncomingMessage, url: URL): Promise<Params> => {
  const params: Params = Object.fromEntries(url.searchParams);
  const body = await readBody(request);
  if (!body) return params;
  if (request.headers['content-type']?.includes('application/json')) return { ...params, ...JSON.parse(body) };
  return { ...params, ...Object.fromEntries(new URLSearchParams(body)) };
};

const json = (response: ServerResponse, body: unknown) => {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
};

/** Starts the stand-in on `port` (0: any free port) of 127.0.0.1. */
export const startSlackStandin = async (
  options: { port?: number; teamName?: string; teamId?: string; clientId?: string; clientSecret?: string } = {},
): Promise<SlackStandin> => {
  const codes = new Map<string, string | undefined>();
  const suffix = randomBytes(4).toString('hex').toUpperCase();
  const state: Omit<SlackStandin, 'apiUrl' | 'authorizeUrl' | 'issueCode' | 'addUser' | 'newTeam' | 'close'> = {
    clientId: options.clientId ?? '1234.5678',
    clientSecret: options.clientSecret ?? `secret-${suffix}`,
    team: { id: options.teamId ?? `T${suffix}`, name: options.teamName ?? 'Acme Slack' },
    botToken: `xoxb-standin-${randomBytes(12).toString('hex')}`,
    users: [],
    channels: [],
    posted: [],
    calls: [],
  };
  const issueCode = (redirectUri?: string) => {
    const code = `code-${randomBytes(8).toString('hex')}`;
    codes.set(code, redirectUri);
    return code;
  };
  const authed = (request: IncomingMessage, params: Params) => {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? params.token;
    return bearer === state.botToken ? bearer : null;
  };

  const methods: Record<string, (params: Params, token: string | null, request: IncomingMessage) => unknown> = {
    // https://docs.slack.dev/reference/methods/oauth.v2.access: client id and secret by HTTP
    // Basic auth or in the body; the code is single use and must come with the same redirect_uri.
    'oauth.v2.access': (params, _token, request) => {
      const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      const [id, secret] = basic
        ? Buffer.from(basic, 'base64').toString('utf8').split(':')
        : [params.client_id, params.client_secret];
      if (id !== state.clientId) return { ok: false, error: 'invalid_client_id' };
      if (secret !== state.clientSecret) return { ok: false, error: 'bad_client_secret' };
      if (!params.code || !codes.has(params.code)) return { ok: false, error: 'invalid_code' };
      const redirectUri = codes.get(params.code);
      codes.delete(params.code);
      if (redirectUri !== undefined && redirectUri !== params.redirect_uri)
        return { ok: false, error: 'bad_redirect_uri' };
      return {
        ok: true,
        access_token: state.botToken,
        token_type: 'bot',
        scope: 'chat:write,users:read,users:read.email,channels:read,commands',
        bot_user_id: 'UBOT0001',
        app_id: 'A0STANDIN',
        team: state.team,
        enterprise: null,
        is_enterprise_install: false,
        authed_user: { id: 'UADMIN01' },
      };
    },
    // https://docs.slack.dev/reference/methods/users.lookupByEmail
    'users.lookupByEmail': (params, token) => {
      if (!token) return { ok: false, error: 'invalid_auth' };
      const user = state.users.find((u) => u.email.toLowerCase() === (params.email ?? '').toLowerCase());
      if (!user) return { ok: false, error: 'users_not_found' };
      return {
        ok: true,
        user: { id: user.id, team_id: state.team.id, name: user.name, profile: { email: user.email } },
      };
    },
    // https://docs.slack.dev/reference/methods/users.info (the email needs users:read.email)
    'users.info': (params, token) => {
      if (!token) return { ok: false, error: 'invalid_auth' };
      const user = state.users.find((u) => u.id === params.user);
      if (!user) return { ok: false, error: 'user_not_found' };
      return {
        ok: true,
        user: { id: user.id, team_id: state.team.id, name: user.name, profile: { email: user.email } },
      };
    },
    // https://docs.slack.dev/reference/methods/chat.postMessage: a user id as channel opens the DM.
    'chat.postMessage': (params, token) => {
      if (!token) return { ok: false, error: 'invalid_auth' };
      if (!params.text) return { ok: false, error: 'no_text' };
      const channel = params.channel ?? '';
      const known = state.channels.find((c) => c.id === channel);
      const person = state.users.find((u) => u.id === channel);
      if (!known && !person) return { ok: false, error: 'channel_not_found' };
      if (known && known.isMember === false) return { ok: false, error: 'not_in_channel' };
      state.posted.push({ channel, text: params.text, token });
      const ts = `${Math.floor(Date.now() / 1000)}.${String(state.posted.length).padStart(6, '0')}`;
      return { ok: true, channel: person ? `D${person.id.slice(1)}` : channel, ts, message: { text: params.text, ts } };
    },
    // https://docs.slack.dev/reference/methods/conversations.list: `limit` (≤ 1000) and `cursor`,
    // the next one in response_metadata.next_cursor ('' at the end).
    'conversations.list': (params, token) => {
      if (!token) return { ok: false, error: 'invalid_auth' };
      const limit = Math.min(Number(params.limit) || 100, 1000);
      const position = params.cursor ? /^pos:(\d+)$/.exec(Buffer.from(params.cursor, 'base64').toString('utf8')) : null;
      if (params.cursor && !position) return { ok: false, error: 'invalid_cursor' };
      const start = position ? Number(position[1]) : 0;
      const types = (params.types ?? 'public_channel').split(',');
      const listed = state.channels.filter((c) => types.includes(c.isPrivate ? 'private_channel' : 'public_channel'));
      const page = listed.slice(start, start + limit);
      const next = start + limit < listed.length ? Buffer.from(`pos:${start + limit}`).toString('base64') : '';
      return {
        ok: true,
        channels: page.map((c) => ({
          id: c.id,
          name: c.name,
          is_channel: !c.isPrivate,
          is_private: !!c.isPrivate,
          is_archived: false,
          is_member: c.isMember !== false,
        })),
        response_metadata: { next_cursor: next },
      };
    },
    // https://docs.slack.dev/reference/methods/conversations.info
    'conversations.info': (params, token) => {
      if (!token) return { ok: false, error: 'invalid_auth' };
      const channel = state.channels.find((c) => c.id === params.channel);
      if (!channel) return { ok: false, error: 'channel_not_found' };
      return {
        ok: true,
        channel: {
          id: channel.id,
          name: channel.name,
          is_private: !!channel.isPrivate,
          is_member: channel.isMember !== false,
        },
      };
    },
  };

  const server = createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      if (url.pathname === '/oauth/v2/authorize') {
        // Slack's page asks the person to allow the app; the stand-in allows at once.
        const redirect = url.searchParams.get('redirect_uri');
        if (!redirect || url.searchParams.get('client_id') !== state.clientId) {
          response.writeHead(400, { 'content-type': 'text/plain' });
          response.end('invalid_client_id or redirect_uri');
          return;
        }
        const back = new URL(redirect);
        back.searchParams.set('code', issueCode(redirect));
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        response.writeHead(302, { location: back.toString() });
        response.end();
        return;
      }
      const method = /^\/api\/([\w.]+)$/.exec(url.pathname)?.[1];
      const handler = method ? methods[method] : undefined;
      if (!method || !handler) {
        json(response, { ok: false, error: 'unknown_method' });
        return;
      }
      const params = await paramsOf(request, url);
      state.calls.push(method);
      json(response, handler(params, authed(request, params), request));
    } catch {
      response.writeHead(500);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const newTeam = (name = 'Acme Slack') => {
    state.team = { id: `T${randomBytes(5).toString('hex').toUpperCase()}`, name };
    return state.team;
  };
  const addUser = (email: string) => {
    const id = `U${randomBytes(5).toString('hex').toUpperCase()}`;
    state.users.push({ id, email, name: email.split('@')[0]! });
    return id;
  };
  return Object.assign(state, {
    apiUrl: `${base}/api/`,
    authorizeUrl: `${base}/oauth/v2/authorize`,
    issueCode,
    addUser,
    newTeam,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
};
