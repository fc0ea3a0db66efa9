import { and, asc, count, eq, getTableColumns, sql } from 'drizzle-orm';
import {
  timeAccounts,
  timeEntries,
  timeProjectMembers,
  timeProjects,
  timeProjectTasks,
  users,
} from '../../../db/schema/index.ts';
import { anyOf } from '../../../db/sql.ts';
import type { TenantContext } from '../../../server/context.ts';
import { assertInWorkspace } from '../../../server/tenancy.ts';
import { FEE_BUDGET_TYPES } from '../../../shared/constants.ts';
import { badRequest, conflict, notFound } from '../../../shared/errors.ts';
import { findVisibleMeeting } from '../../meetings/server/meetings.access.ts';
import { timeMessages } from '../time.messages.ts';
import { formatMinutes, moneyText, parseMoney } from '../time.money.ts';
import type {
  Account,
  CreateProject,
  Loggable,
  Project,
  ProjectReportPage,
  ProjectReportQuery,
  SaveAccount,
  UpdateProject,
} from '../time.schemas.ts';
import { accountImageUrl, checkAccountImage } from './account-image.ts';
import { checkBudgetAlerts } from './alerts.service.ts';
import { projectReports } from './budgets.query.ts';
import { assertAdmin, assertManages, findVisibleProject } from './time.access.ts';
import { announceProjects } from './time.audience.ts';

// Accounts and projects (document 3 §3, §5, §7: getAccountProjects, getProjects, saveProject,
// deleteProject, getProjectTasks, getProjectTeams). Rules: decision 049.

const cents = (text: string) => parseMoney(text) ?? 0;

/** Accounts are listed to every member: their changes go to the workspace room. */
const publishAccountChange = (ctx: TenantContext) =>
  ctx.publish({ tenantId: ctx.tenantId, type: 'time.projectsChanged', data: { projectId: null } });

// Accounts

const accountColumns = {
  id: timeAccounts.id,
  title: timeAccounts.title,
  image: accountImageUrl,
  projectCount: sql<number>`(select count(*) from time_projects tp where tp.account_id = time_accounts.id)`.mapWith(
    Number,
  ),
};

