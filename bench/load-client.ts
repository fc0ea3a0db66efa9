import http from 'node:http';
import type { LoadFixture } from './load-seed.ts';

// The load bench's virtual users: each signed in with its own token, on keep-alive connections,
// looping a weighted mix of the calls the client makes (src/features/*/client/*.queries.ts)
// with a card change after every few reads. One request at a time per user: a user's next
// call waits for the last answer, as a page's would.

export interface Recorder {
  latencies: Map<string, number[]>;
  /** Answers other than 2xx by call, then by status (0: no answer). */
  failures: Map<string, Map<number, number>>;
  /** Response body bytes by call (summed). */
  bytes: Map<string, number>;
}

export const newRecorder = (): Recorder => ({ latencies: new Map(), failures: new Map(), bytes: new Map() });

const record = (recorders: Recorder[], label: string, ms: number, { status, bytes }: Answer) => {
  for (const recorder of recorders) {
    recorder.bytes.set(label, (recorder.bytes.get(label) ?? 0) + bytes);
    const list = recorder.latencies.get(label);
    if (list) list.push(ms);
    else recorder.latencies.set(label, [ms]);
    if (status >= 200 && status < 300) continue;
    const byStatus = recorder.failures.get(label) ?? new Map<number, number>();
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    recorder.failures.set(label, byStatus);
  }
};

interface Answer {
  /** 0: no answer. */
  status: number;
  bytes: number;
}

/** One HTTP call on `agent`; resolves with the status and body size once the body is read. */
const send = (agent: http.Agent, url: URL, method: string, token: string | undefined, body?: string) =>
  new Promise<Answer>((resolve) => {
    let bytes = 0;
    const request = http.request(
      url,
      {
        agent,
        method,
        timeout: 60_000,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
        },
      },
      (response) => {
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes }));
        response.on('error', () => resolve({ status: 0, bytes }));
      },
    );
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve({ status: 0, bytes }));
    request.end(body);
  });

interface Call {
  label: string;
  weight: number;
  path: (pick: Picker) => string;
}
type Picker = ReturnType<typeof pickerFor>;

const pickerFor = (fixture: LoadFixture) => {
  const any = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;
  return { dashboard: () => any(fixture.dashboards), card: () => any(fixture.cardIds), fixture };
};

/** The reads, weighted roughly as pages ask for them: home and shell, the meetings list, a dashboard. */
export const readMix: Call[] = [
  { label: 'GET /self', weight: 4, path: () => '/self' },
  { label: 'GET /tenants', weight: 2, path: () => '/tenants' },
  { label: 'GET /self/settings', weight: 2, path: () => '/self/settings' },
  { label: 'GET /meetings/next', weight: 3, path: () => '/meetings/next' },
  { label: 'GET /meetings/live-sessions', weight: 3, path: () => '/meetings/live-sessions' },
  { label: 'GET /meetings', weight: 3, path: () => '/meetings' },
  { label: 'GET /meetings/{id}', weight: 3, path: (p) => `/meetings/${p.dashboard().meetingId}` },
  {
    label: 'GET /meetings/{id}/agenda-items',
    weight: 2,
    path: (p) => `/meetings/${p.dashboard().meetingId}/agenda-items`,
  },
  { label: 'GET /meetings/{id}/boards', weight: 2, path: (p) => `/meetings/${p.dashboard().meetingId}/boards` },
  { label: 'GET /boards/{id}', weight: 3, path: (p) => `/boards/${p.dashboard().boardId}` },
  {
    label: 'GET /boards/{id}/cards (Show more)',
    weight: 1,
    path: (p) => {
      const dashboard = p.dashboard();
      return `/boards/${dashboard.boardId}/cards?group=${dashboard.listIds[0]}&offset=20`;
    },
  },
  {
    label: 'GET /meetings/{id}/archives (page 1)',
    weight: 1,
    path: (p) => `/meetings/${p.dashboard().meetingId}/archives?page=1&perPage=10`,
  },
  // The dashboard's action items: the tabs' counts, then a page of each list it shows.
  { label: 'GET /tasks/counts', weight: 1, path: (p) => `/tasks/counts?meetingId=${p.dashboard().meetingId}` },
  {
    label: 'GET /tasks?meetingId (a page)',
    weight: 2,
    path: (p) =>
      `/tasks?meetingId=${p.dashboard().meetingId}&${['type=4&state=active', 'type=4&state=done', 'type=1&state=active&limit=100'][Math.floor(Math.random() * 3)]}`,
  },
  // The scorecard as it opens (the current quarter, ~13 columns), and now and then a whole year.
  {
    label: 'GET /meetings/{id}/kpis (as it opens)',
    weight: 2,
    path: (p) => `/meetings/${p.fixture.kpiMeetingId}/kpis`,
  },
  {
    label: 'GET /meetings/{id}/kpis (52 weeks)',
    weight: 1,
    path: (p) =>
      `/meetings/${p.fixture.kpiMeetingId}/kpis?dateSince=${p.fixture.kpiSince}&dateUntil=${p.fixture.kpiUntil}`,
  },
  // Home and the dashboard: the bell's count on every page, the calendar's month.
  { label: 'GET /notifications/unread-count', weight: 3, path: () => '/notifications/unread-count' },
  {
    label: 'GET /calendar/events (month)',
    weight: 2,
    path: (p) => `/calendar/events?start=${p.fixture.month.start}&end=${p.fixture.month.end}`,
  },
  {
    label: 'GET /calendar/events (month, a meeting)',
    weight: 1,
    path: (p) =>
      `/calendar/events?start=${p.fixture.month.start}&end=${p.fixture.month.end}&meetingId=${p.dashboard().meetingId}`,
  },
];
/** The calls that list (and must page) on a big workspace. */
export const LIST_CALLS = new Set([
  'GET /meetings',
  'GET /boards/{id}',
  'GET /boards/{id}/cards (Show more)',
  'GET /meetings/{id}/archives (page 1)',
  'GET /tasks?meetingId (a page)',
  'GET /meetings/{id}/kpis (as it opens)',
  'GET /meetings/{id}/kpis (52 weeks)',
  'GET /calendar/events (month)',
]);
export const PATCH_LABEL = 'PATCH /tasks/{id}';
/** A card change after this many reads. */
export const READS_PER_WRITE = 6;

