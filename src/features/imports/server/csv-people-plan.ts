import { and, eq, inArray, sql } from 'drizzle-orm';
import { memberships, users } from '../../../db/schema/index.ts';
import { assertWorkspaceAdmin } from '../../../server/guards.ts';
import { badRequest } from '../../../shared/errors.ts';
import { findVisibleMeeting } from '../../meetings/server/meetings.access.ts';
import { importsMessages } from '../imports.messages.ts';
import { IMPORT_INVITES_MAX, type RowError } from '../imports.schemas.ts';
import { eachMappedRow } from './csv-columns.ts';
import { neutralise } from './csv-reader.ts';
import { type Invitee, inviteAll, validEmail, withdrawInvites } from './import-invites.ts';
import type { ImportPlanner } from './planners.ts';
import { itemsPreview } from './planners.ts';

// People from any CSV (decision 126): each email not in the workspace is invited through the
// workspaces feature's add-user; members already there (disabled ones too) are matched and
// skipped. Whether an address has an account elsewhere is not shown before the import
// (decision 022): the preview says "invite" for both.

const NAME_MAX = 100;
const ROLES: Record<string, boolean> = { '': false, member: false, user: false, admin: true, administrator: true };

interface PlannedPerson extends Invitee {
  row: number;
  action: 'create' | 'skip';
}

export const csvPeoplePlanner: ImportPlanner = {
  plan: async (ctx, options, file) => {
    assertWorkspaceAdmin(ctx);
    // The meeting is not written to; it is checked like every import's (another workspace's is a 404).
    const meeting = await findVisibleMeeting(ctx, options.meetingId);
    const errors: RowError[] = [];
    const notes: RowError[] = [];
    const planned: PlannedPerson[] = [];
    const seen = new Map<string, number>();
    const rows = await eachMappedRow(options, file, ({ row, cells }, { cellOf }) => {
      const reasons: string[] = [];
      const email = cellOf(cells, 'email').toLowerCase();
      if (!validEmail(email)) reasons.push(importsMessages.rowEmailInvalid(neutralise(email).text));
      const first = neutralise(cellOf(cells, 'firstName'));
      const last = neutralise(cellOf(cells, 'lastName'));
      if (first.changed || last.changed) notes.push({ row, reason: importsMessages.noteFormula });
      if (first.text.length > NAME_MAX || last.text.length > NAME_MAX)
        reasons.push(importsMessages.rowNameTooLong(NAME_MAX));
      const roleText = cellOf(cells, 'role').toLowerCase();
      const admin = Object.hasOwn(ROLES, roleText) ? ROLES[roleText] : undefined;
      if (admin === undefined) reasons.push(importsMessages.rowRoleInvalid(neutralise(roleText).text));
      const earlier = email === '' ? undefined : seen.get(email);
      if (earlier !== undefined) reasons.push(importsMessages.rowEmailDuplicate(earlier));
      else if (email !== '') seen.set(email, row);
      if (reasons.length > 0) {
        for (const reason of reasons) errors.push({ row, reason });
        return;
      }
      planned.push({ row, email, firstName: first.text, lastName: last.text, admin, action: 'create' });
    });
    const emails = planned.map((p) => p.email);
    const members =
      emails.length === 0
        ? []
        : await ctx.db
            .select({ email: sql<string>`lower(${users.email})` })
            .from(users)
            .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.tenantId, ctx.tenantId)))
            .where(inArray(sql`lower(${users.email})`, emails));
    const memberEmails = new Set(members.map((m) => m.email));
    for (const person of planned) {
      if (!memberEmails.has(person.email)) continue;
      person.action = 'skip';
      notes.push({ row: person.row, reason: importsMessages.noteAlreadyMember(person.email) });
    }
    const creating = planned.filter((p) => p.action === 'create');
    if (creating.length > IMPORT_INVITES_MAX)
      throw badRequest(
        { file: importsMessages.tooManyInvites(IMPORT_INVITES_MAX) },
        importsMessages.tooManyInvites(IMPORT_INVITES_MAX),
      );
    if (creating.some((p) => p.admin)) notes.unshift({ row: 1, reason: importsMessages.noteInvitedNotAdmin });
    return {
      meetingId: meeting.id,
      errorCount: errors.length,
      writesSomething: creating.length > 0,
      preview: {
        ...itemsPreview(options, file, rows, planned, { errors, notes, people: [], candidates: [] }, (person) => ({
          row: person.row,
          title: person.email,
          owner: [person.firstName, person.lastName].filter(Boolean).join(' '),
          goal: null,
          target: null,
          type: null,
          group: person.admin ? 'admin' : 'member',
          values: 0,
          action: person.action,
        })),
        invites: creating.length,
      },
      write: async () => {
        const created = await inviteAll(ctx, creating);
        const n = (entity: string) => created.filter(([e]) => e === entity).length;
        const counts: Record<string, number> = {};
        if (n('invitation') > 0) counts.invitations = n('invitation');
        if (n('account') > 0) counts.accounts = n('account');
        return { created, counts };
      },
    };
  },
  undo: (ctx, items) => withdrawInvites(ctx, items),
};
