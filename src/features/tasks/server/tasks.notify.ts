import type { TenantContext } from '../../../server/context.ts';
import { statusName, type TaskType } from '../../../shared/tasks.ts';
import { notify } from '../../notifications/server/notifications.service.ts';
import { tasksMessages } from '../tasks.messages.ts';

// Who hears about a card (document 2 §4, decision 033): the people made its owner or members,
// and — when it changes status, gets a comment or is moved — its owner and watchers. The
// author of the change is left out by `notify`.

const cardLink = (taskId: string) => `/home/${taskId}`;

export interface CardPeople {
  owner: string | null;
  members: string[];
}

/** Tells the person made a milestone's owner (not when they made themselves its owner). */
export const notifyMilestoneOwner = async (
  ctx: TenantContext,
  goal: { id: string; title: string },
  milestone: string,
  ownerId: string,
) =>
  notify(ctx, [ownerId], {
    kind: 'milestoneOwner',
    message: (who) => tasksMessages.notificationMilestoneOwner(who, milestone, goal.title),
    link: cardLink(goal.id),
    taskId: goal.id,
  });

/** Notifies whoever became the card's owner, or one of its members, by this change. */
export const notifyCardPeople = async (
  ctx: TenantContext,
  card: { id: string; title: string },
  before: CardPeople | null,
  after: CardPeople,
) => {
  const newOwner = after.owner && after.owner !== before?.owner ? after.owner : null;
  if (newOwner)
    await notify(ctx, [newOwner], {
      kind: 'cardOwner',
      message: (who) => tasksMessages.notificationCardOwner(who, card.title),
      link: cardLink(card.id),
      taskId: card.id,
    });
  const newMembers = after.members.filter((m) => m !== newOwner && !(before?.members ?? []).includes(m));
  await notify(ctx, newMembers, {
    kind: 'cardMember',
    message: (who) => tasksMessages.notificationCardMember(who, card.title),
    link: cardLink(card.id),
    taskId: card.id,
  });
};

type Followed = { task: { id: string; title: string; userId: string | null }; watchers: string[] };
const followers = (card: Followed) => [card.task.userId, ...card.watchers];

export const notifyCardStatus = (ctx: TenantContext, card: Followed, type: TaskType, status: string) =>
  notify(ctx, followers(card), {
    kind: 'cardStatus',
    message: (who) => tasksMessages.notificationCardStatus(who, card.task.title, statusName(type, status)),
    link: cardLink(card.task.id),
    taskId: card.task.id,
  });

export const notifyCardComment = (ctx: TenantContext, card: Followed) =>
  notify(ctx, followers(card), {
    kind: 'cardComment',
    message: (who) => tasksMessages.notificationCardComment(who, card.task.title),
    link: cardLink(card.task.id),
    taskId: card.task.id,
  });

export const notifyCardMoved = (ctx: TenantContext, card: Followed) =>
  notify(ctx, followers(card), {
    kind: 'cardMoved',
    message: (who) => tasksMessages.notificationCardMoved(who, card.task.title),
    link: cardLink(card.task.id),
    taskId: card.task.id,
  });
