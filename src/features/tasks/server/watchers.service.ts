import type { TenantContext } from '../../../server/context.ts';
import { assertInWorkspace } from '../../../server/tenancy.ts';
import { assertAssignable, assignableUsers, findVisibleTask, roomsOf } from './tasks.access.ts';
import { tellViewers, viewersOf } from './tasks.viewers.ts';
import { publishTaskPart, replaceRows } from './tasks.write.ts';

// A card's watchers: who may be added is who may be assigned; taking someone off is always allowed.

export const listWatchers = async (ctx: TenantContext, id: string) => (await findVisibleTask(ctx, id)).watchers;

export const addWatchers = async (ctx: TenantContext, id: string, userIds: string[]) => {
  const access = await findVisibleTask(ctx, id);
  await assertInWorkspace(ctx.db, ctx.tenantId, { users: userIds.filter((u) => !access.watchers.includes(u)) });
  const assignable = await assignableUsers(ctx.db, ctx.tenantId, roomsOf(access));
  assertAssignable('userIds', userIds, assignable, access.watchers);
  const next = [...new Set([...access.watchers, ...userIds])];
  const seenBefore = await viewersOf(ctx, id, access.task.type);
  await replaceRows(ctx, id, 'watchers', next);
  publishTaskPart(ctx, access, undefined);
  tellViewers(ctx, id, seenBefore, await viewersOf(ctx, id, access.task.type));
  return next;
};

export const removeWatchers = async (ctx: TenantContext, id: string, userIds: string[]) => {
  const access = await findVisibleTask(ctx, id);
  // Taking someone off is always allowed; naming a stranger is 404 like any foreign id.
  await assertInWorkspace(ctx.db, ctx.tenantId, { users: userIds.filter((u) => !access.watchers.includes(u)) });
  const next = access.watchers.filter((w) => !userIds.includes(w));
  const seenBefore = await viewersOf(ctx, id, access.task.type);
  await replaceRows(ctx, id, 'watchers', next);
  publishTaskPart(ctx, access, undefined);
  tellViewers(ctx, id, seenBefore, await viewersOf(ctx, id, access.task.type));
  return next;
};
