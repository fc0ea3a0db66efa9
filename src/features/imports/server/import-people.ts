import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { memberships, users } from '../../../db/schema/index.ts';
import type { TenantContext } from '../../../server/context.ts';
import { personSummary, personSummaryColumns } from '../../../server/people.ts';
import { assertInWorkspace } from '../../../server/tenancy.ts';
import { badRequest } from '../../../shared/errors.ts';
import type { PersonSummary } from '../../../shared/person.ts';
import { isParticipant, type MeetingAccess } from '../../meetings/server/meetings.access.ts';
import { importsMessages } from '../imports.messages.ts';
import { type ImportOptions, INVITE } from '../imports.schemas.ts';

// The people step every import shares: the names and emails a file gives, matched to the
// workspace's people, and the mapping the importer sent for those not found.

export const emailLike = (text: string) => text.includes('@');

/** How a name or email is looked up: emails lower-cased, names lower-cased with single spaces. */
export const personKey = (source: string) =>
  emailLike(source) ? source.trim().toLowerCase() : source.trim().toLowerCase().replace(/\s+/g, ' ');

/** The workspace's people named in the file, by `personKey` of their email or full name; one statement. */
export const matchPeople = async (ctx: TenantContext, sources: string[]) => {
  const emails = sources.filter(emailLike).map(personKey);
  const names = sources.filter((s) => !emailLike(s)).map(personKey);
  const found = new Map<string, PersonSummary | null>();
  if (sources.length === 0) return found;
  const name = sql<string>`lower(${users.firstName} || ' ' || ${users.lastName})`;
  const rows = await ctx.db
    .select({ ...personSummaryColumns, email: users.email, name })
    .from(users)
    .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.tenantId, ctx.tenantId)))
    .where(
      and(
        eq(memberships.disabled, false),
        isNull(users.deletedAt),
        or(
          emails.length > 0 ? inArray(sql`lower(${users.email})`, emails) : sql`false`,
          names.length > 0 ? inArray(name, names) : sql`false`,
        ),
      ),
    );
  for (const row of rows) {
    const person = personSummary(row);
    found.set(row.email.toLowerCase(), person);
    // Two people with the same name: neither is a match, the importer picks.
    found.set(row.name, found.has(row.name) ? null : person);
  }
  return found;
};

/** The meeting's leaders and members, by name: who may own what an import makes in it. */
export const participantsOf = async (ctx: TenantContext, meeting: MeetingAccess) => {
  const ids = [...meeting.leaderIds, ...meeting.memberIds];
  if (ids.length === 0) return [];
  const rows = await ctx.db
    .select(personSummaryColumns)
    .from(users)
    .where(inArray(users.id, ids))
    .orderBy(asc(users.firstName), asc(users.lastName));
  return rows.map(personSummary);
};

/** Checks the people the importer mapped: members of the workspace (404 otherwise) and of the meeting (400). */
export const checkMapping = async (ctx: TenantContext, meeting: MeetingAccess, people: ImportOptions['people']) => {
  // "invite" is not an id: import-invites.ts checks those.
  const ids = Object.values(people).filter((id): id is string => id !== null && id !== INVITE);
  if (ids.length === 0) return;
  await assertInWorkspace(ctx.db, ctx.tenantId, { users: ids });
  if (ids.some((id) => !isParticipant(id, meeting))) {
    throw badRequest({ people: importsMessages.personNotInMeeting }, importsMessages.personNotInMeeting);
  }
};

/**
 * Who a source (a name or email of the file) becomes: the person the importer mapped it to (or
 * nobody, when mapped to null), else the workspace's match when they are in the meeting.
 */
export const assignerOf =
  (
    options: ImportOptions,
    matched: Map<string, PersonSummary | null>,
    candidates: PersonSummary[],
    meeting: MeetingAccess,
  ) =>
  (source: string): PersonSummary | null => {
    if (source in options.people) {
      const id = options.people[source];
      return candidates.find((person) => person.id === id) ?? null;
    }
    const found = matched.get(personKey(source));
    return found && isParticipant(found.id, meeting) ? found : null;
  };
