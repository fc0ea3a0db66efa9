import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { scoreCells, sessions } from '../src/db/schema/index.ts';
import type { Score, Scorecard } from '../src/features/kpis/kpis.schemas.ts';
import type { Session } from '../src/features/meetings/meetings.schemas.ts';
import { createMeeting, joinWorkspace, type SignedUp, signUp } from './factories.ts';

// Shared steps of the scorecard API tests (src/features/kpis/server/kpis*.test.ts), on the
// server each test file starts for itself (`appOf`).

export const kpisFixtures = (appOf: () => FastifyInstance) => {
  /** A workspace admin (the meeting's leader), a member of the meeting, and the meeting. */
  const setup = async () => {
    const leader = await signUp(appOf(), { firstName: 'Ada' });
    const member = await joinWorkspace(appOf(), leader, { firstName: 'Ben' });
    const meeting = await createMeeting(leader, [member.userId]);
    return { leader, member, meeting };
  };

  const addScore = async (who: SignedUp, meetingId: string, body: Record<string, unknown> = {}) => {
    const answer = await who.api.post<Score>(`/meetings/${meetingId}/scores`, {
      title: 'Revenue',
      userId: who.userId,
      goal: '>=',
      score: '1,000',
      units: '$',
      type: 'dollar',
      ...body,
    });
    if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
    return answer.body.result;
  };

  const card = async (who: SignedUp, meetingId: string, query = 'quarterId=2026-Q1') =>
    (await who.api.get<Scorecard>(`/meetings/${meetingId}/kpis?${query}`)).body.result;

  const cellsOfScore = async (scoreId: string) =>
    (await appOf().database.db.select({ n: count() }).from(scoreCells).where(eq(scoreCells.scoreId, scoreId)))[0]!.n;
  const sessionCount = async (meetingId: string) =>
    (await appOf().database.db.select({ n: count() }).from(sessions).where(eq(sessions.meetingId, meetingId)))[0]!.n;
  const sessionsOf = async (who: SignedUp, meetingId: string) =>
    (await who.api.get<Session[]>(`/meetings/${meetingId}/sessions`)).body.result;

  return { setup, addScore, card, cellsOfScore, sessionCount, sessionsOf };
};

/** The 13 Mondays of the first quarter of 2026. */
export const Q1_DATES = [
  '2026-01-05',
  '2026-01-12',
  '2026-01-19',
  '2026-01-26',
  '2026-02-02',
  '2026-02-09',
  '2026-02-16',
  '2026-02-23',
  '2026-03-02',
  '2026-03-09',
  '2026-03-16',
  '2026-03-23',
  '2026-03-30',
];
