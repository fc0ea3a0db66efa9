import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { sessions } from '../src/db/schema/index.ts';
import type { LiveState, StartedMeeting } from '../src/features/live/live.schemas.ts';
import type { Meeting } from '../src/features/meetings/meetings.schemas.ts';
import { addDays } from '../src/shared/dates.ts';
import { createMeeting, joinWorkspace, type SignedUp, signUp } from './factories.ts';

// Shared steps of the live meeting API tests (src/features/live/server/live*.test.ts), on the
// server each test file starts for itself (`appOf`).

export const todayUtc = () => new Date().toISOString().slice(0, 10);

/** A weekly meeting whose session today began at the top of this UTC hour: within 12 hours now. */
export const meetingNow = (leader: SignedUp, members: string[], extra: Record<string, unknown> = {}) =>
  createMeeting(leader, members, {
    title: 'Live L10',
    startDate: todayUtc(),
    startTime: `${String(new Date().getUTCHours()).padStart(2, '0')}:00`,
    ...extra,
  });

/** A weekly meeting whose first session is three days away: nothing scheduled within 12 hours. */
export const meetingLater = (leader: SignedUp, members: string[]) =>
  createMeeting(leader, members, { title: 'Later L10', startDate: addDays(todayUtc(), 3), startTime: '10:00' });

export const start = async (person: SignedUp, meeting: Meeting, flags: Record<string, boolean> = {}) => {
  const answer = await person.api.post<StartedMeeting>(`/meetings/${meeting.id}/start`, flags);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result;
};

export const stateOf = async (person: SignedUp, sessionId: string) => {
  const answer = await person.api.get<LiveState>(`/sessions/${sessionId}/live`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result;
};

export const liveFixtures = (appOf: () => FastifyInstance) => {
  /** A leader, a member, and someone of the same workspace outside the meeting. */
  const team = async () => {
    const leader = await signUp(appOf(), { firstName: 'Lea' });
    const member = await joinWorkspace(appOf(), leader, { firstName: 'Max' });
    const outsider = await joinWorkspace(appOf(), leader, { firstName: 'Otto' });
    return { leader, member, outsider };
  };

  const sessionRow = async (id: string) => {
    const [row] = await appOf().database.db.select().from(sessions).where(eq(sessions.id, id));
    return row;
  };

  return { team, sessionRow };
};
