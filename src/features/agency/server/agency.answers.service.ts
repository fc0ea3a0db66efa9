import { and, eq, sql } from 'drizzle-orm';
import { agencyAnswers, agencyColumns, agencyItems, agencyQuestions, users } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { sanitizePlainText } from '../../../server/sanitize.ts';
import { badRequest, conflict, notFound } from '../../../shared/errors.ts';
import { agencyMessages } from '../agency.messages.ts';
import type { AgencyAnswer, SaveAnswer } from '../agency.schemas.ts';
import { assertEditableColumn } from './agency.policy.ts';
import { hiddenIn, personName, visibleTo } from './agency.sql.ts';

// saveAnswer and answer removal (document 3 §7; decision 052): the workspace's answers, one slot
// of a question at a time, plain text within the question's length, never in a 'noneditable'
// column or in hidden content; each change goes to the workspace with who and when.

/** The question an answer goes to, with its column and whether anything above it is hidden. */
const answerTarget = async (ctx: TenantContext, questionId: string) => {
  const [row] = await ctx.db
    .select({
      numOfAnswers: agencyQuestions.numOfAnswers,
      maxLength: agencyQuestions.maxLength,
      columnId: agencyColumns.id,
      columnType: agencyColumns.columnType,
      itemId: agencyColumns.itemId,
      hidden: sql<boolean>`${hiddenIn('questions', agencyQuestions, ctx.tenantId)}
        or ${hiddenIn('columns', agencyColumns, ctx.tenantId)}
        or ${hiddenIn('items', agencyItems, ctx.tenantId)}
        or ${hiddenIn('categories', agencyItems, ctx.tenantId, 'category_id')}`,
      me: sql<string>`(select ${personName(users.firstName, users.lastName)} from ${users} where ${users.id} = ${ctx.userId})`,
    })
    .from(agencyQuestions)
    .innerJoin(agencyColumns, eq(agencyColumns.id, agencyQuestions.columnId))
    .innerJoin(agencyItems, eq(agencyItems.id, agencyColumns.itemId))
    .where(
      and(
        eq(agencyQuestions.id, questionId),
        visibleTo(agencyQuestions, ctx.tenantId),
        visibleTo(agencyColumns, ctx.tenantId),
        visibleTo(agencyItems, ctx.tenantId),
      ),
    );
  // Hidden content takes no answers: it is not shown to members.
  if (!row || row.hidden) throw notFound();
  assertEditableColumn(row.columnType);
  return row;
};

const assertPosition = (position: number, numOfAnswers: number) => {
  if (position >= numOfAnswers)
    throw badRequest(
      { position: agencyMessages.agencyTooManyAnswers(numOfAnswers) },
      agencyMessages.agencyTooManyAnswers(numOfAnswers),
    );
};

/** saveAnswer: the workspace's answer in one slot of a question (plain text, within its length). */
export const saveAnswer = async (
  ctx: TenantContext,
  questionId: string,
  position: number,
  input: SaveAnswer,
): Promise<AgencyAnswer> => {
  const target = await answerTarget(ctx, questionId);
  assertPosition(position, target.numOfAnswers);
  const answer = sanitizePlainText(input.answer);
  if (answer.length > target.maxLength)
    throw badRequest(
      { answer: agencyMessages.agencyAnswerTooLong(target.maxLength) },
      agencyMessages.agencyAnswerTooLong(target.maxLength),
    );
  const now = new Date();
  // Typed over a version someone has since replaced: the write happens only where the slot is
  // still that version (or already holds this very text), in the same statement.
  const base = input.baseChangedAt === undefined ? undefined : input.baseChangedAt && new Date(input.baseChangedAt);
  const written = await ctx.db
    .insert(agencyAnswers)
    .values({ tenantId: ctx.tenantId, questionId, position, answer, changedAt: now, changedBy: ctx.userId })
    .onConflictDoUpdate({
      target: [agencyAnswers.tenantId, agencyAnswers.questionId, agencyAnswers.position],
      set: { answer, changedAt: now, changedBy: ctx.userId },
      ...(base === undefined
        ? {}
        : {
            setWhere: sql`${agencyAnswers.changedAt} is not distinct from ${base} or ${agencyAnswers.answer} = ${answer}`,
          }),
    })
    .returning({ position: agencyAnswers.position });
  if (written.length === 0) {
    const [other] = await ctx.db
      .select({ name: personName(users.firstName, users.lastName) })
      .from(agencyAnswers)
      .leftJoin(users, eq(users.id, agencyAnswers.changedBy))
      .where(
        and(
          eq(agencyAnswers.tenantId, ctx.tenantId),
          eq(agencyAnswers.questionId, questionId),
          eq(agencyAnswers.position, position),
        ),
      );
    throw conflict(agencyMessages.agencyAnswerChangedMeanwhile(other?.name ?? ''));
  }
  const saved: AgencyAnswer = {
    position,
    answer,
    changedAt: now.toISOString(),
    changedBy: { id: ctx.userId, name: target.me },
  };
  ctx.publish({
    tenantId: ctx.tenantId,
    type: 'agency.answer',
    data: { itemId: target.itemId, columnId: target.columnId, questionId, ...saved },
  });
  return saved;
};

const SLOT_SHIFT = 1000;

/** Removes an answer slot; the later answers move up by one (Add answer questions). */
export const removeAnswer = async (ctx: TenantContext, questionId: string, position: number): Promise<boolean> => {
  const target = await answerTarget(ctx, questionId);
  assertPosition(position, target.numOfAnswers);
  const mine = and(eq(agencyAnswers.tenantId, ctx.tenantId), eq(agencyAnswers.questionId, questionId));
  await ctx.db.delete(agencyAnswers).where(and(mine, eq(agencyAnswers.position, position)));
  // Two steps keep the unique slots unique while they move (slots are below SLOT_SHIFT).
  await ctx.db
    .update(agencyAnswers)
    .set({ position: sql`${agencyAnswers.position} + ${SLOT_SHIFT}` })
    .where(and(mine, sql`${agencyAnswers.position} > ${position}`));
  await ctx.db
    .update(agencyAnswers)
    .set({ position: sql`${agencyAnswers.position} - ${SLOT_SHIFT + 1}` })
    .where(and(mine, sql`${agencyAnswers.position} >= ${SLOT_SHIFT}`));
  ctx.publish({
    tenantId: ctx.tenantId,
    type: 'agency.answer',
    data: {
      itemId: target.itemId,
      columnId: target.columnId,
      questionId,
      position,
      answer: null,
      changedAt: new Date().toISOString(),
      changedBy: { id: ctx.userId, name: target.me },
    },
  });
  return true;
};
