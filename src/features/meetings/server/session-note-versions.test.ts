import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/app.ts';
import { joinWorkspace, signUp } from '../../../../test/factories.ts';
import { create, sessionsOf } from '../../../../test/meetings-fixtures.ts';
import { meetingsMessages } from '../meetings.messages.ts';
import type { Session } from '../meetings.schemas.ts';

// Two people editing one session's note (decision 089): a save typed over a note someone has since
// replaced is refused, names who replaced it, and writes nothing of the request.

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

const setup = async () => {
  const owner = await signUp(app, { firstName: 'Olga' });
  const mate = await joinWorkspace(app, owner, { firstName: 'Bea' });
  const meeting = await create(owner, { members: [mate.userId] });
  const [session] = await sessionsOf(owner, meeting.id);
  const url = `/sessions/${session!.id}`;
  const written = await owner.api.patch<Session>(url, { note: 'Draft' });
  expect(written.status).toBe(200);
  expect(written.body.result).toMatchObject({ note: 'Draft', noteChangedBy: owner.userId });
  return { owner, mate, url, meetingId: meeting.id, base: written.body.result.noteChangedAt };
};

const noteOf = async (who: Awaited<ReturnType<typeof setup>>['owner'], meetingId: string, url: string) =>
  (await sessionsOf(who, meetingId)).find((s) => url.endsWith(s.id))!;

describe('a session note typed over an old version', () => {
  it('the second of two saves over one version is 409 naming who, and changes nothing, not even its link', async () => {
    const { owner, mate, url, meetingId, base } = await setup();
    expect(base).not.toBeNull();
    const first = await owner.api.patch<Session>(url, { note: 'Olga’s summary', noteBaseChangedAt: base });
    expect(first.status).toBe(200);
    expect(first.body.result.note).toBe('Olga’s summary');
    const refused = await mate.api.patch(url, {
      note: 'Bea’s summary',
      noteBaseChangedAt: base,
      link: 'rec.example.com/1',
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      status: 'fail',
      message: meetingsMessages.sessionNoteChangedMeanwhile('Olga Person'),
    });
    const now = await noteOf(owner, meetingId, url);
    expect(now).toMatchObject({
      note: 'Olga’s summary',
      noteChangedAt: first.body.result.noteChangedAt,
      noteChangedBy: owner.userId,
      link: null,
    });

    // Keep mine: saved over the version now shown, it wins.
    const kept = await mate.api.patch<Session>(url, { note: 'Bea’s summary', noteBaseChangedAt: now.noteChangedAt });
    expect(kept.status).toBe(200);
    expect(kept.body.result).toMatchObject({ note: 'Bea’s summary', noteChangedBy: mate.userId });
    // Olga, still on her own version, is refused in turn, by Bea's name.
    const late = await owner.api.patch(url, { note: 'Late', noteBaseChangedAt: first.body.result.noteChangedAt });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(meetingsMessages.sessionNoteChangedMeanwhile('Bea Person'));
    // A base that is not an instant is refused like any bad field; a base alone sets nothing.
    expect((await owner.api.patch(url, { note: 'x', noteBaseChangedAt: 'yesterday' })).status).toBe(400);
    expect((await owner.api.patch(url, { noteBaseChangedAt: first.body.result.noteChangedAt })).status).toBe(400);
  });

  it('the same text twice over one version is no conflict; without a base the last save wins', async () => {
    const { owner, mate, url, meetingId, base } = await setup();
    expect((await owner.api.patch(url, { note: 'Agreed: ship Friday', noteBaseChangedAt: base })).status).toBe(200);
    const again = await mate.api.patch<Session>(url, { note: 'Agreed: ship Friday ', noteBaseChangedAt: base });
    expect(again.status).toBe(200);
    expect(again.body.result.note).toBe('Agreed: ship Friday');

    // Another API client that names no base: the last save wins, as before.
    expect((await owner.api.patch(url, { note: 'One' })).status).toBe(200);
    expect((await mate.api.patch(url, { note: 'Two' })).status).toBe(200);
    expect((await noteOf(owner, meetingId, url)).note).toBe('Two');
    // A link alone is never checked and leaves the note and its version alone.
    const before = await noteOf(owner, meetingId, url);
    const linked = await owner.api.patch<Session>(url, { link: 'rec.example.com/2', noteBaseChangedAt: base });
    expect(linked.status).toBe(200);
    expect(linked.body.result).toMatchObject({
      note: 'Two',
      noteChangedAt: before.noteChangedAt,
      link: 'https://rec.example.com/2',
    });
  });

  it('a note never written is the version null; two first saves over it: one is written, the other refused', async () => {
    const owner = await signUp(app);
    const mate = await joinWorkspace(app, owner);
    const meeting = await create(owner, { members: [mate.userId] });
    const [, session] = await sessionsOf(owner, meeting.id);
    expect(session).toMatchObject({ note: null, noteChangedAt: null });
    const answers = await Promise.all([
      owner.api.patch(`/sessions/${session!.id}`, { note: 'One', noteBaseChangedAt: null }),
      mate.api.patch(`/sessions/${session!.id}`, { note: 'Two', noteBaseChangedAt: null }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });

  it('another workspace’s session is 404 with or without a base, and its note is unchanged', async () => {
    const { owner, url, meetingId, base } = await setup();
    const intruder = await signUp(app);
    expect((await intruder.api.patch(url, { note: 'x', noteBaseChangedAt: base })).status).toBe(404);
    expect((await intruder.api.patch(url, { note: 'x', noteBaseChangedAt: null })).status).toBe(404);
    expect((await noteOf(owner, meetingId, url)).note).toBe('Draft');
  });
});
