import { io, type Socket } from 'socket.io-client';
import { type RealtimeMessage, SOCKET_EVENT, SOCKET_PATH } from '../src/shared/realtime.ts';

// The socket clients of `npm run bench:live` (its child process): BENCH_SOCKETS connections
// with one member's token, each in the meeting's room. Prints {"ready":n} once all have joined,
// then one line per round: how many clients got that round's 'live.step' and when the first
// and the last got it (wall-clock ms, the same clock as the parent's).

const base = process.env.BENCH_BASE!;
const token = process.env.BENCH_TOKEN!;
const meetingId = process.env.BENCH_MEETING!;
const count = Number(process.env.BENCH_SOCKETS ?? 500);

interface Round {
  received: number;
  first: number;
  last: number;
  timer: ReturnType<typeof setTimeout> | null;
}

const rounds = new Map<number, Round>();
const seen = new Array<number>(count).fill(0);

const report = (round: number) => {
  const entry = rounds.get(round);
  if (!entry) return;
  if (entry.timer) clearTimeout(entry.timer);
  rounds.delete(round);
  process.stdout.write(
    `${JSON.stringify({ step: round, received: entry.received, first: entry.first, last: entry.last })}\n`,
  );
};

const onStep = (index: number) => {
  const at = Date.now();
  seen[index] = (seen[index] ?? 0) + 1;
  const round = seen[index]!;
  let entry = rounds.get(round);
  if (!entry) {
    // A round whose stragglers never arrive is reported after 3 s with what did.
    entry = { received: 0, first: at, last: at, timer: setTimeout(() => report(round), 3000) };
    rounds.set(round, entry);
  }
  entry.received++;
  entry.last = Math.max(entry.last, at);
  if (entry.received === count) report(round);
};

const sockets: Socket[] = [];
let joined = 0;
for (let i = 0; i < count; i++) {
  const socket = io(base, { path: SOCKET_PATH, auth: { token }, transports: ['websocket'], forceNew: true });
  sockets.push(socket);
  socket.on(SOCKET_EVENT, (message: RealtimeMessage) => {
    if (message.type === 'live.step') onStep(i);
  });
  socket.once('connect', () => {
    socket.emit('meeting:join', meetingId, (result: { ok: boolean }) => {
      if (!result.ok) throw new Error('meeting:join refused');
      joined++;
      if (joined === count) process.stdout.write(`${JSON.stringify({ ready: joined })}\n`);
    });
  });
}

process.on('SIGTERM', () => {
  for (const socket of sockets) socket.disconnect();
  process.exit(0);
});