/** `GET time/accounts`: the workspace's accounts by title, with how many projects each has. */
export const listAccounts = async (ctx: TenantContext, page: { limit: number; offset: number }) => {
  const rows = await ctx.db
    .select({ ...accountColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(timeAccounts)
    .where(eq(timeAccounts.tenantId, ctx.tenantId))
    .orderBy(asc(timeAccounts.title), asc(timeAccounts.id))
    .limit(page.limit)
    .offset(page.offset);
  return {
    items: rows.map(({ total: _total, ...account }): Account => account),
    total: rows[0]?.total ?? 0,
    offset: page.offset,
  };
};

const findAccount = async (ctx: TenantContext, id: string): Promise<Account> => {
  const [row] = await ctx.db
    .select(accountColumns)
    .from(timeAccounts)
    .where(and(eq(timeAccounts.id, id), eq(timeAccounts.tenantId, ctx.tenantId)));
  if (!row) throw notFound();
  return row;
};

/** The image to store: a new one checked (type read from its bytes), null to remove; undefined keeps it. */
const imageValue = async (image: string | null | undefined) =>
  image ? { image: await checkAccountImage(image) } : image === null ? { image: null } : {};

export const createAccount = async (ctx: TenantContext, input: SaveAccount): Promise<Account> => {
  assertAdmin(ctx);
  const [row] = await ctx.db
    .insert(timeAccounts)
    .values({ tenantId: ctx.tenantId, title: input.title, ...(await imageValue(input.image)), changedBy: ctx.userId })
    .returning({ id: timeAccounts.id });
  publishAccountChange(ctx);
  return findAccount(ctx, row!.id);
};

/** `PUT time/accounts/{id}`: the title, and the image when one is sent (null removes it). */
export const updateAccount = async (ctx: TenantContext, id: string, input: SaveAccount): Promise<Account> => {
  assertAdmin(ctx);
  const [row] = await ctx.db
    .update(timeAccounts)
    .set({ title: input.title, ...(await imageValue(input.image)), changedBy: ctx.userId, changedAt: new Date() })
    .where(and(eq(timeAccounts.id, id), eq(timeAccounts.tenantId, ctx.tenantId)))
    .returning({ id: timeAccounts.id });
  if (!row) throw notFound();
  publishAccountChange(ctx);
  return findAccount(ctx, id);
};

/** An account with projects is refused (409): deleting it would take their logged time with it. */
export const deleteAccount = async (ctx: TenantContext, id: string) => {
  assertAdmin(ctx);
  await assertInWorkspace(ctx.db, ctx.tenantId, { timeAccounts: [id] });
  const [projects] = await ctx.db.select({ n: count() }).from(timeProjects).where(eq(timeProjects.accountId, id));
  if ((projects?.n ?? 0) > 0) throw conflict(timeMessages.timeAccountHasProjects);
  await ctx.db.delete(timeAccounts).where(and(eq(timeAccounts.id, id), eq(timeAccounts.tenantId, ctx.tenantId)));
  publishAccountChange(ctx);
  return true;
};

// Projects

/** `GET time/projects`: the Accounts tab's budget bars, a page of the projects the caller may see. */
export const listProjectReports = async (ctx: TenantContext, query: ProjectReportQuery): Promise<ProjectReportPage> => {
  const conditions = [sql`p.tenant_id = ${ctx.tenantId}`, visibleSql(ctx)];
  if (query.accountId) conditions.push(sql`p.account_id = ${query.accountId}`);
  if (query.type) conditions.push(sql`p.type = ${query.type}`);
  if (query.filter === 'budgeted') conditions.push(sql`p.budget_type <> 'no_budget'`);
  if (query.filter === 'mine') conditions.push(managesSql(ctx));
  const page = await projectReports(ctx.db, {
    where: sql.join(conditions, sql` and `),
    manages: managesSql(ctx),
    limit: query.limit,
    offset: query.offset,
  });
  return { ...page, offset: query.offset };
};

// The rules of time.access.ts on the report query's alias `p`.
const visibleSql = (ctx: TenantContext) =>
  ctx.isAdmin
    ? sql`true`
    : sql`exists (select 1 from time_project_members m where m.tenant_id = ${ctx.tenantId} and m.project_id = p.id
        and m.user_id = ${ctx.userId} and (m.manage or p.show_to_all))`;
const managesSql = (ctx: TenantContext) =>
  ctx.isAdmin
    ? sql`true`
    : sql`exists (select 1 from time_project_members m where m.tenant_id = ${ctx.tenantId} and m.project_id = p.id
        and m.user_id = ${ctx.userId} and m.manage)`;

/** `GET time/projects/loggable`: the projects the caller is on, with their tasks (the entry form). */
export const listLoggable = async (ctx: TenantContext): Promise<Loggable[]> => {
  const rows = await ctx.db
    .select({
      id: timeProjects.id,
      name: timeProjects.name,
      accountId: timeProjects.accountId,
      accountTitle: timeAccounts.title,
      tasks: sql<
        { id: string; title: string }[]
      >`coalesce((select json_agg(json_build_object('id', t.id, 'title', t.title)
        order by t.sort) from ${timeProjectTasks} t where t.project_id = time_projects.id and not t.deleted), '[]')`,
    })
    .from(timeProjectMembers)
    .innerJoin(timeProjects, eq(timeProjects.id, timeProjectMembers.projectId))
    .innerJoin(timeAccounts, eq(timeAccounts.id, timeProjects.accountId))
    .where(and(eq(timeProjectMembers.tenantId, ctx.tenantId), eq(timeProjectMembers.userId, ctx.userId)))
    .orderBy(asc(timeAccounts.title), asc(timeProjects.name));
  return rows;
};

/** `GET time/projects/{id}`: the Edit Project form's values. */
export const getProject = async (ctx: TenantContext, id: string): Promise<Project> => {
  const access = await findVisibleProject(ctx, id);
  const [row] = await ctx.db
    .select({
      ...getTableColumns(timeProjects),
      tasks: sql<Project['tasks']>`coalesce((select json_agg(json_build_object('id', t.id, 'title', t.title,
        'billable', t.billable, 'budget', t.budget::text, 'budgetMinutes', t.budget_minutes, 'hourlyRate', t.hourly_rate::text)
        order by t.sort) from ${timeProjectTasks} t where t.project_id = time_projects.id and not t.deleted), '[]')`,
      teams: sql<Project['teams']>`coalesce((select json_agg(json_build_object('userId', m.user_id,
        'name', trim(u.first_name || ' ' || u.last_name), 'manage', m.manage, 'budgetMinutes', m.budget_minutes,
        'hourlyRate', m.hourly_rate::text) order by u.first_name, u.last_name)
        from ${timeProjectMembers} m join ${users} u on u.id = m.user_id where m.project_id = time_projects.id), '[]')`,
      loggedMinutes:
        sql<number>`(select coalesce(sum(le.minutes), 0) from time_entries le where le.project_id = time_projects.id)`.mapWith(
          Number,
        ),
    })
    .from(timeProjects)
    .where(eq(timeProjects.id, id));
  if (!row) throw notFound();
  return {
    id: row.id,
    accountId: row.accountId,
    name: row.name,
    startDate: row.startDate,
    endDate: row.endDate,
    note: ctx.isAdmin ? row.note : null,
    type: row.type as Project['type'],
    hourlyRate: row.hourlyRate as Project['hourlyRate'],
    projectHoursRate: cents(row.projectHoursRate),
    budgetType: row.budgetType as Project['budgetType'],
    totalProjectFee: cents(row.totalProjectFee),
    totalProjectMinutes: row.totalProjectMinutes,
    fixedFee: cents(row.fixedFee),
    budgetReset: row.budgetReset as Project['budgetReset'],
    budgetProjectExpenses: row.budgetProjectExpenses,
    budgetEmailExceeds: row.budgetEmailExceeds,
    percentOfBudgetExceed: row.percentOfBudgetExceed,
    showToAdmins: row.showToAdmins,
    showToAll: row.showToAll,
    meetingId: row.meetingId,
    // json_build_object sends numerics as text: they become cents here.
    tasks: row.tasks.map((t) => ({ ...t, budget: cents(String(t.budget)), hourlyRate: cents(String(t.hourlyRate)) })),
    teams: row.teams.map((m) => ({ ...m, hourlyRate: cents(String(m.hourlyRate)) })),
    loggedMinutes: row.loggedMinutes,
    canManage: access.canManage,
  };
};

/** The form's rules that zod cannot see (document 3 §5; decision 049). */
const checkProject = (input: CreateProject) => {
  const errors: Record<string, string> = {};
  if (input.tasks.length === 0) errors.tasks = timeMessages.timeAtLeastOne;
  if (input.teams.length === 0) errors.teams = timeMessages.timeAtLeastOne;
  if (new Set(input.teams.map((m) => m.userId)).size !== input.teams.length)
    errors.teams = timeMessages.timeDuplicateMember;
  if (input.startDate && input.endDate && input.endDate < input.startDate)
    errors.endDate = timeMessages.timeEndBeforeStart;
  const feeBudget = FEE_BUDGET_TYPES.includes(input.budgetType);
  if (feeBudget && input.type === 'non_billable') errors.budgetType = timeMessages.timeNonBillableFees;
  else if (feeBudget && input.hourlyRate === 'no_rate') errors.hourlyRate = timeMessages.timeFeeBudgetNeedsRate;
  if (Object.keys(errors).length > 0) throw badRequest(errors);
};

const projectValues = (ctx: TenantContext, input: CreateProject) => ({
  accountId: input.accountId,
  name: input.name,
  startDate: input.startDate ?? null,
  endDate: input.endDate ?? null,
  type: input.type,
  hourlyRate: input.hourlyRate,
  projectHoursRate: moneyText(input.projectHoursRate),
  budgetType: input.budgetType,
  totalProjectFee: moneyText(input.totalProjectFee),
  totalProjectMinutes: input.totalProjectMinutes,
  fixedFee: moneyText(input.fixedFee),
  budgetReset: input.budgetReset,
  budgetProjectExpenses: input.budgetProjectExpenses,
  budgetEmailExceeds: input.budgetEmailExceeds,
  percentOfBudgetExceed: input.percentOfBudgetExceed,
  showToAdmins: input.showToAdmins,
  showToAll: input.showToAll,
  meetingId: input.meetingId ?? null,
  changedBy: ctx.userId,
  changedAt: new Date(),
});

const checkRefs = async (ctx: TenantContext, input: CreateProject) => {
  await assertInWorkspace(ctx.db, ctx.tenantId, {
    timeAccounts: [input.accountId],
    users: input.teams.map((m) => m.userId),
    meetings: [input.meetingId],
  });
  if (input.meetingId) await findVisibleMeeting(ctx, input.meetingId);
};

/** Writes the team: rows not in `teams` go, the others are written as given. */
const writeTeam = async (ctx: TenantContext, projectId: string, teams: CreateProject['teams']) => {
  await ctx.db.delete(timeProjectMembers).where(
    and(
      eq(timeProjectMembers.projectId, projectId),
      sql`not (${anyOf(
        timeProjectMembers.userId,
        teams.map((m) => m.userId),
      )})`,
    ),
  );
  await ctx.db
    .insert(timeProjectMembers)
    .values(
      teams.map((m) => ({
        projectId,
        tenantId: ctx.tenantId,
        userId: m.userId,
        manage: m.manage,
        budgetMinutes: m.budgetMinutes,
        hourlyRate: moneyText(m.hourlyRate),
      })),
    )
    .onConflictDoUpdate({
      target: [timeProjectMembers.projectId, timeProjectMembers.userId],
      set: {
        manage: sql`excluded.manage`,
        budgetMinutes: sql`excluded.budget_minutes`,
        hourlyRate: sql`excluded.hourly_rate`,
      },
    });
};

/**
 * Writes the tasks: named ones (which must be this project's) are updated, new ones added, and
 * those left out are marked deleted — the time logged on them stays (decision 049).
 */
const writeTasks = async (ctx: TenantContext, projectId: string, list: CreateProject['tasks']) => {
  const named = list.flatMap((t) => (t.id ? [t.id] : []));
  if (named.length > 0) {
    const [found] = await ctx.db
      .select({ n: count() })
      .from(timeProjectTasks)
      .where(and(eq(timeProjectTasks.projectId, projectId), anyOf(timeProjectTasks.id, named)));
    if ((found?.n ?? 0) !== new Set(named).size) throw notFound();
  }
  await ctx.db
    .update(timeProjectTasks)
    .set({ deleted: true, changedAt: new Date(), changedBy: ctx.userId })
    .where(
      and(
        eq(timeProjectTasks.projectId, projectId),
        eq(timeProjectTasks.deleted, false),
        named.length > 0 ? sql`not (${anyOf(timeProjectTasks.id, named)})` : sql`true`,
      ),
    );
  await ctx.db
    .insert(timeProjectTasks)
    .values(
      list.map((t, sort) => ({
        ...(t.id ? { id: t.id } : {}),
        tenantId: ctx.tenantId,
        projectId,
        title: t.title,
        billable: t.billable,
        budget: moneyText(t.budget),
        budgetMinutes: t.budgetMinutes,
        hourlyRate: moneyText(t.hourlyRate),
        sort,
        deleted: false,
        changedBy: ctx.userId,
      })),
    )
    .onConflictDoUpdate({
      target: timeProjectTasks.id,
      set: {
        title: sql`excluded.title`,
        billable: sql`excluded.billable`,
        budget: sql`excluded.budget`,
        budgetMinutes: sql`excluded.budget_minutes`,
        hourlyRate: sql`excluded.hourly_rate`,
        sort: sql`excluded.sort`,
        deleted: sql`false`,
        changedAt: sql`now()`,
        changedBy: sql`excluded.changed_by`,
      },
    });
};

/**
 * Re-prices a project's logged time (`rate` and `billable`) from its current settings: only
 * when asked (a type switch re-derives `billable`; a rate change keeps history otherwise).
 */
export const repriceEntries = async (ctx: TenantContext, projectId: string, rates: boolean) => {
  await ctx.db.execute(sql`
    update time_entries e set
      billable = p.type <> 'non_billable' and t.billable,
      rate = case when ${rates} then (case p.hourly_rate
        when 'project' then p.project_hours_rate
        when 'task' then t.hourly_rate
        when 'person' then coalesce((select m.hourly_rate from time_project_members m
          where m.project_id = e.project_id and m.user_id = e.user_id), 0)
        else 0 end) else e.rate end
    from time_projects p, time_project_tasks t
    where e.project_id = ${projectId} and p.id = e.project_id and t.id = e.task_id`);
};

/** `POST time/projects` (saveProject): admins only. */
export const createProject = async (ctx: TenantContext, input: CreateProject) => {
  assertAdmin(ctx);
  checkProject(input);
  await checkRefs(ctx, input);
  const [row] = await ctx.db
    .insert(timeProjects)
    .values({ tenantId: ctx.tenantId, ...projectValues(ctx, input), note: input.note ?? null })
    .returning({ id: timeProjects.id });
  const id = row!.id;
  await writeTasks(ctx, id, input.tasks);
  await writeTeam(ctx, id, input.teams);
  await announceProjects(ctx, [id], 'team');
  return getProject(ctx, id);
};

/** `PUT time/projects/{id}` (saveProject with an id): admins and the project's managers. */
export const updateProject = async (ctx: TenantContext, id: string, input: UpdateProject) => {
  const access = await findVisibleProject(ctx, id);
  assertManages(access);
  checkProject(input);
  await checkRefs(ctx, input);
  const typeChanged = access.type !== input.type;
  if (typeChanged) {
    const [logged] = await ctx.db
      .select({ minutes: sql<number>`coalesce(sum(${timeEntries.minutes}), 0)`.mapWith(Number) })
      .from(timeEntries)
      .where(eq(timeEntries.projectId, id));
    const minutes = logged?.minutes ?? 0;
    if (minutes > 0 && !input.confirmTypeChange) {
      throw conflict(timeMessages.timeTypeChangeWithTime(formatMinutes(minutes)), { type: 'confirm' });
    }
  }
  // Before the team is rewritten: people taken off it hear of it too (their entry form changes).
  await announceProjects(
    ctx,
    [id],
    'team',
    input.teams.map((m) => m.userId),
  );
  await ctx.db
    .update(timeProjects)
    .set({ ...projectValues(ctx, input), ...(ctx.isAdmin ? { note: input.note ?? null } : {}) })
    .where(and(eq(timeProjects.id, id), eq(timeProjects.tenantId, ctx.tenantId)));
  await writeTasks(ctx, id, input.tasks);
  await writeTeam(ctx, id, input.teams);
  if (typeChanged || input.applyRatesToLoggedTime) await repriceEntries(ctx, id, input.applyRatesToLoggedTime);
  await checkBudgetAlerts(ctx, [id]);
  return getProject(ctx, id);
};

/** `DELETE time/projects/{id}`: admins only; its logged time goes with it (the dialog says so). */
export const deleteProject = async (ctx: TenantContext, id: string) => {
  assertAdmin(ctx);
  // Its team is found before the rows go (the events leave only if the deletion commits).
  await announceProjects(ctx, [id], 'team');
  const deleted = await ctx.db
    .delete(timeProjects)
    .where(and(eq(timeProjects.id, id), eq(timeProjects.tenantId, ctx.tenantId)))
    .returning({ id: timeProjects.id });
  if (deleted.length === 0) throw notFound();
  return true;
};
