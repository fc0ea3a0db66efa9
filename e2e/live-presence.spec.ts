import { expect, test } from '@playwright/test';
import { liveMessages } from '../src/features/live/live.messages.ts';
import { call, createMeetingToday, startSignedIn, team } from './helpers.ts';

// 'Online' in the live meeting follows the open screens: a closed tab is Offline for the others
// within 2 s (decision 021).

test('a member who closes the live meeting tab is Offline for the leader within 2 s', async ({ browser, request }) => {
  test.setTimeout(60_000);
  const { owner, mate } = await team(request, 'presence');
  const meeting = await createMeetingToday(request, owner.token, 'Presence L10', [mate.id]);
  const { sessionId } = await call<{ sessionId: string }>(
    request,
    owner.token,
    'POST',
    `/meetings/${meeting.id}/start`,
    {},
  );
  const livePath = `/live-meeting/${meeting.id}/${sessionId}`;

  const leaderContext = await browser.newContext();
  const leader = await leaderContext.newPage();
  await startSignedIn(leader, owner.token);
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await startSignedIn(member, mate.token);
  await leader.goto(livePath);
  await member.goto(livePath);

  const online = leader.getByTestId('online-button');
  await expect(online).toHaveText(liveMessages.liveOnlineCount(2));
  const closedAt = Date.now();
  await member.close();
  await expect(online).toHaveText(liveMessages.liveOnlineCount(1), { timeout: 2000 });
  console.log(`Offline ${Date.now() - closedAt} ms after the tab closed`);
  await leaderContext.close();
  await memberContext.close();
});
