import type { Group } from '../../people/people.schemas.ts';
import type { VaultEntry } from '../vault.schemas.ts';

// The server's rule (decision 088) as the form knows it, so that the question comes before the
// request and not from a refused one (browsers log those). The server still decides: a 409 it
// answers (the groups changed meanwhile) is asked the same way.

export interface LockOutCheck {
  userId: string;
  /** The meeting's leaders and members (ids are enough). */
  meeting: { administrators: { id: string }[]; members: { id: string }[] };
  /** The workspace's groups with their people. */
  groups: Pick<Group, 'id' | 'userIds'>[];
  /** The groups the entry is saved with (none: open to the meeting). */
  groupIds: string[];
  /** The entry as it is, null for a new one. */
  entry: Pick<VaultEntry, 'canReveal'> | null;
}

/** Saving would leave the author unable to reveal the entry, when they could before (or it is new). */
export const savingLocksOut = ({ userId, meeting, groups, groupIds, entry }: LockOutCheck) => {
  if (entry && !entry.canReveal) return false;
  if (meeting.administrators.some((person) => person.id === userId)) return false;
  if (!meeting.members.some((person) => person.id === userId)) return true;
  if (groupIds.length === 0) return false;
  return !groups.some((group) => groupIds.includes(group.id) && group.userIds.includes(userId));
};
