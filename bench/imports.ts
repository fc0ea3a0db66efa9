import { readCsv } from '../src/features/imports/server/csv-reader.ts';
import { machineLine } from './measure.ts';
import { startBenchServer } from './server.ts';

// `npm run bench:imports`: imports (decisions 111–113).
// 1. Reading a CSV upload: 5,000 and 50,000 rows (about 2 and 20 MB), generated chunk by chunk and
//    read by the import's reader (encoding sniffing, decoding, csv-parse): time, and the peak of
//    the process's memory above where it started, sampled every 10 ms. Streamed, the peak should
//    not grow with the file: the ratio of the two peaks is the figure.
// 2. A Ninety scorecard of 100 KPIs × 26 weeks through the API: preview and confirm times.
// 3. A generic CSV of to-dos (decisions 126, 127) through the API, 5,000 and 50,000 rows (about
//    2 and 20 MB), each into a new meeting on a fresh database: preview and confirm times, and the
//    peak of the process's memory (server and client are this process) above where each started.
//    Then Undo of the whole import, timed the same way.

const ROW_BYTES = 400;

async function* generated(rows: number): AsyncGenerator<Buffer> {
  yield Buffer.from('#,Group,Status,Title,Description,Owner,Goal,Average,Jan 5 - Jan 11\r\n');
  const filler = 'x'.repeat(ROW_BYTES - 60);
  let chunk: string[] = [];
  for (let i = 0; i < rows; i++) {
    chunk.push(`${i},Group,Active,"KPI ${i}","${filler}",Ada Person,>= 10,11,12\r\n`);
    if (chunk.length === 500) {
      yield Buffer.from(chunk.join(''));
      chunk = [];
    }
  }
  if (chunk.length > 0) yield Buffer.from(chunk.join(''));
}

const readOnce = async (rows: number) => {
  globalThis.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const start = performance.now();
  let count = 0;
  for await (const row of readCsv(generated(rows), rows)) count += row.cells.length > 0 ? 1 : 0;
  const ms = performance.now() - start;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { rows: count - 1, ms, peakMb: (peak - base) / 1024 / 1024, mb: (rows * ROW_BYTES) / 1024 / 1024 };
};

const scorecardImport = async () => {
  const server = await startBenchServer();
  try {
    const admin = await server.person('importer');
    const weeks = Array.from({ length: 26 }, (_, i) => new Date(Date.UTC(2026, 0, 5 + i * 7)));
    const meeting = await server.weeklyMeeting(admin, 'Bench scorecard', '2026-01-05');
    const month = (d: Date) => d.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
    const header = weeks.map((d) => {
      const end = new Date(d.getTime() + 6 * 86_400_000);
      return `${month(d)} ${d.getUTCDate()} - ${month(end)} ${end.getUTCDate()}`;
    });
    const lines = [['#', 'Group', 'Status', 'Title', 'Description', 'Owner', 'Goal', 'Average', ...header].join(',')];
    for (let k = 0; k < 100; k++) {
      lines.push(
        [k, 'G', 'Active', `KPI ${k}`, '', 'Bench importer', '>= 10', '11', ...weeks.map((_, i) => 10 + i)].join(','),
      );
    }
    const file = new Blob([lines.join('\r\n')], { type: 'text/csv' });
    const options = JSON.stringify({ kind: 'ninety-scorecard', meetingId: meeting.id, latestWeekYear: 2026 });
    const send = async (path: string) => {
      const form = new FormData();
      form.append('options', options);
      form.append('file', file, 'scorecard.csv');
      const start = performance.now();
      const response = await fetch(`${server.base}/api/v2${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin.accessToken}` },
        body: form,
      });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return performance.now() - start;
    };
    return { preview: await send('/imports/preview'), confirm: await send('/imports') };
  } finally {
    await server.stop();
  }
};

const TODO_ROW_BYTES = 400;

/** A to-dos file another tool might write: unique titles, notes, the importer as owner, a due date, done or not. */
const todosCsv = (rows: number, owner: string) => {
  const notes = 'n'.repeat(TODO_ROW_BYTES - 80);
  const lines = ['Task,Notes,Assignee,Due,Done'];
  for (let i = 0; i < rows; i++)
    lines.push(
      `To-do ${i},${notes},${owner},2027-${String((i % 12) + 1).padStart(2, '0')}-15,${i % 5 === 0 ? 'yes' : 'no'}`,
    );
  return lines.join('\r\n');
};

