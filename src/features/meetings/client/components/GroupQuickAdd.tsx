import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../../client/lib/api.ts';
import { meetingsMessages } from '../../meetings.messages.ts';

interface GroupSummary {
  id: string;
  name: string;
  userIds: string[];
}

/**
 * Adds all of a group's people to a list of members at once (document 3 §2: groups as a quick
 * way to fill a meeting). Only people in `allowed` (the workspace's enabled people) are added.
 * Reads GET /groups itself, so meetings need not import the people area.
 */
export const GroupQuickAdd = ({
  allowed,
  onAdd,
  disabled = false,
}: {
  allowed: ReadonlySet<string>;
  onAdd: (userIds: string[]) => void;
  disabled?: boolean;
}) => {
  const [value, setValue] = useState<string | null>(null);
  const groups = useQuery({
    queryKey: ['people', 'groups', 'quick-add'] as const,
    queryFn: ({ signal }) =>
      api.get<{ groups: GroupSummary[] }>('/groups?limit=200', { signal, silent: true }).then((page) => page.groups),
  });
  if (!groups.data?.length) return null;
  return (
    <Select
      label={meetingsMessages.addGroupPeople}
      placeholder={meetingsMessages.chooseGroup}
      data={groups.data.map((group) => ({ value: group.id, label: group.name }))}
      value={value}
      onChange={(groupId) => {
        const group = groups.data.find((g) => g.id === groupId);
        if (group) onAdd(group.userIds.filter((id) => allowed.has(id)));
        // The choice is an action, not a value to keep.
        setValue(null);
      }}
      disabled={disabled}
      searchable
      clearable
      comboboxProps={{ withinPortal: true }}
    />
  );
};
