import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Scorecard } from '../src/features/kpis/kpis.schemas.ts';
import type { ApiAnswer, SignedUp } from './factories.ts';
import { createMeeting, joinWorkspace, signUp } from './factories.ts';

// Shared steps of the import API tests (src/features/imports/server/imports*.test.ts).

const FIXTURES = path.join(import.meta.dirname, '../src/features/imports/server/fixtures');
export const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

export const importsFixtures = (appOf: () => FastifyInstance) => {
  /** The multipart body an import sends: `options` (JSON) then the file; `headers` besides the token's. */
  const send = async <T>(
    who: SignedUp,
    url: string,
    bytes: Buffer,
    options: unknown,
    fileName = 'scorecard.csv',
    headers: Record<string, string> = {},
  ): Promise<ApiAnswer<T>> => {
    const boundary = '----cadence-import-boundary';
    const optionsText = typeof options === 'string' ? options : JSON.stringify(options);
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="options"\r\n\r\n${optionsText}\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await appOf().inject({
      method: 'POST',
      url: `/api/v2${url}`,
      headers: {
        authorization: `Bearer ${who.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        ...headers,
      },
      payload,
    });
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  };

  /**
   * An admin Ada Person (the meeting's leader), a member Ben Person, and a weekly Monday meeting
   * from 2025-12-01, so every week of the scorecard fixture has a meeting date.
   */
  const setup = async () => {
    const admin = await signUp(appOf(), { firstName: 'Ada' });
    const member = await joinWorkspace(appOf(), admin, { firstName: 'Ben' });
    const meeting = await createMeeting(admin, [member.userId], { startDate: '2025-12-01' });
    return { admin, member, meeting };
  };

  const scorecard = async (who: SignedUp, meetingId: string) =>
    (await who.api.get<Scorecard>(`/meetings/${meetingId}/kpis?dateSince=2025-12-15&dateUntil=2026-01-18`)).body.result;

  /** Each KPI's values by session date, as the scorecard shows them. */
  const valuesOf = (card: Scorecard, title: string) => {
    const row = card.scores.find((r) => r.title === title);
    if (!row) return undefined;
    return Object.fromEntries(
      card.sessions.map((session, i) => [session.sessionDate, row.cells[i]?.measured ?? null]).filter(([, v]) => v),
    );
  };

  return { send, setup, scorecard, valuesOf };
};