/**
 * Runs `work` while sampling the process's memory every 10 ms: its time, and the peaks above the
 * start of the resident set and of the JavaScript heap (live objects and garbage not yet collected).
 */
const measured = async (work: () => Promise<unknown>) => {
  globalThis.gc?.();
  const base = process.memoryUsage();
  let rss = base.rss;
  let heap = base.heapUsed;
  const sample = () => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss);
    heap = Math.max(heap, now.heapUsed);
  };
  const sampler = setInterval(sample, 10);
  const start = performance.now();
  await work();
  const ms = performance.now() - start;
  clearInterval(sampler);
  sample();
  const mb = (bytes: number) => bytes / 1024 / 1024;
  return { ms, peakMb: mb(rss - base.rss), heapMb: mb(heap - base.heapUsed) };
};

const todosImport = async (rows: number) => {
  const server = await startBenchServer();
  try {
    const admin = await server.person(`todos-${rows}`);
    const meeting = await server.weeklyMeeting(admin, 'Bench to-dos', '2026-01-05');
    let file: Blob | null = new Blob([todosCsv(rows, admin.email)], { type: 'text/csv' });
    const mb = file.size / 1024 / 1024;
    const options = JSON.stringify({
      kind: 'csv-todos',
      meetingId: meeting.id,
      columns: { title: 'Task', description: 'Notes', owner: 'Assignee', dueDate: 'Due', status: 'Done' },
    });
    const send = async (path: string) => {
      const form = new FormData();
      form.append('options', options);
      form.append('file', file!, 'todos.csv');
      const response = await fetch(`${server.base}/api/v2${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin.accessToken}` },
        body: form,
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${path}: ${response.status} ${text.slice(0, 300)}`);
      return JSON.parse(text) as {
        result: { id?: string; counts?: Record<string, number>; create?: { kpis: number } };
      };
    };
    let created = 0;
    const preview = await measured(async () => {
      const answer = await send('/imports/preview');
      if (answer.result.create?.kpis !== rows) throw new Error(`preview: ${JSON.stringify(answer.result.create)}`);
    });
    let importId = '';
    const confirm = await measured(async () => {
      const { result } = await send('/imports');
      created = result.counts?.todos ?? 0;
      importId = result.id ?? '';
    });
    file = null;
    // Undo of the whole import: every card it made, in one request and one transaction.
    const undo = await measured(async () => {
      const answer = await server.request<{ status: string }>(
        'POST',
        `/imports/${importId}/undo`,
        {},
        admin.accessToken,
      );
      if (answer.status !== 'undone') throw new Error(`undo: ${JSON.stringify(answer)}`);
    });
    return { rows, mb, created, preview, confirm, undo };
  } finally {
    await server.stop();
  }
};

// `npm run bench:imports -- 50000`: only the CSV to-dos import, of the sizes given.
const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0);
if (sizes.length === 0) {
  const small = await readOnce(5_000);
  const large = await readOnce(50_000);
  for (const run of [small, large]) {
    console.log(
      `read ${run.rows.toLocaleString('en')} rows (${run.mb.toFixed(1)} MB): ${run.ms.toFixed(0)} ms, ${(run.rows / (run.ms / 1000)).toFixed(0)} rows/s, peak memory +${run.peakMb.toFixed(1)} MB`,
    );
  }
  console.log(
    `peak memory, 50,000 rows ÷ 5,000 rows: ${(large.peakMb / Math.max(small.peakMb, 0.1)).toFixed(2)} (10× the file)`,
  );
  const card = await scorecardImport();
  console.log(
    `Ninety scorecard, 100 KPIs × 26 weeks (2,600 values): preview ${card.preview.toFixed(0)} ms, confirm ${card.confirm.toFixed(0)} ms`,
  );
}
for (const rows of sizes.length > 0 ? sizes : [5_000, 50_000]) {
  const run = await todosImport(rows);
  console.log(
    `CSV to-dos, ${run.rows.toLocaleString('en')} rows (${run.mb.toFixed(1)} MB), ${run.created.toLocaleString('en')} created: preview ${run.preview.ms.toFixed(0)} ms (peak RSS +${run.preview.peakMb.toFixed(0)} MB, heap +${run.preview.heapMb.toFixed(0)} MB), confirm ${run.confirm.ms.toFixed(0)} ms (peak RSS +${run.confirm.peakMb.toFixed(0)} MB, heap +${run.confirm.heapMb.toFixed(0)} MB), undo ${run.undo.ms.toFixed(0)} ms (peak RSS +${run.undo.peakMb.toFixed(0)} MB)`,
  );
}
console.log(machineLine(1));
