import { and, eq, isNull, sql } from 'drizzle-orm';
import { invitations, meetings, memberships, scores } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { GETTING_STARTED_STEPS, type GettingStarted, type GettingStartedStepKey } from '../home.schemas.ts';

// The steps read the workspace's tables directly (not the meetings, people or KPI services), so
// the home feature depends on no other feature: it only asks whether rows exist.

/**
 * The getting-started steps of the caller's workspace and whether the caller closed the panel,
 * in one statement: each step is an `exists` over the workspace's own rows.
 */
export const getGettingStarted = async (ctx: TenantContext): Promise<GettingStarted> => {
  const { tenantId, userId } = ctx;
  const [row] = await ctx.db
    .select({
      meeting: sql<boolean>`exists (select 1 from ${meetings} where ${meetings.tenantId} = ${tenantId})`,
      team: sql<boolean>`(
        (select count(*) from ${memberships} where ${memberships.tenantId} = ${tenantId}) > 1
        or exists (select 1 from ${invitations}
          where ${invitations.tenantId} = ${tenantId}
            and ${invitations.acceptedAt} is null and ${invitations.declinedAt} is null
            and ${invitations.expiresAt} > now()))`,
      scorecard: sql<boolean>`exists (select 1 from ${scores} where ${scores.tenantId} = ${tenantId})`,
      dismissedAt: memberships.gettingStartedDismissedAt,
    })
    .from(memberships)
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId)));
  const done: Record<GettingStartedStepKey, boolean> = {
    meeting: row?.meeting === true,
    team: row?.team === true,
    scorecard: row?.scorecard === true,
  };
  return {
    steps: GETTING_STARTED_STEPS.map((key) => ({ key, done: done[key] })),
    dismissed: row?.dismissedAt != null,
  };
};

/** Closes the panel for the caller in this workspace (the first close's time is kept). */
export const dismissGettingStarted = async (ctx: TenantContext): Promise<GettingStarted> => {
  await ctx.db
    .update(memberships)
    .set({ gettingStartedDismissedAt: sql`now()` })
    .where(
      and(
        eq(memberships.tenantId, ctx.tenantId),
        eq(memberships.userId, ctx.userId),
        isNull(memberships.gettingStartedDismissedAt),
      ),
    );
  return getGettingStarted(ctx);
};
