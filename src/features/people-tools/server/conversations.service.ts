import { and, count, desc, eq, like, sql } from 'drizzle-orm';
import { conversationForms, conversations, tasks } from '../../../db/schema/index.ts';
import { pageTotal, windowTotal } from '../../../db/sql.ts';
import type { TenantContext } from '../../../server/context.ts';
import { sanitizePlainText } from '../../../server/sanitize.ts';
import { conflict, notFound } from '../../../shared/errors.ts';
import { statusName, TASK_TYPE, type TaskType } from '../../../shared/tasks.ts';
import { peopleToolsMessages } from '../people-tools.messages.ts';
import type {
  Answers,
  Conversation,
  ConversationSummary,
  CreateConversation,
  Form,
  SaveForm,
} from '../people-tools.schemas.ts';
import { readCoreValues } from './core-values.service.ts';
import { assertPairWrite, auditRead, type PairAccess, pairAccess, publishToPair, type Reader } from './pairs.policy.ts';
import { getPair } from './pairs.service.ts';
import { notifyConversationWaiting } from './people-tools.notify.ts';

// Quarterly and annual conversations (decision 109): each side fills its form alone; neither sees
// the other's until both have submitted, then both see them side by side; a summary both
// acknowledge closes it (changing the summary asks both again).

type ConversationRow = typeof conversations.$inferSelect;

// Written with the table's name: drizzle leaves columns unqualified in a one-table select.
const submitted = (side: 'manager_id' | 'report_id') =>
  sql<boolean>`exists (select 1 from conversation_forms f join one_on_one_pairs p on p.id = "conversations"."pair_id"
    where f.conversation_id = "conversations"."id" and f.user_id = p.${sql.raw(side)} and f.submitted_at is not null)`;

const summaryColumns = {
  row: conversations,
  managerSubmitted: submitted('manager_id'),
  reportSubmitted: submitted('report_id'),
};

const toSummary = (row: {
  row: ConversationRow;
  managerSubmitted: boolean;
  reportSubmitted: boolean;
}): ConversationSummary => ({
  id: row.row.id,
  pairId: row.row.pairId,
  kind: row.row.kind as ConversationSummary['kind'],
  period: row.row.period,
  heldOn: row.row.heldOn,
  managerSubmitted: row.managerSubmitted,
  reportSubmitted: row.reportSubmitted,
  managerAckAt: row.row.managerAckAt?.toISOString() ?? null,
  reportAckAt: row.row.reportAckAt?.toISOString() ?? null,
});

export const listConversations = async (
  ctx: TenantContext,
  pairId: string,
  page: { offset: number; limit: number },
) => {
  await pairAccess(ctx, pairId);
  const where = and(eq(conversations.tenantId, ctx.tenantId), eq(conversations.pairId, pairId));
  const rows = await ctx.db
    .select({ ...summaryColumns, total: windowTotal() })
    .from(conversations)
    .where(where)
    .orderBy(desc(conversations.heldOn), desc(conversations.createdAt))
    .limit(page.limit)
    .offset(page.offset);
  const total = await pageTotal(rows, page.offset, async () =>
    Number((await ctx.db.select({ n: count() }).from(conversations).where(where))[0]?.n ?? 0),
  );
  return { items: rows.map(toSummary), total };
};

export const createConversation = async (ctx: TenantContext, pairId: string, input: CreateConversation) => {
  const access = await pairAccess(ctx, pairId);
  assertPairWrite(access);
  const [row] = await ctx.db
    .insert(conversations)
    .values({ tenantId: ctx.tenantId, pairId, ...input, createdBy: ctx.userId })
    .onConflictDoNothing()
    .returning({ id: conversations.id });
  if (!row) throw conflict(peopleToolsMessages.conversationExists, { period: peopleToolsMessages.conversationExists });
  await notifyConversationWaiting(ctx, access.pair, { id: row.id, kind: input.kind, period: input.period });
  publishToPair(ctx, access.pair, 'peopleTools.conversationChanged', { pairId, conversationId: row.id });
  const [created] = await ctx.db.select(summaryColumns).from(conversations).where(eq(conversations.id, row.id));
  return toSummary(created!);
};

const conversationAccess = async (ctx: TenantContext, id: string) => {
  const [row] = await ctx.db
    .select(summaryColumns)
    .from(conversations)
    .where(and(eq(conversations.tenantId, ctx.tenantId), eq(conversations.id, id)));
  if (!row) throw notFound();
  return { ...(await pairAccess(ctx, row.row.pairId)), conversation: row };
};

const EMPTY: Answers = {
  working: '',
  notWorking: '',
  values: {},
  gwc: { getsIt: null, wantsIt: null, capacity: null },
  goals: {},
};

/** The report's goals of the conversation's quarter (or year), with their outcome: one statement. */
const goalsOf = async (ctx: TenantContext, reportId: string, row: ConversationRow) => {
  const rows = await ctx.db
    .select({ id: tasks.id, title: tasks.title, status: tasks.status })
    .from(tasks)
    .where(
      and(
        eq(tasks.tenantId, ctx.tenantId),
        eq(tasks.userId, reportId),
        eq(tasks.type, TASK_TYPE.goal),
        row.kind === 'annual' ? like(tasks.quarterId, `${row.period}-Q%`) : eq(tasks.quarterId, row.period),
      ),
    )
    .orderBy(tasks.quarterId, tasks.sort, tasks.createdAt)
    .limit(50);
  return rows.map((goal) => ({ ...goal, statusName: statusName(TASK_TYPE.goal as TaskType, goal.status) }));
};