const weighted = (calls: Call[]) => {
  const total = calls.reduce((sum, call) => sum + call.weight, 0);
  return () => {
    let at = Math.random() * total;
    for (const call of calls) {
      at -= call.weight;
      if (at < 0) return call;
    }
    return calls[calls.length - 1]!;
  };
};

/**
 * `users` virtual users looping the mix until `until` (ms since epoch). `recorders()` is read
 * before every record, so a soak can swap in a fresh per-minute recorder while users run.
 */
export const runMix = async (
  base: string,
  fixture: LoadFixture,
  users: number,
  until: number,
  recorders: () => Recorder[],
  /** Mean pause after each answer (uniform in 0…2×), as a person reads; 0: back to back. */
  thinkMs = 0,
) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: users });
  const pick = pickerFor(fixture);
  const next = weighted(readMix);
  let edits = 0;
  const user = async (index: number) => {
    const token = fixture.tokens[index % fixture.tokens.length]!;
    let reads = 0;
    while (Date.now() < until) {
      const write = reads === READS_PER_WRITE;
      const call = write ? undefined : next();
      const url = new URL(`/api/v2${write ? `/tasks/${pick.card()}` : call!.path(pick)}`, base);
      const body = write ? JSON.stringify({ title: `Card changed ${++edits}` }) : undefined;
      const started = performance.now();
      const answer = await send(agent, url, write ? 'PATCH' : 'GET', token, body);
      record(recorders(), write ? PATCH_LABEL : call!.label, performance.now() - started, answer);
      reads = write ? 0 : reads + 1;
      if (thinkMs > 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 * thinkMs));
    }
  };
  await Promise.all(Array.from({ length: users }, (_, i) => user(i)));
  agent.destroy();
};

/** `connections` loops calling one URL (GET) until `until`. */
export const runSingle = async (
  url: string,
  label: string,
  connections: number,
  until: number,
  recorder: Recorder,
  token?: string,
) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(url);
  const loop = async () => {
    while (Date.now() < until) {
      const started = performance.now();
      const answer = await send(agent, target, 'GET', token);
      record([recorder], label, performance.now() - started, answer);
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  agent.destroy();
};

/** The p-th percentile (nearest rank) of `values`, sorted in place. */
export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export interface CallFigures {
  call: string;
  count: number;
  reqPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  ratioToBare: number | null;
  non2xx: number;
  /** The non-2xx answers by status, e.g. '404×3'. */
  statuses: string;
  /** Mean response body size in kB. */
  kB: number;
}

export const figuresOf = (recorder: Recorder, seconds: number, bareReqPerSecond: number | null): CallFigures[] => {
  const rows: CallFigures[] = [];
  const all: number[] = [];
  const failed = new Map<number, number>();
  let allBytes = 0;
  const row = (call: string, values: number[], byStatus: Map<number, number>, bytes: number): CallFigures => {
    const non2xx = [...byStatus.values()].reduce((sum, n) => sum + n, 0);
    values.sort((a, b) => a - b);
    const reqPerSecond = values.length / seconds;
    return {
      call,
      count: values.length,
      reqPerSecond: Math.round(reqPerSecond * 10) / 10,
      p50: Math.round(percentile(values, 50) * 10) / 10,
      p95: Math.round(percentile(values, 95) * 10) / 10,
      p99: Math.round(percentile(values, 99) * 10) / 10,
      ratioToBare: bareReqPerSecond ? Math.round((reqPerSecond / bareReqPerSecond) * 1000) / 1000 : null,
      non2xx,
      statuses: [...byStatus].map(([status, n]) => `${status}×${n}`).join(' '),
      kB: values.length ? Math.round(bytes / values.length / 102.4) / 10 : 0,
    };
  };
  for (const [label, values] of [...recorder.latencies].sort(([a], [b]) => a.localeCompare(b))) {
    for (const value of values) all.push(value);
    const byStatus = recorder.failures.get(label) ?? new Map<number, number>();
    for (const [status, n] of byStatus) failed.set(status, (failed.get(status) ?? 0) + n);
    const bytes = recorder.bytes.get(label) ?? 0;
    allBytes += bytes;
    rows.push(row(label, values, byStatus, bytes));
  }
  if (recorder.latencies.size > 1) rows.push(row('(all calls)', all, failed, allBytes));
  return rows;
};
