import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { PNG_PIXEL, uploadFile } from '../../../../test/factories.ts';
import { fixture, importsFixtures } from '../../../../test/imports-fixtures.ts';
import { serverMessages } from '../../../server/server.messages.ts';
import { importsMessages } from '../imports.messages.ts';
import type { ImportPreview } from '../imports.schemas.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  await app.ready();
});
afterAll(() => app.close());

const { send, setup } = importsFixtures(() => app);
const options = (meetingId: string) => ({ kind: 'ninety-scorecard', meetingId, latestWeekYear: 2026 });

describe('files from other tools and hostile files', () => {
  it('reads UTF-8 with a byte order mark and Windows-1252 alike', async () => {
    const { admin, meeting } = await setup();
    for (const name of ['ninety-scorecard-bom.csv', 'ninety-scorecard-1252.csv']) {
      const answer = await send<ImportPreview>(admin, '/imports/preview', fixture(name), options(meeting.id));
      expect(answer.status, name).toBe(200);
      expect(
        answer.body.result.items.map((item) => item.title),
        name,
      ).toEqual(['Café visits – north']);
      expect(answer.body.result.create, name).toEqual({ kpis: 1, values: 2 });
    }
  });

  it('answers every broken or unexpected file with a 4xx that says why, never a 500', async () => {
    const { admin, meeting } = await setup();
    const cases: [Buffer, number, string][] = [
      [fixture('ninety-scorecard-monthly.csv'), 400, importsMessages.monthlyNotSupported],
      [fixture('broken.csv'), 400, importsMessages.fileBroken(2)],
      [Buffer.from('Name,Email\nAda,ada@example.test\n'), 400, importsMessages.notNinetyScorecard],
      [Buffer.from(''), 400, importsMessages.fileEmpty],
      [
        Buffer.from('#,Group,Status,Title,Description,Owner,Goal,Average,Jan 5 - Jan 11\n'),
        400,
        importsMessages.fileEmpty,
      ],
      [PNG_PIXEL, 400, importsMessages.fileNotText],
      [Buffer.from('\xff\xfe#\0,\0', 'latin1'), 400, importsMessages.fileNotText],
      [
        Buffer.from('#,Group,Status,Title,Description,Owner,Goal,Average,Week 1\n1,a,b,c,d,e,>= 1,1,1\n'),
        400,
        importsMessages.weekHeaderInvalid('Week 1'),
      ],
      [
        Buffer.from('#,Group,Status,Title,Description,Owner,Goal,Average,Jan 5 - Jan 12\n1,a,b,c,d,e,>= 1,1,1\n'),
        400,
        importsMessages.weekHeaderInvalid('Jan 5 - Jan 12'),
      ],
    ];
    for (const [bytes, status, message] of cases) {
      const answer = await send(admin, '/imports/preview', bytes, options(meeting.id));
      expect([answer.status, answer.body.message], message).toEqual([status, message]);
    }
  });

  it('refuses a file past 20 MB with 413, too many rows with 400, and bad settings with 400', async () => {
    const { admin, meeting } = await setup();
    const header = '#,Group,Status,Title,Description,Owner,Goal,Average,Jan 5 - Jan 11\n';
    // Fewer rows than the limit, each with a 43 kB description: the size limit is what stops it.
    const wide = Array.from(
      { length: 499 },
      (_, i) => `${i},G,Active,T${i},${'x'.repeat(43_000)},Ada Person,>= 1,1,1\n`,
    );
    const tooLarge = await send(admin, '/imports/preview', Buffer.from(header + wide.join('')), options(meeting.id));
    expect([tooLarge.status, tooLarge.body.message]).toEqual([413, importsMessages.fileTooLarge]);
    const rows = Array.from({ length: 501 }, (_, i) => `${i},G,Active,KPI ${i},,Ada Person,>= 1,1,1`).join('\n');
    const many = await send(admin, '/imports/preview', Buffer.from(header + rows), options(meeting.id));
    expect([many.status, many.body.message]).toEqual([400, importsMessages.tooManyRows(500)]);
    for (const bad of [
      'not json',
      '{"kind":"ninety-scorecard"}',
      { ...options(meeting.id), extra: 1 },
      '{"kind":"a\\u0000"}',
    ]) {
      const answer = await send(admin, '/imports/preview', fixture('ninety-scorecard.csv'), bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
    }
    const notMultipart = await admin.api.post('/imports/preview', options(meeting.id));
    expect([notMultipart.status, notMultipart.body.message]).toEqual([415, serverMessages.uploadNotMultipart]);
    const noOptions = await uploadFile(app, admin.token, 'POST', '/imports/preview', fixture('ninety-scorecard.csv'));
    expect([noOptions.statusCode, noOptions.json().message]).toEqual([400, importsMessages.optionsInvalid]);
  });

  it('keeps a formula-like title as plain text', async () => {
    const { admin, meeting } = await setup();
    const file = Buffer.from(
      '#,Group,Status,Title,Description,Owner,Goal,Average,Jan 5 - Jan 11\n1,G,Active,"@SUM(A1:A9)",,Ada Person,>= 1,1,1\n2,G,Active,-5 days,,Ada Person,>= 1,1,1\n',
    );
    const answer = await send<ImportPreview>(admin, '/imports/preview', file, options(meeting.id));
    expect(answer.body.result.items.map((item) => item.title)).toEqual(["'@SUM(A1:A9)", "'-5 days"]);
  });
});
