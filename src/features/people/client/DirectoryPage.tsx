import {
  Avatar,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useSelf } from '../../../client/lib/self.ts';
import { PageNav } from '../../../client/ui/PageNav.tsx';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { Segmented } from '../../../client/ui/Segmented.tsx';
import { ADMIN_FLAG, DIRECTORY_PAGE_SIZE } from '../../../shared/constants.ts';
import { peopleMessages } from '../people.messages.ts';
import type { Contact, DirectoryUser } from '../people.schemas.ts';
import { ContactDetailsDialog, PersonBadges } from './ContactDetailsDialog.tsx';
import { ContactFormDialog } from './ContactFormDialog.tsx';
import { GroupsPanel } from './GroupsPanel.tsx';
import { useDirectory, useGroups } from './people.queries.ts';
import type { DirectorySlots } from './people.slots.ts';

/** One person's row: photo, name (struck through when disabled or deleted), job title, email, groups, badges. */
const PersonRow = ({
  person,
  groupNames,
  onOpen,
}: {
  person: DirectoryUser;
  groupNames: Map<string, string>;
  onOpen: () => void;
}) => {
  const name = `${person.firstName} ${person.lastName}`;
  const gone = person.disabled || person.deleted;
  const groups = person.groupIds
    .map((id) => groupNames.get(id))
    .filter((group): group is string => group !== undefined)
    .sort((a, b) => a.localeCompare(b));
  return (
    <UnstyledButton
      onClick={onOpen}
      aria-label={peopleMessages.openContact(name)}
      className="cadence-row-button"
      display="block"
      w="100%"
    >
      <Paper withBorder p="sm" radius="md" bg={gone ? 'gray.0' : undefined}>
        <Group gap="sm" wrap="nowrap">
          <Avatar src={person.image} name={name} color={gone ? 'gray' : 'initials'} size={40} alt="" />
          <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
            <Group gap={6} wrap="wrap">
              <Text fw={600} td={gone ? 'line-through' : undefined} c={gone ? 'gray.7' : undefined}>
                {name}
              </Text>
              <PersonBadges person={person} />
            </Group>
            <Text size="sm" c="gray.7" truncate>
              {[person.jobTitle, person.deleted ? null : person.email].filter(Boolean).join(' · ')}
            </Text>
          </Stack>
          {groups.length > 0 && (
            <Text size="sm" c="gray.7" ta="right" maw="40%" lineClamp={2}>
              {groups.join(', ')}
            </Text>
          )}
        </Group>
      </Paper>
    </UnstyledButton>
  );
};

const UsersPanel = ({ isAdmin, selfId, slots }: { isAdmin: boolean; selfId: string; slots: DirectorySlots }) => {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [page, setPage] = useState(0);
  const [groupId, setGroupId] = useState<string | null>(null);
  const [status, setStatus] = useState<'active' | 'disabled'>('active');
  const directory = useDirectory({ search: debounced, groupId, status }, page);
  const groups = useGroups();
  const groupNames = new Map((groups.data?.groups ?? []).map((group) => [group.id, group.name]));
  const [openId, setOpenId] = useState<string | null>(null);
  const [form, setForm] = useState<{ contact: Contact | null } | null>(null);
  const pages = Math.max(1, Math.ceil((directory.data?.total ?? 0) / DIRECTORY_PAGE_SIZE));
  return (
    <Stack gap="sm">
      <Group gap="sm" justify="space-between" wrap="wrap">
        <TextInput
          aria-label={peopleMessages.searchContacts}
          placeholder={peopleMessages.searchContacts}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(0);
          }}
          style={{ flex: '1 1 220px', maxWidth: 420 }}
        />
        <Select
          aria-label={peopleMessages.filterByGroup}
          placeholder={peopleMessages.everyGroup}
          data={(groups.data?.groups ?? []).map((group) => ({ value: group.id, label: group.name }))}
          value={groupId}
          onChange={(value) => {
            setGroupId(value);
            setPage(0);
          }}
          clearable
          searchable
          comboboxProps={{ withinPortal: true }}
          style={{ flex: '0 1 200px' }}
        />
        <Segmented
          aria-label={peopleMessages.showPeople}
          data={[
            { value: 'active', label: peopleMessages.activePeople },
            { value: 'disabled', label: peopleMessages.disabledPeople },
          ]}
          value={status}
          onChange={(value) => {
            setStatus(value as 'active' | 'disabled');
            setPage(0);
          }}
        />
        {isAdmin && (
          <Button leftSection={<IconUserPlus size={16} />} onClick={() => setForm({ contact: null })}>
            {peopleMessages.newUser}
          </Button>
        )}
      </Group>
      {directory.isPending ? (
        <SectionLoading />
      ) : directory.isError ? (
        <SectionError
          title={peopleMessages.directoryLoadFailed}
          error={directory.error}
          onRetry={() => void directory.refetch()}
          retrying={directory.isFetching}
        />
      ) : directory.data.users.length === 0 ? (
        <Text c="gray.7" size="sm">
          {status === 'disabled' && !debounced && !groupId
            ? peopleMessages.noDisabledContacts
            : peopleMessages.noContacts}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" aria-label={peopleMessages.allUsers} m={0} p={0} style={{ listStyle: 'none' }}>
          {directory.data.users.map((person) => (
            <li key={person.id} style={{ minWidth: 0 }}>
              <PersonRow person={person} groupNames={groupNames} onOpen={() => setOpenId(person.id)} />
            </li>
          ))}
        </Stack>
      )}
      {pages > 1 && (
        <PageNav
          page={page + 1}
          totalPages={pages}
          onChange={(value) => setPage(value - 1)}
          label={peopleMessages.directoryPages}
        />
      )}
      <ContactDetailsDialog
        userId={form ? null : openId}
        isAdmin={isAdmin}
        selfId={selfId}
        onEdit={(contact) => setForm({ contact })}
        onClose={() => setOpenId(null)}
        seenInVault={slots.seenInVault}
      />
      <ContactFormDialog
        opened={form !== null}
        contact={form?.contact ?? null}
        isAdmin={isAdmin}
        selfId={selfId}
        onClose={() => setForm(null)}
      />
    </Stack>
  );
};

/** /directory: All users and groups (document 3 §2); other features' parts come as slots (client/shell/DirectoryRoute.tsx). */
export const DirectoryPage = ({ slots }: { slots: DirectorySlots }) => {
  const self = useSelf().data;
  const isAdmin = self?.isAdmin === ADMIN_FLAG.yes;
  return (
    <Stack gap="lg" maw={900}>
      <Title order={1} size="h2">
        {peopleMessages.directoryTitle}
      </Title>
      <Tabs defaultValue="users" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="users">{peopleMessages.allUsers}</Tabs.Tab>
          <Tabs.Tab value="groups">{peopleMessages.groupsTab}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="users">
          <UsersPanel isAdmin={isAdmin} selfId={self?.user.id ?? ''} slots={slots} />
        </Tabs.Panel>
        <Tabs.Panel value="groups">
          <GroupsPanel isAdmin={isAdmin} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
};
