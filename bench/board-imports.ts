import { execSync } from 'node:child_process';
import { trelloBoardOf } from '../test/board-imports-fixtures.ts';
import { machineLine } from './measure.ts';
import { startBenchServer } from './server.ts';

// `npm run bench:board-imports [-- cards]`: a Trello board export through the API (decisions
// 121, 127), 5,000 cards by default (the limit) with their labels, members, checklists and
// comments (test/board-imports-fixtures.ts), into a new meeting on a fresh database: preview,
// confirm and Undo, each as wall time and this process's CPU time (server and client are this
// process). On PostgreSQL with DATABASE_URL, else on the embedded database.

const cards = Number(process.argv[2] ?? 5000);

const measured = async (work: () => Promise<void>) => {
  const cpu = process.cpuUsage();
  const start = performance.now();
  await work();
  const used = process.cpuUsage(cpu);
  return { s: (performance.now() - start) / 1000, cpu: (used.user + used.system) / 1e6 };
};

const server = await startBenchServer();
try {
  const admin = await server.person('importer');
  const meeting = await server.weeklyMeeting(admin, 'Bench boards', '2026-01-05');
  const board = trelloBoardOf(cards, 'Bench board');
  const file = new Blob([JSON.stringify(board)], { type: 'application/json' });
  // Everyone of the file is the importer: every card has a member, as on a real team's board.
  const people = { 'Ada Person': admin.id, 'Ben Person': admin.id, 'Carla Unknown': admin.id };
  const options = JSON.stringify({ kind: 'trello-board', meetingId: meeting.id, people });
  const send = async (path: string) => {
    const form = new FormData();
    form.append('options', options);
    form.append('file', file, 'board.json');
    const response = await fetch(`${server.base}/api/v2${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.accessToken}` },
      body: form,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${path}: ${response.status} ${text.slice(0, 300)}`);
    return JSON.parse(text) as { result: { id?: string; counts?: Record<string, number> } };
  };
  const preview = await measured(async () => {
    await send('/imports/preview');
  });
  let importId = '';
  let counts: Record<string, number> = {};
  const confirm = await measured(async () => {
    const { result } = await send('/imports');
    importId = result.id ?? '';
    counts = result.counts ?? {};
  });
  const undo = await measured(async () => {
    const answer = await server.request<{ status: string }>('POST', `/imports/${importId}/undo`, {}, admin.accessToken);
    if (answer.status !== 'undone') throw new Error(`undo: ${JSON.stringify(answer)}`);
  });
  const line = (name: string, m: { s: number; cpu: number }) =>
    `${name} ${m.s.toFixed(1)} s (${m.cpu.toFixed(1)} s CPU)`;
  console.log(`Trello board of ${cards} cards (${(file.size / 1024 / 1024).toFixed(1)} MB): ${JSON.stringify(counts)}`);
  console.log([line('preview', preview), line('confirm', confirm), line('undo', undo)].join('; '));
  console.log(machineLine(1));
  console.log(execSync('uptime').toString().trim());
} finally {
  await server.stop();
}
