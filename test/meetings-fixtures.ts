import type { Meeting, Session } from '../src/features/meetings/meetings.schemas.ts';
import type { SignedUp } from './factories.ts';

// Shared steps of the meeting API tests (src/features/meetings/server/meetings*.test.ts).

export const newMeeting = (overrides: Record<string, unknown> = {}) => ({
  title: 'Leadership L10',
  sharepointUrl: 'meet.example.com/l10',
  operation: 'create',
  repeatType: 'weeks',
  repeatEvery: 1,
  startDate: '2026-01-05',
  startTime: '09:00',
  timezone: 'America/New_York',
  type: 'meeting',
  ...overrides,
});

export const create = async (who: SignedUp, overrides: Record<string, unknown> = {}) => {
  const answer = await who.api.post<Meeting>('/meetings', newMeeting(overrides));
  if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  return answer.body.result;
};

export const sessionsOf = async (who: SignedUp, id: string, range = '') =>
  (await who.api.get<Session[]>(`/meetings/${id}/sessions${range}`)).body.result;
