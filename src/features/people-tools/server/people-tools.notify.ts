import type { TenantContext } from '../../../server/context.ts';
import { notify } from '../../notifications/server/notifications.service.ts';
import { peopleToolsMessages } from '../people-tools.messages.ts';
import type { PairRow } from './pairs.policy.ts';

// Who hears about a pair's 1:1s and conversations: only the other side of the pair (the author is
// left out by `notify`), in the change's own transaction. The texts say what happened, never what
// either side wrote (decision 110); the mail copies follow each person's switches (decision 042).

/** A conversation was set up (no form is in yet): the other side is asked to fill theirs. */
export const notifyConversationWaiting = (
  ctx: TenantContext,
  pair: Pick<PairRow, 'managerId' | 'reportId'>,
  conversation: { id: string; kind: 'quarterly' | 'annual'; period: string },
) =>
  notify(ctx, [pair.managerId, pair.reportId], {
    kind: 'conversationWaiting',
    message: (who) => peopleToolsMessages.notificationConversationWaiting(who, conversation.kind, conversation.period),
    link: `/conversations/${conversation.id}`,
  });

/** One side opened the 1:1 live: the other side is asked to join. */
export const notifyOneOnOneStarted = (ctx: TenantContext, pair: Pick<PairRow, 'id' | 'managerId' | 'reportId'>) =>
  notify(ctx, [pair.managerId, pair.reportId], {
    kind: 'oneOnOneStarted',
    message: (who) => peopleToolsMessages.notificationOneOnOneStarted(who),
    link: `/one-on-ones/${pair.id}`,
  });
