import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { statementCountingApp } from '../../../../test/app.ts';
import { createMeeting, signUp } from '../../../../test/factories.ts';
import type { Scorecard } from '../kpis.schemas.ts';

describe('SQL statements', () => {
  it('reads a scorecard of 2 scores and of 60 scores in the same number of statements', async () => {
    const { app: counted, database, statementsOf, close } = await statementCountingApp();
    try {
      const leader = await signUp(counted);
      const meeting = await createMeeting(leader, [], { title: 'M' });
      const add = (i: number) =>
        leader.api.post(`/meetings/${meeting.id}/scores`, {
          title: `S${i}`,
          userId: leader.userId,
          goal: '>=',
          score: '1',
        });
      const read = async () => {
        const { result: answer, count: statements } = await statementsOf(() =>
          leader.api.get<Scorecard>(`/meetings/${meeting.id}/kpis?dateSince=2026-01-01&dateUntil=2026-12-31`),
        );
        return { statements, scores: answer.body.result.scores.length, sessions: answer.body.result.sessions.length };
      };
      for (let i = 0; i < 2; i++) await add(i);
      const small = await read();
      // 58 more, as POST /scores writes them (each with a cell on every date), in two statements.
      await database.db.execute(sql`
        insert into scores (tenant_id, meeting_id, user_id, title, goal, score, sort, created_by, changed_by)
        select tenant_id, id, ${leader.userId}::uuid, 'S' || g, '>=', '1', g, ${leader.userId}::uuid, ${leader.userId}::uuid
        from meetings, generate_series(2, 59) g
        where id = ${meeting.id}::uuid`);
      await database.db.execute(sql`
        insert into score_cells (tenant_id, score_id, session_id)
        select sc.tenant_id, sc.id, s.id
        from scores sc join sessions s on s.meeting_id = sc.meeting_id and s.tenant_id = sc.tenant_id
        where sc.meeting_id = ${meeting.id}::uuid
        on conflict do nothing`);
      const large = await read();
      expect(small).toMatchObject({ scores: 2, sessions: 52 });
      expect(large).toMatchObject({ scores: 60, sessions: 52 });
      expect(large.statements).toBe(small.statements);
      expect(small.statements).toBeLessThanOrEqual(10);
    } finally {
      await close();
    }
  });
});
