import { describe, expect, it } from 'vitest';
import { statementCountingApp } from '../../../../test/app.ts';
import {
  addArchive,
  addAttendee,
  addScore,
  addSession,
  addTask,
  reportsCast,
  setCell,
} from '../../../../test/reportsHistory.ts';

// The reports read a constant number of statements whatever the history holds (no N+1).

describe('statements per report call', () => {
  it('are the same for an empty meeting and one with sessions, items, goals, KPIs and archives', {
    timeout: 180_000,
  }, async () => {
    const { app, statementsOf, close } = await statementCountingApp();
    try {
      const cast = await reportsCast(app);
      const { db, tenantId, ada, pat, meeting } = cast;
      const window = 'dateSince=2025-01-01&dateUntil=2025-12-31';
      const calls = [
        `/reports/meetings/${meeting.id}?${window}`,
        `/reports/meetings/${meeting.id}?${window}&memberId=${pat.userId}`,
        `/reports/meetings/${meeting.id}/trends?${window}`,
        `/reports/users/${pat.userId}?${window}`,
        '/archives/search?q=hiring',
      ];
      const count = async () => {
        const counts: number[] = [];
        for (const url of calls) {
          const { result, count: n } = await statementsOf(() => ada.api.get(url));
          expect(result.status, url).toBe(200);
          counts.push(n);
        }
        return counts;
      };
      const empty = await count();
      for (let week = 0; week < 12; week++) {
        const date = `2025-${String(1 + Math.floor(week / 4)).padStart(2, '0')}-${String(1 + (week % 4) * 7).padStart(2, '0')}`;
        const session = await addSession(db, tenantId, meeting.id, date, {
          startedAt: `${date}T09:00:00Z`,
          finishedAt: `${date}T10:00:00Z`,
        });
        await addAttendee(db, tenantId, session, ada.userId, 7, { role: 'leader' });
        await addAttendee(db, tenantId, session, pat.userId, 8);
        await addArchive(db, tenantId, meeting.id, session, {
          meetingTitle: 'Weekly L10',
          issuesSolved: [`Hiring ${week}`],
        });
        for (const type of ['1', '2', '4'] as const) {
          await addTask(db, tenantId, {
            title: `Item ${week}-${type}`,
            type,
            dueDate: date,
            ownerId: pat.userId,
            meetingId: meeting.id,
            createdAt: `${date}T08:00:00Z`,
            createdBy: week % 2 ? ada.userId : pat.userId,
          });
        }
        const score = await addScore(db, tenantId, meeting.id, {
          title: `KPI ${week}`,
          ownerId: pat.userId,
          goal: '>=',
          score: '5',
        });
        await setCell(db, tenantId, score, session, String(week));
      }
      const full = await count();
      expect(full).toEqual(empty);
    } finally {
      await close();
    }
  });
});
