import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { meetings, memberships, slackSeenSignatures, users } from '../../../db/schema/index.ts';
import type { TenantContext, TxContext } from '../../../server/context.ts';
import { unauthorized } from '../../../shared/errors.ts';
import { TASK_TYPE } from '../../../shared/tasks.ts';
import { participates } from '../../meetings/server/meetings.access.ts';
import { createTask } from '../../tasks/server/tasks.service.ts';
import { ZCreateTask } from '../../tasks/tasks.schemas.ts';
import { slackMessages } from '../slack.messages.ts';
import type { SlashAnswer, SlashCommand } from '../slack.schemas.ts';
import { slackErrorOf, slackEscape, slackLink } from './slack.api.ts';
import { findInstallation, type SlackDeps } from './slack.install.service.ts';
import { rememberSignature } from './slack.signature.ts';

// `/cadence issue <meeting> <title>` and `/cadence todo <meeting> <title>` (decision 051): the
// Slack user is matched by e-mail (users.info) to an enabled member of the connected workspace,
// the meeting by title among those they may see (the longest title the text starts with, or a
// "quoted" one), and the task made through the tasks service with its usual rules and
// notifications. Every answer is ephemeral: only the person who typed the command sees it.

const answer = (text: string): SlashAnswer => ({ response_type: 'ephemeral', text });

const VERBS: Record<string, typeof TASK_TYPE.issue | typeof TASK_TYPE.todo> = {
  issue: TASK_TYPE.issue,
  todo: TASK_TYPE.todo,
  'to-do': TASK_TYPE.todo,
};

export interface ParsedCommand {
  type: typeof TASK_TYPE.issue | typeof TASK_TYPE.todo;
  /** The text after the verb: the meeting, then the title. */
  rest: string;
  /** Set when the meeting was written in double quotes. */
  quotedMeeting: string | null;
}

/** The verb and what follows it; null for anything else (the answer is then the help). */
export const parseCommand = (text: string): ParsedCommand | null => {
  const [verb = '', ...words] = text.trim().split(/\s+/);
  const type = VERBS[verb.toLowerCase()];
  const rest = words.join(' ');
  if (!type || !rest) return null;
  const quoted = /^[“"]([^”"]+)[”"]\s+(.+)$/s.exec(rest);
  return { type, rest: quoted ? quoted[2]!.trim() : rest, quotedMeeting: quoted ? quoted[1]!.trim() : null };
};

/** The meeting the text names, among those the person may see, and the title that follows it. */
const findMeeting = async (ctx: TenantContext, parsed: ParsedCommand) => {
  const visible = ctx.isAdmin ? undefined : participates(ctx.db, ctx.userId);
  const matches = parsed.quotedMeeting
    ? sql`lower(${meetings.title}) = lower(${parsed.quotedMeeting})`
    : sql`starts_with(lower(${parsed.rest}), lower(${meetings.title}) || ' ')`;
  const [meeting] = await ctx.db
    .select({ id: meetings.id, title: meetings.title })
    .from(meetings)
    .where(and(eq(meetings.tenantId, ctx.tenantId), visible, matches))
    .orderBy(desc(sql`length(${meetings.title})`))
    .limit(1);
  if (!meeting) return null;
  const taskTitle = parsed.quotedMeeting ? parsed.rest : parsed.rest.slice(meeting.title.length).trim();
  return taskTitle ? { id: meeting.id, title: meeting.title, taskTitle } : null;
};

/** The enabled member of the workspace with this e-mail (case-insensitive), if any. */
const memberByEmail = async (db: Db, tenantId: string, email: string) => {
  const [row] = await db
    .select({ userId: users.id, isAdmin: memberships.isAdmin })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .where(
      and(
        sql`lower(${users.email}) = lower(${email})`,
        eq(memberships.tenantId, tenantId),
        eq(memberships.disabled, false),
        isNull(users.deletedAt),
      ),
    );
  return row ?? null;
};

/**
 * Answers a slash command whose signature was checked (`signature`). A replay is refused (401)
 * before Slack is asked anything, and again, for good, in the write's transaction.
 */
export const runSlashCommand = async (
  db: Db,
  deps: SlackDeps,
  signature: string,
  command: SlashCommand,
  inTransaction: <T>(work: (ctx: TxContext) => Promise<T>) => Promise<T>,
): Promise<SlashAnswer> => {
  const [seen] = await db
    .select({ signature: slackSeenSignatures.signature })
    .from(slackSeenSignatures)
    .where(eq(slackSeenSignatures.signature, signature));
  if (seen) throw unauthorized(slackMessages.slackReplay);
  const remembered = (text: string) =>
    inTransaction((ctx) => rememberSignature(ctx.db, signature).then(() => answer(text)));

  const installation = await findInstallation(db, deps.keyring, { teamId: command.teamId });
  if (!installation || !deps.api) return remembered(slackMessages.slackTeamNotConnected);
  const parsed = parseCommand(command.text);
  if (!parsed) return remembered(slackMessages.slackCommandHelp(command.command));
  let email: string | undefined;
  try {
    const info = await deps.api.users.info({ token: installation.token, user: command.userId });
    email = info.user?.profile?.email;
  } catch (error) {
    return remembered(slackMessages.slackProfileUnreadable(slackErrorOf(error)));
  }
  if (!email) return remembered(slackMessages.slackNoEmail);
  const tenantId = installation.tenantId;
  return inTransaction(async (tx) => {
    await rememberSignature(tx.db, signature);
    const member = await memberByEmail(tx.db, tenantId, email);
    if (!member) return answer(slackMessages.slackNoMember(email, installation.teamName));
    const ctx: TenantContext = { ...tx, userId: member.userId, tenantId, isAdmin: member.isAdmin === '1' };
    const meeting = await findMeeting(ctx, parsed);
    if (!meeting) return answer(slackMessages.slackNoMeeting(command.command));
    const input = ZCreateTask.safeParse({
      title: meeting.taskTitle,
      type: parsed.type,
      userId: member.userId,
      meetingIds: [meeting.id],
    });
    if (!input.success) return answer(slackMessages.slackTitleInvalid);
    const task = await createTask(ctx, input.data);
    const kind = parsed.type === TASK_TYPE.issue ? slackMessages.slackIssueWord : slackMessages.slackTodoWord;
    const link = slackLink(`${tx.publicUrl}/home/${task.id}`, slackMessages.slackOpenInCadence);
    return answer(slackMessages.slackTaskCreated(kind, slackEscape(task.title), slackEscape(meeting.title), link));
  });
};
