import { and, eq, inArray, sql } from 'drizzle-orm';
import { meetingPeople, timeBudgetAlerts, timeProjectMembers, timeProjects, users } from '../../../db/schema/index.ts';
import { uuidArray } from '../../../db/sql.ts';
import type { TenantContext } from '../../../server/context.ts';
import { TASK_TYPE } from '../../../shared/tasks.ts';
import { notify } from '../../notifications/server/notifications.service.ts';
import { createTask } from '../../tasks/server/tasks.service.ts';
import { ZCreateTask } from '../../tasks/tasks.schemas.ts';
import { timeMessages } from '../time.messages.ts';
import { formatMinutes, formatMoney } from '../time.money.ts';
import type { ProjectReport } from '../time.schemas.ts';
import { periodKey, projectReports } from './budgets.query.ts';
import { timeClock } from './time.clock.ts';

// Budget alerts into the meeting (beyond the spec; decision 049). When a project's
// used budget reaches its alert percentage (when the alert box is ticked) and again at 100 %,
// its managers get a notification and an email, and an issue is opened in the project's
// meeting. Each threshold fires once per budget period (`time_budget_alerts` remembers it).

/** The Accounts tab opened on the project (its Edit Project dialog). */
export const projectLink = (projectId: string) => `/time-tracking?tab=accounts&project=${projectId}`;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The issue's description: the project, its budget figures now, and a link back to it. */
const issueDescription = (ctx: TenantContext, report: ProjectReport, used: number) => {
  const f = report.figures;
  const shown = (value: number | null) =>
    value === null ? '—' : f.unit === 'money' ? formatMoney(value) : formatMinutes(value);
  const text = timeMessages.timeBudgetIssueText(
    escapeHtml(report.name),
    escapeHtml(report.accountTitle),
    used,
    shown(f.spent),
    shown(f.budget),
    shown(f.remaining),
  );
  const link = escapeHtml(`${ctx.publicUrl}${projectLink(report.id)}`);
  // The address is the link's text too: the issue dialog shows descriptions as plain text.
  return `<p>${text}</p><p>${escapeHtml(timeMessages.timeBudgetIssueLink(report.name))} <a href="${link}">${link}</a></p>`;
};

/** Checks the projects after a write in the same transaction; fires what was newly crossed. */
export const checkBudgetAlerts = async (ctx: TenantContext, projectIds: string[]) => {
  if (projectIds.length === 0) return;
  const now = timeClock.now();
  const { items } = await projectReports(ctx.db, {
    now,
    where: sql`p.tenant_id = ${ctx.tenantId} and p.id = any(${uuidArray(projectIds)}) and p.budget_type <> 'no_budget'`,
    manages: sql`true`,
    limit: projectIds.length,
    offset: 0,
  });
  for (const report of items) {
    const used = report.figures.usedPercent;
    if (used === null) continue;
    const [settings] = await ctx.db
      .select({
        alert: timeProjects.budgetEmailExceeds,
        percent: timeProjects.percentOfBudgetExceed,
        meetingId: timeProjects.meetingId,
      })
      .from(timeProjects)
      .where(eq(timeProjects.id, report.id));
    if (!settings) continue;
    const thresholds = [...new Set([...(settings.alert ? [settings.percent] : []), 100])].filter((t) => used >= t);
    if (thresholds.length === 0) continue;
    const fired = await ctx.db
      .insert(timeBudgetAlerts)
      .values(
        thresholds.map((threshold) => ({
          projectId: report.id,
          tenantId: ctx.tenantId,
          period: periodKey(report.budgetReset, now),
          threshold,
        })),
      )
      .onConflictDoNothing()
      .returning({ threshold: timeBudgetAlerts.threshold });
    // One alert however many thresholds one write crossed: it names the budget used now.
    if (fired.length === 0) continue;
    const issueId = await raiseAlert(ctx, report, used, settings.meetingId);
    if (issueId) {
      await ctx.db
        .update(timeBudgetAlerts)
        .set({ issueId })
        .where(
          and(
            eq(timeBudgetAlerts.projectId, report.id),
            eq(timeBudgetAlerts.period, periodKey(report.budgetReset, now)),
            inArray(
              timeBudgetAlerts.threshold,
              fired.map((f) => f.threshold),
            ),
          ),
        );
    }
  }
};

/** Tells the managers (notification and email) and opens the issue; answers the issue's id. */
const raiseAlert = async (
  ctx: TenantContext,
  report: ProjectReport,
  used: number,
  meetingId: string | null,
): Promise<string | null> => {
  const { id: projectId, name } = report;
  const managers = await ctx.db
    .select({ id: users.id })
    .from(timeProjectMembers)
    .innerJoin(users, eq(users.id, timeProjectMembers.userId))
    .where(and(eq(timeProjectMembers.projectId, projectId), eq(timeProjectMembers.manage, true)));
  // The author of the write is told too: the alert is the system's, not theirs.
  await notify(
    { ...ctx, userId: null },
    managers.map((m) => m.id),
    {
      kind: 'budgetAlert',
      message: () => timeMessages.timeBudgetNotification(name, used),
      link: projectLink(projectId),
      meetingId,
      // The e-mail copy (by each manager's switches, like every notification's) says it in full.
      mail: {
        template: 'budget-alert',
        values: (firstName) => ({
          firstName,
          projectName: name,
          budgetPercent: String(used),
          link: `${ctx.publicUrl}${projectLink(projectId)}`,
        }),
      },
    },
  );
  if (!meetingId) return null;
  // The issue's owner: a manager who is in the meeting, else the meeting's first leader.
  const people = await ctx.db
    .select({ userId: meetingPeople.userId, role: meetingPeople.role })
    .from(meetingPeople)
    .where(eq(meetingPeople.meetingId, meetingId))
    .orderBy(meetingPeople.role, meetingPeople.sort);
  const owner =
    people.find((p) => managers.some((m) => m.id === p.userId))?.userId ??
    people.find((p) => p.role === 'leader')?.userId;
  if (!owner) return null;
  // Opened on the system's behalf: the writer need not be in the meeting to raise it.
  const issue = await createTask(
    { ...ctx, isAdmin: true },
    ZCreateTask.parse({
      title: timeMessages.timeBudgetIssueTitle(name, used),
      description: issueDescription(ctx, report, used),
      type: TASK_TYPE.issue,
      userId: owner,
      meetingIds: [meetingId],
    }),
  );
  return issue.id;
};
