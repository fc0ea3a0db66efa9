import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { invitations, memberships, scores, taskMeetings, tasks, users } from '../src/db/schema/index.ts';

// Files and look-ups of the generic CSV import tests (src/features/imports/server/csv-*.test.ts).
// The files are built here, with the test people's real addresses where a row must match.

export const csv = (lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`);

/** To-dos with the headers another tool might write: Task, Notes, Assignee, Due, Done. */
export const todosFile = (benEmail: string) =>
  csv([
    'Task,Notes,Assignee,Due,Done',
    'Call the bank,Ask about the loan,Ada Person,13/04/2026,no',
    `Send invoices,,${benEmail},01/05/2026,yes`,
    ',A row without a title,,,',
    'Book the venue,,new.person@example.test,31/02/2026,',
    '"=HYPERLINK(""http://evil.test"",""x"")",,,,',
    'Plan the offsite,,Carla Unknown,2026-06-30,open',
    'Call the bank,Twice,,,',
  ]);

export const TODOS_MAPPING = { title: 'Task', description: 'Notes', owner: 'Assignee', dueDate: 'Due', status: 'Done' };

/** The meeting's cards of a type, by title, as the database holds them. */
export const cardsOf = async (app: FastifyInstance, meetingId: string, type: string) =>
  app.database.db
    .select({
      id: tasks.id,
      title: tasks.title,
      status: tasks.status,
      dueDate: tasks.dueDate,
      userId: tasks.userId,
      description: tasks.description,
    })
    .from(tasks)
    .innerJoin(taskMeetings, eq(taskMeetings.taskId, tasks.id))
    .where(and(eq(taskMeetings.meetingId, meetingId), eq(tasks.type, type)))
    .orderBy(tasks.title);

export const scoresOf = async (app: FastifyInstance, meetingId: string) =>
  app.database.db
    .select({
      title: scores.title,
      goal: scores.goal,
      score: scores.score,
      type: scores.type,
      units: scores.units,
      frequency: scores.frequency,
      userId: scores.userId,
    })
    .from(scores)
    .where(eq(scores.meetingId, meetingId))
    .orderBy(scores.title);

/** Whether each address is a member of the workspace, and its open invitations there. */
export const standingOf = async (app: FastifyInstance, tenantId: string, emails: string[]) => {
  const db = app.database.db;
  const people = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
  const ids = people.map((p) => p.id);
  const members =
    ids.length === 0
      ? []
      : await db
          .select({ userId: memberships.userId, isAdmin: memberships.isAdmin })
          .from(memberships)
          .where(and(eq(memberships.tenantId, tenantId), inArray(memberships.userId, ids)));
  const invited =
    ids.length === 0
      ? []
      : await db
          .select({ userId: invitations.userId })
          .from(invitations)
          .where(and(eq(invitations.tenantId, tenantId), inArray(invitations.userId, ids)));
  return Object.fromEntries(
    emails.map((email) => {
      const id = people.find((p) => p.email === email)?.id;
      const member = members.find((m) => m.userId === id);
      return [
        email,
        {
          account: id !== undefined,
          member: member ? (member.isAdmin === '1' ? 'admin' : 'member') : null,
          invited: invited.some((i) => i.userId === id),
        },
      ];
    }),
  );
};