export const getConversation = async (ctx: TenantContext, reader: Reader, id: string): Promise<Conversation> => {
  const access = await conversationAccess(ctx, id);
  await auditRead(ctx, reader, access, 'conversation', id);
  return describe(ctx, access);
};

const describe = async (
  ctx: TenantContext,
  access: PairAccess & { conversation: Awaited<ReturnType<typeof conversationAccess>>['conversation'] },
): Promise<Conversation> => {
  const { conversation, role, contentVisible, pair } = access;
  const [people, forms, coreValues, goals] = await Promise.all([
    getPair(ctx, pair.id),
    ctx.db
      .select({
        userId: conversationForms.userId,
        answers: conversationForms.answers,
        submittedAt: conversationForms.submittedAt,
      })
      .from(conversationForms)
      .where(eq(conversationForms.conversationId, conversation.row.id)),
    readCoreValues(ctx.db, ctx.tenantId, false),
    contentVisible ? goalsOf(ctx, pair.reportId, conversation.row) : Promise.resolve([]),
  ]);
  const formOf = (userId: string): Form | null => {
    const form = forms.find((item) => item.userId === userId);
    return form
      ? {
          userId,
          answers: { ...EMPTY, ...(form.answers as Answers) },
          submittedAt: form.submittedAt?.toISOString() ?? null,
        }
      : null;
  };
  const bothSubmitted = conversation.managerSubmitted && conversation.reportSubmitted;
  const shown = (userId: string) =>
    contentVisible && (bothSubmitted || userId === ctx.userId) ? formOf(userId) : null;
  return {
    ...toSummary(conversation),
    manager: people.manager,
    report: people.report,
    role,
    contentVisible,
    summary: contentVisible ? conversation.row.summary : null,
    myForm: role === 'admin' ? null : formOf(ctx.userId),
    managerForm: shown(pair.managerId),
    reportForm: shown(pair.reportId),
    coreValues,
    goals,
  };
};

/** A side saves its own form (a draft, or submitted: then it no longer changes). */
export const saveForm = async (ctx: TenantContext, reader: Reader, id: string, input: SaveForm) => {
  const access = await conversationAccess(ctx, id);
  assertPairWrite(access);
  const mine = access.role === 'manager' ? access.conversation.managerSubmitted : access.conversation.reportSubmitted;
  if (mine) throw conflict(peopleToolsMessages.formLocked);
  const answers: Answers = {
    ...input.answers,
    working: sanitizePlainText(input.answers.working),
    notWorking: sanitizePlainText(input.answers.notWorking),
    goals: Object.fromEntries(
      Object.entries(input.answers.goals).map(([key, value]) => [key, sanitizePlainText(value)]),
    ),
  };
  const submittedAt = input.submit ? new Date() : null;
  await ctx.db
    .insert(conversationForms)
    .values({ conversationId: id, userId: ctx.userId, tenantId: ctx.tenantId, answers, submittedAt })
    .onConflictDoUpdate({
      target: [conversationForms.conversationId, conversationForms.userId],
      set: { answers, submittedAt, changedAt: new Date() },
    });
  // The other side only learns that a form was submitted, never a draft's content.
  if (input.submit)
    publishToPair(ctx, access.pair, 'peopleTools.conversationChanged', { pairId: access.pair.id, conversationId: id });
  return getConversation(ctx, reader, id);
};

/** Either side writes the summary once both forms are in; a change asks both to acknowledge again. */
export const saveSummary = async (ctx: TenantContext, reader: Reader, id: string, summary: string) => {
  const access = await conversationAccess(ctx, id);
  assertPairWrite(access);
  if (!access.conversation.managerSubmitted || !access.conversation.reportSubmitted)
    throw conflict(peopleToolsMessages.summaryNeedsForms);
  await ctx.db
    .update(conversations)
    .set({ summary: sanitizePlainText(summary), managerAckAt: null, reportAckAt: null })
    .where(eq(conversations.id, id));
  publishToPair(ctx, access.pair, 'peopleTools.conversationChanged', { pairId: access.pair.id, conversationId: id });
  return getConversation(ctx, reader, id);
};

export const acknowledgeSummary = async (ctx: TenantContext, reader: Reader, id: string) => {
  const access = await conversationAccess(ctx, id);
  assertPairWrite(access);
  if (!access.conversation.row.summary.trim()) throw conflict(peopleToolsMessages.summaryEmpty);
  await ctx.db
    .update(conversations)
    .set(access.role === 'manager' ? { managerAckAt: new Date() } : { reportAckAt: new Date() })
    .where(eq(conversations.id, id));
  publishToPair(ctx, access.pair, 'peopleTools.conversationChanged', { pairId: access.pair.id, conversationId: id });
  return getConversation(ctx, reader, id);
};
