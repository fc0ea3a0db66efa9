import type { TenantContext } from '../../../server/context.ts';
import { fullName } from '../../../shared/person.ts';
import type { MeetingAccess } from '../../meetings/server/meetings.access.ts';
import type { ImportOptions, ImportPerson } from '../imports.schemas.ts';
import { assignerOf, matchPeople, participantsOf, personKey } from './import-people.ts';

// The owners step the generic CSV kinds of a meeting share (decision 126): the file's owners
// matched by email or name, the importer's mapping applied, the meeting leader for the rest.

/** How many planned rows name each owner ('' for none). */
export const ownerRows = (planned: readonly { owner: string }[]) => {
  const rows = new Map<string, number>();
  for (const item of planned) rows.set(item.owner, (rows.get(item.owner) ?? 0) + 1);
  return rows;
};

/** The people step for the owners the planned rows name (`rowsOf`: owner → rows, as ownerRows counts them). */
export const csvOwners = async (
  ctx: TenantContext,
  options: ImportOptions,
  meeting: MeetingAccess,
  rowsOf: ReadonlyMap<string, number>,
) => {
  const sources = [...rowsOf.keys()].filter(Boolean);
  const matched = await matchPeople(ctx, sources);
  const candidates = await participantsOf(ctx, meeting);
  const assignedOf = assignerOf(options, matched, candidates, meeting);
  const fallbackOwner = meeting.leaderIds[0] ?? ctx.userId;
  const people: ImportPerson[] = sources.map((source) => ({
    source,
    rows: rowsOf.get(source) ?? 0,
    matched: matched.get(personKey(source)) ?? null,
    assigned: assignedOf(source),
  }));
  const ownerOf = (source: string) => (source ? assignedOf(source)?.id : undefined) ?? fallbackOwner;
  const names = new Map(candidates.map((person) => [person.id, fullName(person)]));
  const ownerName = (source: string) => names.get(ownerOf(source)) ?? '';
  return { people, candidates, ownerOf, ownerName };
};
